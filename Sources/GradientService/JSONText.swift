/// Writing JSON string literals.
enum JSONText {
    /// `text` as a JSON string literal with its quotes: `"` and `\` escaped, control characters as `\n`, `\t` … or
    /// `\u00XX`, U+2028/U+2029 as `\u2028`/`\u2029` (safe inside script), everything else kept as UTF-8.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``quoted(_:)`` of `text` to `bytes` as UTF-8, without building a `String`.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + text.utf8.count + 2)
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case "\\": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case "\n": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case "\r": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case "\t": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case "\u{08}": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case "\u{0C}": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case "\u{2028}": bytes += Array("\\u2028".utf8)
            case "\u{2029}": bytes += Array("\\u2029".utf8)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    bytes +=
                        Array("\\u00".utf8) + [hexDigits[Int(scalar.value >> 4)], hexDigits[Int(scalar.value & 0xF)]]
                } else {
                    bytes += Array(String(scalar).utf8)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Lower-case hexadecimal digits as ASCII bytes.
    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
