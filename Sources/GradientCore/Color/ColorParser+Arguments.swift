/// The arguments of a colour function: three components and an optional alpha.
struct ColorArguments {
    var components: [ColorToken]
    var alpha: ColorToken?
    /// Whether they were written in the legacy comma-separated syntax.
    var isCommaSeparated: Bool
}

extension ColorParser {
    /// Largest magnitude kept for components without a CSS range, so that conversions stay finite.
    static let componentLimit = 1e6

    static func limited(_ value: Double) -> Double {
        min(max(value, -componentLimit), componentLimit)
    }

    static func clamped(_ value: Double, _ low: Double, _ high: Double) -> Double {
        min(max(value, low), high)
    }

    // MARK: Argument lists

    /// Reads three components and an optional alpha, in the space syntax or (when `allowsCommas`) the legacy
    /// comma syntax, through the closing `)`.
    mutating func readArguments(function: String, allowsCommas: Bool) throws(ColorSyntaxError) -> ColorArguments {
        let noun = function.hasPrefix("rgb") ? "channels" : "components"
        let short = "\(function)() takes 3 \(noun)"
        var components = [try readComponent(function: function, shortMessage: short)]
        try skipWhitespaceAndComments()
        if peek == UInt8(ascii: ",") {
            guard allowsCommas && channelKeywords.isEmpty else {
                throw error("\(function)() takes space-separated components, not commas")
            }
            return try readCommaArguments(function: function, first: components[0], shortMessage: short)
        }
        for _ in 0..<2 {
            components.append(try readComponent(function: function, shortMessage: short))
            try skipWhitespaceAndComments()
            if peek == UInt8(ascii: ",") {
                throw error("\(function)() cannot mix commas and spaces")
            }
        }
        var alpha: ColorToken?
        if peek == UInt8(ascii: "/") {
            position += 1
            alpha = try readComponent(function: function, shortMessage: "expected alpha after '/'")
            try skipWhitespaceAndComments()
        }
        try expectClose(function: function, noun: noun, hasAlpha: alpha != nil)
        return ColorArguments(components: components, alpha: alpha, isCommaSeparated: false)
    }

    private mutating func readCommaArguments(
        function: String, first: ColorToken, shortMessage: String
    ) throws(ColorSyntaxError) -> ColorArguments {
        var components = [first]
        var alpha: ColorToken?
        for index in 1...3 {
            guard peek == UInt8(ascii: ",") else { break }
            position += 1
            let token = try readComponent(
                function: function, shortMessage: index == 3 ? "expected alpha after ','" : shortMessage)
            if index == 3 { alpha = token } else { components.append(token) }
            try skipWhitespaceAndComments()
            if index < 2 && peek != UInt8(ascii: ",") {
                if peek == UInt8(ascii: ")") || peek == nil { throw error(shortMessage) }
                throw error("expected ',' (\(function)() cannot mix commas and spaces)")
            }
        }
        guard components.count == 3 else { throw error(shortMessage) }
        if peek == UInt8(ascii: ",") { throw error("\(function)() takes at most 4 arguments") }
        try expectClose(function: function, noun: "channels", hasAlpha: true)
        for token in components + (alpha.map { [$0] } ?? []) {
            if case .none = token.value {
                throw error("'none' is not allowed in the comma-separated syntax", at: token.offset)
            }
        }
        return ColorArguments(components: components, alpha: alpha, isCommaSeparated: true)
    }

    private mutating func expectClose(function: String, noun: String, hasAlpha: Bool) throws(ColorSyntaxError) {
        guard let b = peek else { throw error("expected ')'") }
        if b == UInt8(ascii: ")") {
            position += 1
            return
        }
        if !hasAlpha, token(at: position).startsValue {
            throw error("\(function)() takes 3 \(noun)")
        }
        throw error("expected ')'")
    }

    // MARK: Values

    /// Alpha as a number or percentage, clamped to 0…1; `none` is missing. Left out, it is 1, or the origin's
    /// alpha in a relative colour.
    func alphaValue(_ token: ColorToken?) throws(ColorSyntaxError) -> (Double, missing: Bool) {
        guard let token else { return (channelKeywords["alpha"] ?? 1, false) }
        switch token.value {
        case .number(let n): return (Self.clamped(n, 0, 1), false)
        case .percentage(let p): return (Self.clamped(p / 100, 0, 1), false)
        case .none: return (0, true)
        case .dimension: throw error("alpha must be a number or percentage", at: token.offset)
        }
    }

    /// A hue as a number (degrees) or an angle, normalised to [0, 360); `none` is missing.
    func hueValue(_ token: ColorToken) throws(ColorSyntaxError) -> (Double, missing: Bool) {
        switch token.value {
        case .number(let n): return (ElementaryMath.normalizedDegrees(n), false)
        case .none: return (0, true)
        case .percentage: throw error("hue must be a number or an angle", at: token.offset)
        case .dimension(let value, let unit):
            let degrees: Double
            switch unit {
            case "deg": degrees = value
            case "grad": degrees = value.truncatingRemainder(dividingBy: 400) * 0.9
            case "turn": degrees = value.truncatingRemainder(dividingBy: 1) * 360
            case "rad": degrees = value.truncatingRemainder(dividingBy: 2 * .pi) * (180 / .pi)
            default: throw error("unknown angle unit \"\(unit)\"", at: token.offset)
            }
            return (ElementaryMath.normalizedDegrees(degrees), false)
        }
    }

    /// A component written as a number or a percentage (`percentScale` is the value of 100%); `none` is missing.
    func scalarValue(
        _ token: ColorToken, function: String, percentScale: Double, allowsNumber: Bool = true
    ) throws(ColorSyntaxError) -> (Double, missing: Bool) {
        switch token.value {
        case .number(let n) where allowsNumber: return (n, false)
        case .percentage(let p): return (p / 100 * percentScale, false)
        case .none: return (0, true)
        case .number: throw error("\(function)() takes percentages here", at: token.offset)
        case .dimension(_, let unit):
            throw error("unexpected unit \"\(unit)\" in \(function)()", at: token.offset)
        }
    }

    func makeColor(
        _ space: ColorSpace, _ values: [(Double, missing: Bool)], alpha: (Double, missing: Bool), isLegacy: Bool
    ) -> CSSColor {
        var missing: MissingComponents = alpha.missing ? .alpha : []
        var components = SIMD3<Double>.zero
        for index in 0..<3 {
            if values[index].missing {
                missing.insert(.component(index))
            } else {
                components[index] = values[index].0
            }
        }
        // A `none` makes `rgb()`, `hsl()` and `hwb()` modern colours, which Chromium does not count as legacy
        // (a gradient holding one defaults to oklab).
        return CSSColor(
            space: space, components: components, alpha: alpha.0, missing: missing,
            isLegacy: isLegacy && missing.isEmpty)
    }
}
