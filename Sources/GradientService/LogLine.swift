/// One access-log line built directly as UTF-8 bytes: the log's hot path appends a request's fields without any
/// intermediate `String`.
struct LogLine {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// A line appended to the end of `bytes` (pass a uniquely referenced array to avoid copying it).
    init(continuing bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// A non-negative or negative decimal integer.
    mutating func append(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            append(UInt(value.magnitude))
        } else {
            append(UInt(value))
        }
    }

    private mutating func append(_ value: UInt) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        append(value / 10)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// A duration in milliseconds with three decimals, e.g. `0.127`.
    mutating func appendMilliseconds(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds) * 1_000_000 + max(0, attoseconds) / 1_000_000_000_000
        append(Int(microseconds / 1000))
        bytes.append(UInt8(ascii: "."))
        let fraction = Int(microseconds % 1000)
        if fraction < 100 { bytes.append(UInt8(ascii: "0")) }
        if fraction < 10 { bytes.append(UInt8(ascii: "0")) }
        append(fraction)
    }

    /// `text` with bytes outside printable ASCII, spaces and backslashes escaped as `\xNN`.
    mutating func appendEscapedForText(_ text: String) {
        let needsNoEscape = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }
        }
        if needsNoEscape == true {
            bytes.append(contentsOf: text.utf8)
            return
        }
        for byte in text.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "x"), JSONText.hexDigits[Int(byte >> 4)],
                    JSONText.hexDigits[Int(byte & 0xF)],
                ])
            }
        }
    }

    /// `text` as a JSON string literal, quotes included (``JSONText/appendQuoted(_:to:)``).
    mutating func appendJSONQuoted(_ text: String) {
        JSONText.appendQuoted(text, to: &bytes)
    }
}
