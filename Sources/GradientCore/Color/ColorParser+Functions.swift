extension ColorParser {
    /// `rgb()` / `rgba()`: channels as numbers (0…255) or percentages, clamped to that range unless
    /// `clampsChannels` is false, as for a relative colour (`rgb(from red r calc(g + 300) b)` keeps its
    /// out-of-range green, as in Chromium, until the gradient is drawn); legacy or modern syntax.
    mutating func parseRGB(function: String, clampsChannels: Bool = true) throws(ColorSyntaxError) -> CSSColor {
        let arguments = try readArguments(function: function, allowsCommas: true)
        if arguments.isCommaSeparated {
            let firstIsPercentage = Self.isPercentage(arguments.components[0])
            for token in arguments.components where Self.isPercentage(token) != firstIsPercentage {
                throw error("rgb() channels must be all numbers or all percentages", at: token.offset)
            }
        }
        var values: [(Double, missing: Bool)] = []
        for token in arguments.components {
            switch token.value {
            case .number(let n):
                values.append((clampsChannels ? Self.clamped(n, 0, 255) / 255 : Self.limited(n / 255), false))
            case .percentage(let p):
                values.append((clampsChannels ? Self.clamped(p, 0, 100) / 100 : Self.limited(p / 100), false))
            case .none: values.append((0, true))
            case .dimension(_, let unit):
                throw error("unexpected unit \"\(unit)\" in \(function)()", at: token.offset)
            }
        }
        var alpha = try alphaValue(arguments.alpha)
        // Chromium holds the alpha of the comma syntax in 8 bits, rounded half away from zero: rgba(…, 0.3) is
        // 77/255; the space syntax and every other function keep theirs as written.
        if arguments.isCommaSeparated { alpha.0 = (alpha.0 * 255).rounded() / 255 }
        return makeColor(.srgb, values, alpha: alpha, isLegacy: true)
    }

    /// `hsl()` / `hsla()`: hue, saturation (negative clamps to 0) and lightness; legacy syntax takes percentages.
    mutating func parseHSL(function: String) throws(ColorSyntaxError) -> CSSColor {
        let arguments = try readArguments(function: function, allowsCommas: true)
        let legacy = arguments.isCommaSeparated
        let hue = try hueValue(arguments.components[0])
        var saturation = try scalarValue(
            arguments.components[1], function: function, percentScale: 1, allowsNumber: !legacy)
        var lightness = try scalarValue(
            arguments.components[2], function: function, percentScale: 1, allowsNumber: !legacy)
        if case .number = arguments.components[1].value { saturation.0 /= 100 }
        if case .number = arguments.components[2].value { lightness.0 /= 100 }
        saturation.0 = Self.clamped(saturation.0, 0, Self.componentLimit)
        lightness.0 = Self.limited(lightness.0)
        let alpha = try alphaValue(arguments.alpha)
        return makeColor(.hsl, [hue, saturation, lightness], alpha: alpha, isLegacy: true)
    }

    /// `hwb()`: hue, whiteness and blackness (numbers or percentages, 100 = 100%), space syntax only.
    mutating func parseHWB() throws(ColorSyntaxError) -> CSSColor {
        let arguments = try readArguments(function: "hwb", allowsCommas: false)
        let hue = try hueValue(arguments.components[0])
        var whiteness = try scalarValue(arguments.components[1], function: "hwb", percentScale: 1)
        var blackness = try scalarValue(arguments.components[2], function: "hwb", percentScale: 1)
        if case .number = arguments.components[1].value { whiteness.0 /= 100 }
        if case .number = arguments.components[2].value { blackness.0 /= 100 }
        whiteness.0 = Self.limited(whiteness.0)
        blackness.0 = Self.limited(blackness.0)
        let alpha = try alphaValue(arguments.alpha)
        return makeColor(.hwb, [hue, whiteness, blackness], alpha: alpha, isLegacy: true)
    }

    /// `lab()` / `oklab()`: lightness (clamped), then a and b.
    mutating func parseLab(function: String) throws(ColorSyntaxError) -> CSSColor {
        let isOK = function == "oklab"
        let arguments = try readArguments(function: function, allowsCommas: false)
        let maximumLightness = isOK ? 1.0 : 100.0
        var lightness = try scalarValue(arguments.components[0], function: function, percentScale: maximumLightness)
        lightness.0 = Self.clamped(lightness.0, 0, maximumLightness)
        let axisScale = isOK ? 0.4 : 125
        var a = try scalarValue(arguments.components[1], function: function, percentScale: axisScale)
        var b = try scalarValue(arguments.components[2], function: function, percentScale: axisScale)
        a.0 = Self.limited(a.0)
        b.0 = Self.limited(b.0)
        let alpha = try alphaValue(arguments.alpha)
        return makeColor(isOK ? .oklab : .lab, [lightness, a, b], alpha: alpha, isLegacy: false)
    }

    /// `lch()` / `oklch()`: lightness (clamped), chroma (at least 0) and hue.
    mutating func parseLCH(function: String) throws(ColorSyntaxError) -> CSSColor {
        let isOK = function == "oklch"
        let arguments = try readArguments(function: function, allowsCommas: false)
        let maximumLightness = isOK ? 1.0 : 100.0
        var lightness = try scalarValue(arguments.components[0], function: function, percentScale: maximumLightness)
        lightness.0 = Self.clamped(lightness.0, 0, maximumLightness)
        var chroma = try scalarValue(arguments.components[1], function: function, percentScale: isOK ? 0.4 : 150)
        chroma.0 = Self.clamped(chroma.0, 0, Self.componentLimit)
        let hue = try hueValue(arguments.components[2])
        let alpha = try alphaValue(arguments.alpha)
        return makeColor(isOK ? .oklch : .lch, [lightness, chroma, hue], alpha: alpha, isLegacy: false)
    }

    private static func isPercentage(_ token: ColorToken) -> Bool {
        if case .percentage = token.value { return true }
        return false
    }
}
