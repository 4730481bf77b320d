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

    static func isHexDigit(_ b: UInt8) -> Bool {
        CSSTokenizer.isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66)
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
        if CSSTokenizer.isWhitespace(b) { return "whitespace" }
        let hexDigits: [Character] = Array("0123456789ABCDEF")
        return "byte 0x" + String(hexDigits[Int(b >> 4)]) + String(hexDigits[Int(b & 0xF)])
    }

    func error(_ message: String, at offset: Int? = nil) -> ColorSyntaxError {
        ColorSyntaxError(offset: offset ?? position, message: message)
    }

    // MARK: Whitespace and comments

    /// Skips CSS whitespace and `/* … */` comments, as the tokenizer does between tokens.
    mutating func skipWhitespaceAndComments() throws(ColorSyntaxError) {
        let (end, unterminated) = CSSTokenizer(bytes: bytes).skippingWhitespace(from: position)
        if let comment = unterminated { throw error("unterminated comment", at: comment) }
        position = end
    }

    // MARK: Tokens

    /// The token at `index`, as ``CSSTokenizer`` (the project's one tokenizer) reads it.
    func token(at index: Int) -> CSSToken { CSSTokenizer(bytes: bytes).token(at: index) }

    /// A number token's value, overflow clamped to the largest finite magnitude.
    func finiteNumber(_ value: Double, at offset: Int) throws(ColorSyntaxError) -> Double {
        if value.isNaN { throw error("invalid number", at: offset) }
        if value.isInfinite { return value < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude }
        return value
    }

    /// Reads one component (number, percentage, dimension, math function or `none`) after optional whitespace.
    ///
    /// `function` names the enclosing function and `shortMessage` is the error for a `)` or the end of the text
    /// where a component was expected (such as "rgb() takes 3 channels").
    mutating func readComponent(function: String, shortMessage: String) throws(ColorSyntaxError) -> ColorToken {
        try skipWhitespaceAndComments()
        let start = position
        let token = token(at: start)
        switch token.kind {
        case .number(let value):
            position = token.range.upperBound
            return ColorToken(value: .number(try finiteNumber(value, at: start)), offset: start)
        case .percentage(let value):
            position = token.range.upperBound
            return ColorToken(value: .percentage(try finiteNumber(value, at: start)), offset: start)
        case .dimension(let value, let unit):
            position = token.range.upperBound
            return ColorToken(value: .dimension(try finiteNumber(value, at: start), unit: unit), offset: start)
        case .function(let name):
            guard CSSMathParser.isMathFunction(token) else {
                throw error(plainText(start..<(token.range.upperBound - 1)) + "() is not supported here", at: start)
            }
            return ColorToken(value: try readMath(token, name: name, in: function), offset: start)
        case .ident(let name):
            position = token.range.upperBound
            if name == "none" { return ColorToken(value: .none, offset: start) }
            if let value = channelKeywords[name] { return ColorToken(value: .number(value), offset: start) }
            if !channelKeywords.isEmpty {
                let names = channelKeywords.keys.sorted().joined(separator: ", ")
                throw error("unknown channel keyword \(quoted(token.range)) (this colour has \(names))", at: start)
            }
            throw error("expected a number, percentage or 'none', found \(quoted(token.range))", at: start)
        case .closeParenthesis, .end: throw error(shortMessage)
        case .comma: throw error("unexpected ',' in \(function)()")
        case .slash: throw error("unexpected '/' in \(function)()")
        case .hash, .openParenthesis, .delimiter: throw error("unexpected \(describeByte(at: start)) in \(function)()")
        }
    }

    /// A math function as a component of `function`: a number, a percentage or an angle (in degrees), its value
    /// computed as CSS computes a top-level calculation (NaN is 0, infinities the largest magnitude), the relative
    /// colour's channel keywords standing for their values.
    private mutating func readMath(
        _ head: CSSToken, name: String, in function: String
    ) throws(ColorSyntaxError) -> ColorToken.Value {
        var math = CSSMathParser(tokens: CSSTokenizer(bytes: bytes), keywords: channelKeywords)
        math.tokens.position = position
        let parsed: (expression: CSSMathExpression, type: CSSMathType)
        do throws(CSSMathError) {
            parsed = try math.parse(head, percentages: .percent)
        } catch {
            throw self.error(error.message, at: error.token.range.lowerBound)
        }
        position = math.tokens.position
        let value = parsed.expression.censoredValue(
            in: CSSMathExpression.Context(percentBasis: 100, viewportWidth: 0, viewportHeight: 0))
        switch parsed.type {
        case .number: return .number(value)
        case .percent: return .percentage(value)
        case .angle: return .dimension(value, unit: "deg")
        default:
            throw error(
                "\(name)() in \(function)() gives \(parsed.type.name); expected a number, a percentage or an angle",
                at: head.range.lowerBound)
        }
    }
}
