/// A CSS value token inside a colour function.
struct ColorToken {
    enum Value {
        case number(Double)
        case percentage(Double)
        /// A number with a unit, which is stored lower-cased.
        case dimension(Double, unit: String)
        /// The keyword `none`.
        case none
    }

    var value: Value
    /// Byte offset of the token's first byte.
    var offset: Int
}

/// Parses CSS colours over UTF-8 bytes.
///
/// Offsets in errors are indices into `bytes`. The parser never reads outside `bytes` and never traps on input.
struct ColorParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let allowsBareHex: Bool
    /// The channel keywords of the relative colour being read (`r`, `g`, `b`, `alpha` for `rgb(from …)`, …), with
    /// their values in the units the function takes as numbers; empty outside relative colours.
    var channelKeywords: [String: Double] = [:]
    /// How many colours and `calc()` parentheses enclose the current position, bounded by ``maximumNesting``.
    var nesting = 0
    /// The deepest nesting of colours in colours (`color-mix()`, relative colours, `light-dark()`) and of
    /// parentheses in `calc()` that is accepted, so that hostile input cannot exhaust the stack.
    static let maximumNesting = 32

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int, allowsBareHex: Bool) {
        self.bytes = bytes
        self.position = min(max(position, 0), bytes.count)
        self.allowsBareHex = allowsBareHex
    }

    // MARK: Bytes

    var peek: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    func byte(at index: Int) -> UInt8? {
        index >= 0 && index < bytes.count ? bytes[index] : nil
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func isHexDigit(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }

    /// Bytes that may continue a CSS identifier or hash token (escapes aside).
    static func isNameByte(_ b: UInt8) -> Bool {
        isLetter(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b >= 0x80
    }

    static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    /// Whether an identifier starts at `index` (a letter, `_`, non-ASCII, or `-` followed by one of those or `-`).
    func startsIdentifier(at index: Int) -> Bool {
        guard let b = byte(at: index) else { return false }
        if Self.isLetter(b) || b == UInt8(ascii: "_") || b >= 0x80 { return true }
        guard b == UInt8(ascii: "-"), let next = byte(at: index + 1) else { return false }
        return Self.isLetter(next) || next == UInt8(ascii: "_") || next == UInt8(ascii: "-") || next >= 0x80
    }

    /// Lower-cased ASCII copy of `bytes[range]`.
    func lowercased(_ range: Range<Int>) -> [UInt8] {
        range.map { index in
            let b = bytes[index]
            return b >= 0x41 && b <= 0x5A ? b | 0x20 : b
        }
    }

    /// `bytes[range]` as text for a message, shortened when long.
    func quoted(_ range: Range<Int>) -> String {
        "\"" + plainText(range) + "\""
    }

    /// `bytes[range]` decoded for a message (invalid UTF-8 replaced), shortened when long.
    func plainText(_ range: Range<Int>) -> String {
        let limit = 32
        let shown = range.count > limit ? range.lowerBound..<(range.lowerBound + limit) : range
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[shown]), as: UTF8.self)
        return text + (range.count > limit ? "…" : "")
    }

    /// A description of the byte at `index` for "unexpected …" messages.
    func describeByte(at index: Int) -> String {
        guard let b = byte(at: index) else { return "end of text" }
        if b >= 0x21 && b <= 0x7E { return "'" + String(UnicodeScalar(b)) + "'" }
        if Self.isWhitespace(b) { return "whitespace" }
        let hexDigits: [Character] = Array("0123456789ABCDEF")
        return "byte 0x" + String(hexDigits[Int(b >> 4)]) + String(hexDigits[Int(b & 0xF)])
    }

    func error(_ message: String, at offset: Int? = nil) -> ColorSyntaxError {
        ColorSyntaxError(offset: offset ?? position, message: message)
    }

    // MARK: Whitespace and comments

    /// Skips CSS whitespace and `/* … */` comments.
    mutating func skipWhitespaceAndComments() throws(ColorSyntaxError) {
        while let b = peek {
            if Self.isWhitespace(b) {
                position += 1
            } else if b == UInt8(ascii: "/"), byte(at: position + 1) == UInt8(ascii: "*") {
                let start = position
                position += 2
                while true {
                    guard let c = peek else { throw error("unterminated comment", at: start) }
                    position += 1
                    if c == UInt8(ascii: "*"), peek == UInt8(ascii: "/") {
                        position += 1
                        break
                    }
                }
            } else {
                return
            }
        }
    }

    // MARK: Numbers

    /// The end of a CSS number starting at `index`, if one starts there.
    func numberEnd(from index: Int) -> Int? { NumberSyntax.numberEnd(in: bytes, from: index) }

    /// The value of the number text `bytes[range]`, with overflow clamped to the largest finite magnitude.
    func numberValue(_ range: Range<Int>) throws(ColorSyntaxError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number", at: range.lowerBound) }
        if value.isNaN { throw error("invalid number", at: range.lowerBound) }
        if value.isInfinite { return value < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude }
        return value
    }

    // MARK: Tokens

    /// Reads one component (number, percentage, dimension or `none`) after optional whitespace.
    ///
    /// `function` names the enclosing function and `shortMessage` is the error for a `)` or the end of the text
    /// where a component was expected (such as "rgb() takes 3 channels").
    mutating func readComponent(function: String, shortMessage: String) throws(ColorSyntaxError) -> ColorToken {
        try skipWhitespaceAndComments()
        let start = position
        guard let b = peek else { throw error(shortMessage) }
        if let end = numberEnd(from: start) {
            let value = try numberValue(start..<end)
            position = end
            if peek == UInt8(ascii: "%") {
                position += 1
                return ColorToken(value: .percentage(value), offset: start)
            }
            if startsIdentifier(at: position) {
                let unitStart = position
                while let c = peek, Self.isNameByte(c) { position += 1 }
                let unit = String(decoding: lowercased(unitStart..<position), as: UTF8.self)
                return ColorToken(value: .dimension(value, unit: unit), offset: start)
            }
            return ColorToken(value: .number(value), offset: start)
        }
        if startsIdentifier(at: start) {
            while let c = peek, Self.isNameByte(c) { position += 1 }
            let word = lowercased(start..<position)
            let name = String(decoding: word, as: UTF8.self)
            if peek == UInt8(ascii: "(") {
                guard name == "calc" else {
                    throw error(plainText(start..<position) + "() is not supported here", at: start)
                }
                position += 1
                return ColorToken(value: try readCalc(function: function), offset: start)
            }
            if name == "none" { return ColorToken(value: .none, offset: start) }
            if let value = channelKeywords[name] { return ColorToken(value: .number(value), offset: start) }
            if !channelKeywords.isEmpty {
                let names = channelKeywords.keys.sorted().joined(separator: ", ")
                throw error("unknown channel keyword \(quoted(start..<position)) (this colour has \(names))", at: start)
            }
            throw error("expected a number, percentage or 'none', found \(quoted(start..<position))", at: start)
        }
        switch b {
        case UInt8(ascii: ")"): throw error(shortMessage)
        case UInt8(ascii: ","): throw error("unexpected ',' in \(function)()")
        case UInt8(ascii: "/"): throw error("unexpected '/' in \(function)()")
        default: throw error("unexpected \(describeByte(at: start)) in \(function)()")
        }
    }
}
