/// Parses the `css` parameter, a CSS `<gradient>` (CSS Images 4, CSS Color 4) or several separated by commas (as
/// CSS `background-image`, the first on top), into ``GradientDescription``s.
///
/// Accepts `linear-gradient()`, `radial-gradient()`, `conic-gradient()` and their `repeating-` forms with every
/// colour syntax of ``CSSColor``; keywords are ASCII case-insensitive, and whitespace and `/* comments */` may
/// stand between tokens. Errors are ``SpecError/cssSyntax(offset:token:message:)`` naming the token and its
/// character offset. Works over UTF-8 bytes, never traps, and allocates at most `limits.maxStops` stop entries per layer.
struct CSSGradientParser {
    var tokens: CSSTokenizer
    let limits: SpecLimits
    var kind: GeometryParameters.Kind = .linear

    static let functions: [String: (GeometryParameters.Kind, Spread)] = [
        "linear-gradient": (.linear, .pad), "repeating-linear-gradient": (.linear, .repeating),
        "radial-gradient": (.radial, .pad), "repeating-radial-gradient": (.radial, .repeating),
        "conic-gradient": (.conic, .pad), "repeating-conic-gradient": (.conic, .repeating),
    ]

    /// Parses the whole of `text` as one gradient function or a comma-separated list of at most
    /// `limits.maxLayers` (8 by default) of them, first (top) layer first. As CSS Syntax 3 says, the end of the text
    /// closes every function and parenthesis still open (`linear-gradient(red, blue` is
    /// `linear-gradient(red, blue)`); an error found past the text names its end.
    static func parse(_ text: Substring, limits: SpecLimits) throws(SpecError) -> [GradientDescription] {
        let written = String(text)
        do throws(SpecError) {
            return try parseClosed(written + String(repeating: ")", count: unclosedParentheses(in: written)), limits)
        } catch .cssSyntax(let offset, _, let message) where offset >= written.unicodeScalars.count {
            let closer = ", found ')'"
            let atEnd =
                message.hasSuffix(closer) ? message.dropLast(closer.count) + ", found the end of the text" : message
            throw .cssSyntax(offset: written.unicodeScalars.count, token: "", message: atEnd)
        }
    }

    /// How many functions and parentheses `text` leaves open at its end (comments skipped; counting stops at a
    /// `)` that closes nothing, which the parser refuses).
    static func unclosedParentheses(in text: String) -> Int {
        var copy = text
        return copy.withUTF8 { bytes in
            var tokens = CSSTokenizer(bytes: bytes)
            var depth = 0
            while true {
                let start = tokens.skippingWhitespace(from: tokens.position).end
                let token = tokens.token(at: start)
                switch token.kind {
                case .end: return depth
                case .function, .openParenthesis: depth += 1
                case .closeParenthesis:
                    guard depth > 0 else { return 0 }
                    depth -= 1
                default: break
                }
                tokens.position = token.range.upperBound
            }
        }
    }

    /// Parses `text`, whose parentheses are all closed, as gradient functions separated by commas.
    private static func parseClosed(_ text: String, _ limits: SpecLimits) throws(SpecError) -> [GradientDescription] {
        var copy = text
        let result: Result<[GradientDescription], SpecError> = copy.withUTF8 { bytes in
            var parser = CSSGradientParser(tokens: CSSTokenizer(bytes: bytes), limits: limits)
            do throws(SpecError) {
                return .success(try parser.parseLayers())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Gradient functions separated by top-level commas up to the end of the text, at most
    /// `limits.maxLayers`.
    mutating func parseLayers() throws(SpecError) -> [GradientDescription] {
        var layers: [GradientDescription] = []
        while true {
            if layers.count == limits.maxLayers {
                throw error(
                    "css holds at most \(limits.maxLayers) layers (gradients separated by commas); "
                        + "this is layer \(layers.count + 1)",
                    at: try peek())
            }
            layers.append(try parseGradient())
            let tail = try peek()
            if tail.kind == .end { return layers }
            guard tail.kind == .comma else {
                throw error("expected the end of the text after the gradient", at: tail)
            }
            consume(tail)
        }
    }

    /// One gradient function, up to its closing parenthesis.
    mutating func parseGradient() throws(SpecError) -> GradientDescription {
        let head = try peek()
        guard case .function(let name) = head.kind, let (kind, spread) = Self.functions[name] else {
            throw error(
                "expected linear-gradient(), radial-gradient(), conic-gradient() or a repeating- form of one",
                at: head)
        }
        self.kind = kind
        consume(head)
        let prelude: CSSGradientPrelude
        switch kind {
        case .linear: prelude = try parseLinearPrelude()
        case .radial: prelude = try parseRadialPrelude()
        case .conic: prelude = try parseConicPrelude()
        }
        let entries = try parseStops(afterPrelude: prelude.isPresent)
        let space = prelude.space ?? (GradientDescription.allLegacy(entries) ? .srgb : .oklab)
        return GradientDescription(
            shape: prelude.shape, entries: entries, spread: spread, space: space,
            hue: space.isPolar ? prelude.hue : .shorter, hintsBlendInSRGB: prelude.space == nil)
    }

    // MARK: Tokens

    /// The next token after whitespace and comments, without consuming it.
    mutating func peek() throws(SpecError) -> CSSToken {
        let (start, unterminated) = tokens.skippingWhitespace(from: tokens.position)
        if let comment = unterminated {
            throw .cssSyntax(
                offset: characterOffset(comment), token: tokens.text(comment..<min(comment + 2, tokens.bytes.count)),
                message: "unterminated comment")
        }
        tokens.position = start
        return tokens.token(at: start)
    }

    mutating func consume(_ token: CSSToken) { tokens.position = token.range.upperBound }

    /// Consumes the next token when it is the identifier `name`.
    mutating func consumeIdent(_ name: String) throws(SpecError) -> Bool {
        let token = try peek()
        guard token.isIdent(name) else { return false }
        consume(token)
        return true
    }

    // MARK: Errors

    /// The character (Unicode scalar) offset of byte `index`.
    func characterOffset(_ index: Int) -> Int {
        var count = 0
        for i in 0..<min(index, tokens.bytes.count) where tokens.bytes[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    func error(_ message: String, at token: CSSToken) -> SpecError {
        .cssSyntax(offset: characterOffset(token.range.lowerBound), token: tokens.text(token.range), message: message)
    }

    /// An error at the first token at or after byte `index`.
    func error(_ message: String, atByte index: Int) -> SpecError {
        let start = tokens.skippingWhitespace(from: index).end
        return error(message, at: tokens.token(at: start))
    }

    /// The number of a numeric token if its magnitude is at most `NumberSyntax.maximumMagnitude`, else an error
    /// naming the token.
    func finite(_ value: Double, _ token: CSSToken) throws(SpecError) -> Double {
        guard value.magnitude <= NumberSyntax.maximumMagnitude else { throw error("number out of range", at: token) }
        return value
    }
}
