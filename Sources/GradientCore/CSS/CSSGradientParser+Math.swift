extension CSSGradientParser {
    /// When `token` (the next token) starts a math function, parses it up to and including its `)` with
    /// ``CSSMathParser`` and returns its simplified expression and type, checked against `slot`; nil, consuming
    /// nothing, for any other token.
    mutating func mathFunction(
        _ token: CSSToken, slot: CSSMathSlot
    ) throws(SpecError) -> (expression: CSSMathExpression, type: CSSMathType)? {
        guard CSSMathParser.isMathFunction(token), case .function(let name) = token.kind else { return nil }
        var math = CSSMathParser(tokens: tokens)
        let expression: CSSMathExpression
        let type: CSSMathType
        do throws(CSSMathError) {
            (expression, type) = try math.parse(token, percentages: slot.percentages)
        } catch {
            throw self.error(error.message, at: error.token)
        }
        tokens.position = math.tokens.position
        guard slot.types.contains(type) else {
            throw self.error("expected \(slot.expected), but \(name)() gives \(type.name)", at: token)
        }
        return (CSSMathExpression.folded(expression, type: type), type)
    }
}
