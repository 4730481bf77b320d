extension ColorParser {
    /// `color-mix([in <space> [<hue-method> hue],] <color> [<percentage>], <color> [<percentage>])`, the
    /// percentage before or after its colour, each 0…100%; without `in`, the colours mix in oklab (CSS Color 5).
    mutating func parseColorMix() throws(ColorSyntaxError) -> CSSColor {
        let beforeKeyword = position
        guard try consumeKeyword("in") else {
            // CSS Color 5 lets the space be left out: oklab.
            position = beforeKeyword
            return try parseColorMixItems(in: .oklab, hue: .shorter)
        }
        try skipWhitespaceAndComments()
        let spaceOffset = position
        guard let name = try readIdentifier()?.name, let space = ColorSpace(cssName: name) else {
            throw error(
                "expected a colour space after 'in': " + ColorSpace.cssNames.joined(separator: ", "), at: spaceOffset)
        }
        var hue = HueInterpolation.shorter
        let afterSpace = position
        if let (methodName, methodOffset) = try readIdentifier() {
            guard let method = HueInterpolation(rawValue: methodName) else {
                throw error("expected ',' or a hue method in color-mix()", at: methodOffset)
            }
            guard space.isPolar else {
                throw error("hue interpolation applies to polar spaces (oklch, lch, hsl, hwb)", at: methodOffset)
            }
            guard try consumeKeyword("hue") else { throw error("expected 'hue'") }
            hue = method
        } else {
            position = afterSpace
        }
        try expectComma(in: "color-mix")
        return try parseColorMixItems(in: space, hue: hue)
    }

    /// The two colours of `color-mix()` and its closing parenthesis, mixed in `space`.
    private mutating func parseColorMixItems(
        in space: ColorSpace, hue: HueInterpolation
    ) throws(ColorSyntaxError)
        -> CSSColor
    {
        let (first, firstPercentage) = try readMixItem()
        try expectComma(in: "color-mix")
        let (second, secondPercentage) = try readMixItem()
        try expectClosingParenthesis(of: "color-mix")
        let weights = ColorMix.weights(firstPercentage, secondPercentage)
        return ColorMix.mix(first, second, in: space, hue: hue, weights: weights)
    }

    /// A colour with an optional percentage written before or after it.
    private mutating func readMixItem() throws(ColorSyntaxError) -> (CSSColor, Double?) {
        var percentage = try readMixPercentage()
        let color = try parseNestedColor()
        if percentage == nil { percentage = try readMixPercentage() }
        return (color, percentage)
    }

    /// A percentage (or a math function giving one) if one is next, checked to lie in 0…100%.
    private mutating func readMixPercentage() throws(ColorSyntaxError) -> Double? {
        try skipWhitespaceAndComments()
        let next = token(at: position)
        guard next.isNumeric || CSSMathParser.isMathFunction(next) else { return nil }
        let token = try readComponent(function: "color-mix", shortMessage: "expected a percentage")
        guard case .percentage(let value) = token.value else {
            throw error("color-mix() takes a percentage here", at: token.offset)
        }
        guard value >= 0 && value <= 100 else {
            throw error("color-mix() percentages must be between 0% and 100%", at: token.offset)
        }
        return value
    }
}
