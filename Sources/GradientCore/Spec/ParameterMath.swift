/// CSS Values 4 math functions in parameter values (`angle=calc(45deg + 10deg)`, `colors=red@calc(50% - 10px)`),
/// read with the grammar of the `css` parameter.
enum ParameterMath {
    /// A bare number in `colors`: a fraction of the gradient line, ray or turn.
    static let fraction = CSSMathSlot(types: [.number], percentages: nil, expected: "a number")

    /// Whether `text` starts with the name of a math function and `(`.
    static func isMathFunction(_ text: Substring) -> Bool {
        guard let open = text.utf8.firstIndex(of: UInt8(ascii: "(")) else { return false }
        let name = Substring(text.utf8[text.utf8.startIndex..<open]).lowercased()
        return CSSMathParser.functionNames.contains(name)
    }

    /// Parses all of `text` as one math function, trying each slot in turn; the first that fits gives the
    /// expression and its type. When none fits, the error that got furthest into the text is reported for
    /// `parameter`.
    static func parse(
        _ text: Substring, parameter: String, slots: [CSSMathSlot]
    ) throws(SpecError) -> (expression: CSSMathExpression, type: CSSMathType) {
        var copy = String(text)
        var failure: (offset: Int, message: String)?
        for slot in slots {
            let result: Result<(CSSMathExpression, CSSMathType), SpecError> = copy.withUTF8 { bytes in
                var parser = CSSGradientParser(tokens: CSSTokenizer(bytes: bytes), limits: .standard)
                do throws(SpecError) {
                    let head = try parser.peek()
                    guard let value = try parser.mathFunction(head, slot: slot) else {
                        throw parser.error("expected a math function", at: head)
                    }
                    let tail = try parser.peek()
                    guard tail.kind == .end else {
                        throw parser.error("expected the end of the value after the math function", at: tail)
                    }
                    return .success(value)
                } catch {
                    return .failure(error)
                }
            }
            switch result {
            case .success(let value): return value
            case .failure(.cssSyntax(let offset, let token, let message)):
                let described = "\(message) at offset \(offset) (\(quoted(token)))"
                if failure == nil || offset > failure!.offset { failure = (offset, described) }
            case .failure(let error): throw error
            }
        }
        throw .invalidValue(
            parameter: parameter, token: String(text),
            expected: "a valid math expression, but " + (failure?.message ?? "it is empty"))
    }

    /// A stop position written as a math function: a number (a fraction), a length-percentage or an
    /// angle-percentage, kept exact until the geometry is known.
    static func stopPosition(_ text: Substring, parameter: String) throws(SpecError) -> RawPosition {
        let (expression, type) = try parse(
            text, parameter: parameter, slots: [.lengthPercentage, .anglePercentage, fraction])
        switch expression {
        case .number(let value): return .fraction(CSSMathExpression.censored(value))
        case .percentage(let value): return .fraction(CSSMathExpression.censored(value) / 100)
        case .length(let value): return .cssPixels(CSSMathExpression.censored(value))
        case .angle(let value): return .degrees(CSSMathExpression.censored(value))
        default: return .calculated(expression, type)
        }
    }

    /// A coordinate of `center`, `start` or `end` written as a math function: a number (a fraction of the
    /// width or height, as a bare number is there) or a length-percentage.
    static func coordinate(_ text: Substring, parameter: String) throws(SpecError) -> LengthPercentage {
        let (expression, _) = try parse(text, parameter: parameter, slots: [.lengthPercentage, fraction])
        if case .number(let value) = expression { return .fraction(CSSMathExpression.censored(value)) }
        return .calculated(expression)
    }

    /// A radius of `size` written as a math function: a number (px, as a bare number is there), a length or, for
    /// an ellipse, a percentage (not both added up, as in `css`); a negative result is zero.
    static func radius(_ text: Substring, isCircle: Bool) throws(SpecError) -> LengthPercentage {
        let length = CSSMathSlot(types: [.length], percentages: nil, expected: "a length")
        let (expression, _) = try parse(
            text, parameter: "size", slots: [isCircle ? length : .lengthOrPercentage, fraction])
        if case .number(let value) = expression { return .radius(.length(value)) }
        return .radius(expression)
    }

    /// An angle in degrees written as a math function giving an angle or a number (degrees, as a bare number is
    /// in these parameters).
    static func degrees(_ text: Substring, parameter: String) throws(SpecError) -> Double {
        let (expression, _) = try parse(text, parameter: parameter, slots: [.angle, fraction])
        switch expression {
        case .angle(let value), .number(let value): return CSSMathExpression.censored(value)
        default:
            throw .invalidValue(
                parameter: parameter, token: String(text), expected: "an angle that does not depend on the image size")
        }
    }
}
