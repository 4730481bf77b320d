extension CSSGradientParser {
    /// `<color-stop-list>` up to and including the closing `)`: colour stops with zero, one or two positions and
    /// colour hints between stops, at most `limits.maxStops` entries. `afterPrelude` tells whether a prelude was
    /// written (if not, a first word that is no colour is reported as a malformed prelude).
    mutating func parseStops(afterPrelude: Bool) throws(SpecError) -> [RawStopEntry] {
        var entries: [RawStopEntry] = []
        var lastHint: CSSToken?
        while true {
            let token = try peek()
            guard entries.count < limits.maxStops else {
                throw error("at most \(limits.maxStops) colour stops and hints are allowed", at: token)
            }
            if token.isNumeric || CSSMathParser.isMathFunction(token) {
                guard !entries.isEmpty, lastHint == nil else {
                    throw error("a colour hint must stand between two colour stops", at: token)
                }
                let position = try parseStopPosition(token)
                entries.append(.hint(position, token: substring(token.range.lowerBound..<tokens.position)))
                lastHint = token
            } else {
                entries.append(try parseColorStop(token, isFirst: entries.isEmpty && !afterPrelude))
                lastHint = nil
            }
            let separator = try peek()
            consume(separator)
            switch separator.kind {
            case .comma: continue
            case .closeParenthesis:
                if let hint = lastHint { throw error("a colour hint must stand between two colour stops", at: hint) }
                return entries
            default:
                throw error(lastHint == nil ? "expected a position, ',' or ')'" : "expected ',' or ')'", at: separator)
            }
        }
    }

    /// A colour followed by up to two positions.
    private mutating func parseColorStop(_ token: CSSToken, isFirst: Bool) throws(SpecError) -> RawStopEntry {
        let start = token.range.lowerBound
        let color: CSSColor
        do throws(ColorSyntaxError) {
            let (parsed, end) = try CSSColor.parse(tokens.bytes, at: start, allowsBareHex: false)
            color = parsed
            tokens.position = end
        } catch {
            if isFirst, token.identName != nil, error.offset == start {
                switch kind {
                case .linear: throw self.error(Self.linearPreludeMessage, at: token)
                case .radial: throw self.error(Self.radialPreludeMessage, at: token)
                case .conic: throw self.error(Self.conicPreludeMessage, at: token)
                }
            }
            throw self.error("invalid colour: " + error.message, atByte: error.offset)
        }
        var positions: [RawPosition] = []
        while true {
            let next = try peek()
            guard next.isNumeric || CSSMathParser.isMathFunction(next) else { break }
            guard positions.count < 2 else { throw error("a colour stop takes at most two positions", at: next) }
            positions.append(try parseStopPosition(next))
        }
        return .stop(color: color, positions: positions, token: substring(start..<tokens.position))
    }

    /// A stop or hint position starting at `token`, the next token, which is consumed with it: a percentage, or a
    /// length (linear and radial) or an angle (conic), or a math function giving one.
    private mutating func parseStopPosition(_ token: CSSToken) throws(SpecError) -> RawPosition {
        let slot: CSSMathSlot = kind == .conic ? .anglePercentage : .lengthPercentage
        guard let (expression, type) = try mathFunction(token, slot: slot) else {
            consume(token)
            return try stopPosition(token)
        }
        switch expression {
        case .percentage(let value): return .fraction(CSSMathExpression.censored(value) / 100)
        case .length(let value): return .cssPixels(CSSMathExpression.censored(value))
        case .angle(let value): return .degrees(CSSMathExpression.censored(value))
        default: return .calculated(expression, type)
        }
    }

    /// A stop or hint position in one token: a percentage, or a length (linear and radial) or an angle (conic).
    private func stopPosition(_ token: CSSToken) throws(SpecError) -> RawPosition {
        if case .percentage(let value) = token.kind { return .fraction(try finite(value, token) / 100) }
        if case .number(let value) = token.kind, value == 0 { return kind == .conic ? .degrees(0) : .cssPixels(0) }
        if case .dimension(let value, let unit) = token.kind {
            if kind == .conic, let degrees = NumberSyntax.degrees(value, unit: unit) {
                return .degrees(try finite(degrees, token))
            }
            if kind != .conic, let pixels = NumberSyntax.cssPixels(value, unit: unit) {
                return .cssPixels(try finite(pixels, token))
            }
            if kind != .conic, let leaf = CSSMathExpression.dimension(value, unit: unit) {
                switch leaf {
                case .length(let pixels): return .cssPixels(try finite(pixels, token))
                case .viewport: return .calculated(leaf, .length)
                default: break
                }
            }
        }
        switch kind {
        case .conic: throw error("expected an angle or a percentage", at: token)
        case .linear, .radial:
            throw error("expected a length or a percentage", at: token)
        }
    }

    private func substring(_ range: Range<Int>) -> Substring { Substring(tokens.text(range)) }
}
