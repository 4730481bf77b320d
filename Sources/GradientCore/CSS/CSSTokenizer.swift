/// Splits CSS text (UTF-8 bytes) into ``CSSToken``s on demand, skipping whitespace and comments between them.
///
/// Never reads outside `bytes`, never traps, and always makes progress: every token but `.end` is at least one
/// byte long. Escapes are not supported (a `\` is a delimiter).
struct CSSTokenizer {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next token (or whitespace before it) starts.
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func byte(at index: Int) -> UInt8? { index >= 0 && index < bytes.count ? bytes[index] : nil }

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isNameStart(_ b: UInt8) -> Bool {
        (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == UInt8(ascii: "_") || b >= 0x80
    }
    static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || isDigit(b) || b == UInt8(ascii: "-") }

    /// The index just past the whitespace and complete comments from `index` on; `unterminatedComment` is the start
    /// of a comment that never ends, if one was found.
    func skippingWhitespace(from index: Int) -> (end: Int, unterminatedComment: Int?) {
        var i = index
        while let b = byte(at: i) {
            if Self.isWhitespace(b) {
                i += 1
            } else if b == UInt8(ascii: "/"), byte(at: i + 1) == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < bytes.count, !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/")) {
                    j += 1
                }
                guard j + 1 < bytes.count else { return (i, i) }
                i = j + 2
            } else {
                break
            }
        }
        return (i, nil)
    }

    /// Whether an identifier starts at `index`: a name-start byte, or `-` followed by one or by another `-`.
    func startsIdentifier(at index: Int) -> Bool {
        guard let b = byte(at: index) else { return false }
        if Self.isNameStart(b) { return true }
        guard b == UInt8(ascii: "-"), let next = byte(at: index + 1) else { return false }
        return Self.isNameStart(next) || next == UInt8(ascii: "-")
    }

    /// The end of a CSS number starting at `index`, if one starts there.
    func numberEnd(from index: Int) -> Int? { NumberSyntax.numberEnd(in: bytes, from: index) }

    /// Lower-cased ASCII text of `bytes[range]`.
    func lowercasedText(_ range: Range<Int>) -> String {
        String(
            decoding: range.map { bytes[$0] >= 0x41 && bytes[$0] <= 0x5A ? bytes[$0] | 0x20 : bytes[$0] }, as: UTF8.self
        )
    }

    /// `bytes[range]` as text (invalid UTF-8 replaced).
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The token starting exactly at `start` (no whitespace is skipped).
    func token(at start: Int) -> CSSToken {
        guard let b = byte(at: start) else { return CSSToken(kind: .end, range: start..<start) }
        if let end = numberEnd(from: start) {
            let value = Double(text(start..<end)) ?? .nan
            if byte(at: end) == UInt8(ascii: "%") {
                return CSSToken(kind: .percentage(value), range: start..<(end + 1))
            }
            if startsIdentifier(at: end) {
                var unitEnd = end
                while let c = byte(at: unitEnd), Self.isNameByte(c) { unitEnd += 1 }
                return CSSToken(kind: .dimension(value, unit: lowercasedText(end..<unitEnd)), range: start..<unitEnd)
            }
            return CSSToken(kind: .number(value), range: start..<end)
        }
        if startsIdentifier(at: start) {
            var end = start
            while let c = byte(at: end), Self.isNameByte(c) { end += 1 }
            let name = lowercasedText(start..<end)
            if byte(at: end) == UInt8(ascii: "(") { return CSSToken(kind: .function(name), range: start..<(end + 1)) }
            return CSSToken(kind: .ident(name), range: start..<end)
        }
        switch b {
        case UInt8(ascii: "#"):
            var end = start + 1
            while let c = byte(at: end), Self.isNameByte(c) { end += 1 }
            return CSSToken(kind: .hash, range: start..<end)
        case UInt8(ascii: ","): return CSSToken(kind: .comma, range: start..<(start + 1))
        case UInt8(ascii: "/"): return CSSToken(kind: .slash, range: start..<(start + 1))
        case UInt8(ascii: "("): return CSSToken(kind: .openParenthesis, range: start..<(start + 1))
        case UInt8(ascii: ")"): return CSSToken(kind: .closeParenthesis, range: start..<(start + 1))
        default: return CSSToken(kind: .delimiter, range: start..<(start + 1))
        }
    }
}
