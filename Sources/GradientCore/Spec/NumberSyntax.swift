/// Parsing of CSS-style numbers, units and integers from parameter text, over UTF-8 bytes.
enum NumberSyntax {
    /// The largest magnitude any number in a request may have: far beyond every meaningful length, angle or
    /// position, and small enough that no arithmetic on it overflows. Larger numbers are invalid values.
    static let maximumMagnitude = 1e9

    /// The index just past the CSS `<number>` starting at `index` of `bytes`
    /// (`[+-]? (d+ (. d+)? | . d+) ([eE] [+-]? d+)?`), or nil when none starts there. The one number grammar of
    /// the project: parameters, colours and CSS gradients all use it.
    static func numberEnd(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        func byte(at position: Int) -> UInt8? { position >= 0 && position < bytes.count ? bytes[position] : nil }
        var i = index
        if let b = byte(at: i), b == UInt8(ascii: "+") || b == UInt8(ascii: "-") { i += 1 }
        var hasDigits = false
        while let b = byte(at: i), isDigit(b) {
            i += 1
            hasDigits = true
        }
        if byte(at: i) == UInt8(ascii: "."), let next = byte(at: i + 1), isDigit(next) {
            i += 1
            while let b = byte(at: i), isDigit(b) { i += 1 }
            hasDigits = true
        }
        guard hasDigits else { return nil }
        if let e = byte(at: i), e | 0x20 == UInt8(ascii: "e") {
            var j = i + 1
            if let sign = byte(at: j), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { j += 1 }
            if let digit = byte(at: j), isDigit(digit) {
                while let b = byte(at: j), isDigit(b) { j += 1 }
                i = j
            }
        }
        return i
    }

    /// Splits `text` into a CSS number of magnitude at most ``maximumMagnitude`` and the unit text after it
    /// (possibly empty), or nil.
    static func numberAndUnit(_ text: Substring) -> (value: Double, unit: Substring)? {
        let bytes = Array(text.utf8)
        guard let length = bytes.withUnsafeBufferPointer({ numberEnd(in: $0, from: 0) }) else { return nil }
        let split = text.utf8.index(text.utf8.startIndex, offsetBy: length)
        guard let value = Double(Substring(text.utf8[text.utf8.startIndex..<split])),
            value.magnitude <= maximumMagnitude
        else {
            return nil
        }
        return (value, Substring(text.utf8[split...]))
    }

    /// A finite CSS number filling all of `text`, or nil.
    static func number(_ text: Substring) -> Double? {
        guard let (value, unit) = numberAndUnit(text), unit.isEmpty else { return nil }
        return value
    }

    /// A decimal integer of at most `maxDigits` digits filling all of `text` (no sign, no exponent), or nil.
    /// Never overflows: longer inputs are refused before any arithmetic.
    static func integer(_ text: Substring, maxDigits: Int = 9) -> Int? {
        guard !text.isEmpty, text.utf8.count <= maxDigits else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        }
        return value
    }

    /// An angle in degrees: a number (degrees) or a number with `deg`, `rad`, `grad` or `turn`.
    static func angleDegrees(_ text: Substring) -> Double? {
        guard let (value, unit) = numberAndUnit(text) else { return nil }
        let name = unit.lowercased()
        return name.isEmpty ? value : degrees(value, unit: name)
    }

    /// `value` in the lower-cased angle unit `unit` (`deg`, `rad`, `grad` or `turn`) as degrees, or nil for any
    /// other unit.
    static func degrees(_ value: Double, unit: String) -> Double? {
        switch unit {
        case "deg": return value
        case "grad": return value * 0.9
        case "turn": return value * 360
        case "rad": return value * (180 / Double.pi)
        default: return nil
        }
    }

    /// `value` in the lower-cased absolute length unit `unit` (`px`, `in`, `cm`, `mm`, `q`, `pt`, `pc`) as CSS
    /// pixels, or nil for any other unit (relative units such as `em` or `vw` have no meaning here).
    static func cssPixels(_ value: Double, unit: String) -> Double? {
        switch unit {
        case "px": return value
        case "in": return value * 96
        case "cm": return value * (96 / 2.54)
        case "mm": return value * (96 / 25.4)
        case "q": return value * (96 / 101.6)
        case "pt": return value * (4.0 / 3.0)
        case "pc": return value * 16
        default: return nil
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
