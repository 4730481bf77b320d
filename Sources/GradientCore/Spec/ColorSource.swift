/// Where a request's colours come from: `colors`, a `preset`, or `base` with `percentage` (Slope's
/// PercentageGradient).
struct ColorSource {
    var entries: [RawStopEntry]

    init(parameters: QueryParameters, limits: SpecLimits) throws(SpecError) {
        if let name = parameters["preset"] {
            try parameters.refuse(
                ["colors", "base", "percentage"], because: "preset", reason: "the preset supplies the colours")
            guard let preset = GradientPreset.named(name) else {
                throw .unknownPreset(name: String(name), nearest: GradientPreset.nearestNames(to: name))
            }
            entries = try StopListSyntax.parse(
                Substring(preset.colors.joined(separator: ",")), parameter: "preset", limit: limits.maxStops)
            return
        }
        if let colors = parameters["colors"] {
            try parameters.refuse(["base"], because: "colors", reason: "give either colors or base with percentage")
            try parameters.refuse(["percentage"], because: "colors", reason: "percentage goes with base")
            entries = try StopListSyntax.parse(
                colors, parameter: "colors", limit: limits.maxStops, endsQuery: parameters.lastName == "colors")
            return
        }
        guard let baseText = parameters["base"] else {
            if parameters.has("percentage") {
                throw .missingParameter(parameter: "base", reason: "percentage goes with base")
            }
            throw .missingParameter(parameter: "colors", reason: "give colors (or a preset, or base with percentage)")
        }
        guard let percentageText = parameters["percentage"] else {
            throw .missingParameter(parameter: "percentage", reason: "base needs a percentage such as 0.06 or 6%")
        }
        let base: CSSColor
        do {
            base = try CSSColor(parsing: baseText, allowsBareHex: true)
        } catch {
            throw .invalidColor(parameter: "base", token: String(baseText), reason: error.message)
        }
        guard case .fraction(let percentage)? = StopListSyntax.position(percentageText), percentage >= 0,
            percentage <= 1
        else {
            throw .invalidValue(
                parameter: "percentage", token: String(percentageText),
                expected: "a fraction from 0 to 1 (0.06) or a percentage from 0% to 100% (6%)")
        }
        entries = [
            .stop(color: Self.brightness(of: base, shiftedBy: percentage), positions: [], token: baseText),
            .stop(color: Self.brightness(of: base, shiftedBy: -percentage), positions: [], token: baseText),
        ]
    }

    /// `color` with its HSB brightness moved by `shift` and clamped to [0, 1], hue and saturation kept.
    static func brightness(of color: CSSColor, shiftedBy shift: Double) -> CSSColor {
        let rgb = color.space.toSRGB(color.components)
        let clipped = SIMD3(min(max(rgb.x, 0), 1), min(max(rgb.y, 0), 1), min(max(rgb.z, 0), 1))
        let value = max(clipped.x, clipped.y, clipped.z)
        let newValue = min(max(value + shift, 0), 1)
        let shifted: SIMD3<Double>
        if value > 0 {
            shifted = clipped * (newValue / value)
        } else {
            shifted = SIMD3(repeating: newValue)
        }
        return CSSColor(space: .srgb, components: shifted, alpha: color.alpha, missing: [], isLegacy: true)
    }
}
