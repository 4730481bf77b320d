extension ColorParser {
    // MARK: Keywords between arguments

    /// Skips whitespace, then consumes the identifier `word` (ASCII case-insensitive) if it is next and whole.
    mutating func consumeKeyword(_ word: String) throws(ColorSyntaxError) -> Bool {
        try skipWhitespaceAndComments()
        let next = token(at: position)
        guard next.isIdent(word) else { return false }
        position = next.range.upperBound
        return true
    }

    /// Consumes `from` and the whitespace after it when it opens a relative colour.
    mutating func consumeFrom() throws(ColorSyntaxError) -> Bool {
        let start = position
        guard try consumeKeyword("from") else {
            position = start
            return false
        }
        return true
    }

    /// Reads the identifier at `position` (after whitespace), lower-cased, or nil when none is there.
    mutating func readIdentifier() throws(ColorSyntaxError) -> (name: String, offset: Int)? {
        try skipWhitespaceAndComments()
        let next = token(at: position)
        guard let name = next.identName else { return nil }
        position = next.range.upperBound
        return (name, next.range.lowerBound)
    }

    mutating func expectComma(in function: String) throws(ColorSyntaxError) {
        try skipWhitespaceAndComments()
        guard peek == UInt8(ascii: ",") else { throw error("expected ',' in \(function)()") }
        position += 1
        try skipWhitespaceAndComments()
    }

    mutating func expectClosingParenthesis(of function: String) throws(ColorSyntaxError) {
        try skipWhitespaceAndComments()
        guard peek == UInt8(ascii: ")") else { throw error("expected ')' to close \(function)()") }
        position += 1
    }

    /// Parses a nested colour after optional whitespace.
    mutating func parseNestedColor() throws(ColorSyntaxError) -> CSSColor {
        try skipWhitespaceAndComments()
        try enterNesting()
        defer { nesting -= 1 }
        return try parseColor()
    }

    /// Counts one more level of nesting, refusing past ``maximumNesting``.
    mutating func enterNesting() throws(ColorSyntaxError) {
        guard nesting < Self.maximumNesting else {
            throw error("colours and calc() nest at most \(Self.maximumNesting) deep")
        }
        nesting += 1
    }

    // MARK: color()

    /// The spaces `color()` takes.
    static let predefinedSpaces: Set<ColorSpace> = [
        .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020, .xyzD50, .xyzD65,
    ]

    /// `color([from <color>] <space> c1 c2 c3 [/ alpha])`: numbers, percentages (100% is 1) or `none`, unclamped.
    mutating func parseColorFunction() throws(ColorSyntaxError) -> CSSColor {
        let origin: CSSColor? = try consumeFrom() ? try parseNestedColor() : nil
        try skipWhitespaceAndComments()
        let spaceOffset = position
        let identifier = try readIdentifier()
        guard let name = identifier?.name, let space = ColorSpace(cssName: name), Self.predefinedSpaces.contains(space)
        else {
            throw error(
                "expected a colour space: srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, "
                    + "xyz-d50 or xyz-d65", at: spaceOffset)
        }
        let saved = channelKeywords
        defer { channelKeywords = saved }
        if let origin {
            let letters = space.isXYZ ? ["x", "y", "z"] : ["r", "g", "b"]
            channelKeywords = Self.keywords(letters, of: origin, in: space, scales: [1, 1, 1])
        }
        let arguments = try readArguments(function: "color", allowsCommas: false)
        var values: [(Double, missing: Bool)] = []
        for token in arguments.components {
            var value = try scalarValue(token, function: "color", percentScale: 1)
            value.0 = Self.limited(value.0)
            values.append(value)
        }
        let alpha = try alphaValue(arguments.alpha)
        return makeColor(space, values, alpha: alpha, isLegacy: false)
    }

    /// Channel keyword values of `origin` converted to `space`: each component times its scale, and `alpha`.
    static func keywords(
        _ letters: [String], of origin: CSSColor, in space: ColorSpace, scales: [Double]
    ) -> [String: Double] {
        let converted = origin.interpolationColor(in: space)
        var table: [String: Double] = ["alpha": origin.missing.contains(.alpha) ? 0 : origin.alpha]
        for index in 0..<3 {
            table[letters[index]] = converted.components[index] * scales[index]
        }
        return table
    }

    // MARK: Relative colours of the other functions

    /// `rgb(from …)`, `hsl(from …)`, `hwb(from …)`, `lab(from …)`, `lch(from …)`, `oklab(from …)`,
    /// `oklch(from …)`: the origin converted to the function's space supplies the channel keywords, in the units
    /// the function takes as numbers (`rgb` 0…255, `hsl`/`hwb` percentages as 0…100). The result is not a legacy
    /// colour (it interpolates in oklab by default).
    mutating func parseRelative(function: String) throws(ColorSyntaxError) -> CSSColor {
        let origin = try parseNestedColor()
        let saved = channelKeywords
        defer { channelKeywords = saved }
        switch function {
        case "rgb", "rgba":
            channelKeywords = Self.keywords(["r", "g", "b"], of: origin, in: .srgb, scales: [255, 255, 255])
        case "hsl", "hsla":
            channelKeywords = Self.keywords(["h", "s", "l"], of: origin, in: .hsl, scales: [1, 100, 100])
        case "hwb": channelKeywords = Self.keywords(["h", "w", "b"], of: origin, in: .hwb, scales: [1, 100, 100])
        case "lab": channelKeywords = Self.keywords(["l", "a", "b"], of: origin, in: .lab, scales: [1, 1, 1])
        case "oklab": channelKeywords = Self.keywords(["l", "a", "b"], of: origin, in: .oklab, scales: [1, 1, 1])
        case "lch": channelKeywords = Self.keywords(["l", "c", "h"], of: origin, in: .lch, scales: [1, 1, 1])
        default: channelKeywords = Self.keywords(["l", "c", "h"], of: origin, in: .oklch, scales: [1, 1, 1])
        }
        var color: CSSColor
        switch function {
        case "rgb", "rgba": color = try parseRGB(function: function, clampsChannels: false)
        case "hsl", "hsla": color = try parseHSL(function: function)
        case "hwb": color = try parseHWB()
        case "lab", "oklab": color = try parseLab(function: function)
        default: color = try parseLCH(function: function)
        }
        color.isLegacy = false
        return color
    }

    // MARK: light-dark()

    /// `light-dark(<light>, <dark>)`: the light colour, as in a light colour scheme.
    mutating func parseLightDark() throws(ColorSyntaxError) -> CSSColor {
        let light = try parseNestedColor()
        try expectComma(in: "light-dark")
        _ = try parseNestedColor()
        try expectClosingParenthesis(of: "light-dark")
        return light
    }
}
