extension GradientSpec {
    /// Parses and validates the parameters of a `/gradient` request (already percent-decoded, in order).
    ///
    /// Unknown, repeated and empty parameters, mutually exclusive combinations, malformed values and sizes past
    /// `limits` are refused with a ``SpecError`` naming the parameter and the offending token; sizes are checked
    /// before anything is allocated for them.
    public init(queryItems: [(name: String, value: String)], limits: SpecLimits = .standard) throws(SpecError) {
        let parameters = try QueryParameters(queryItems)
        _ = try parameters.keyword("format", ["png": true], default: true)
        if parameters.has("css") {
            throw .unsupportedParameter(name: "css", reason: "CSS gradient syntax is not available in this version")
        }
        let size = try ImageSize(parameters: parameters, limits: limits)
        let kind = try parameters.keyword(
            "type", ["linear": GeometryParameters.Kind.linear, "radial": .radial, "conic": .conic], default: .linear)
        let colors = try ColorSource(parameters: parameters, limits: limits)
        let space = try Self.interpolationSpace(parameters, colors: colors)
        let hue = try parameters.keyword(
            "hue", Dictionary(uniqueKeysWithValues: HueInterpolation.allCases.map { ($0.rawValue, $0) }),
            default: .shorter)
        if parameters.has("hue") && !space.isPolar {
            throw .conflictingParameters(
                parameter: "hue", other: "space=\(space.rawValue)",
                reason: "hue interpolation applies to polar spaces (oklch, lch, hsl, hwb)")
        }
        let geometry = try GeometryParameters(kind: kind, parameters: parameters, size: size)
        let spread = try parameters.keyword(
            "spread", Dictionary(uniqueKeysWithValues: Spread.allCases.map { ($0.rawValue, $0) }), default: .pad)
        let dither = try parameters.keyword(
            "dither", ["on": true, "true": true, "1": true, "off": false, "false": false, "0": false], default: true)
        let depth = try parameters.keyword("depth", ["8": BitDepth.eight, "16": .sixteen], default: .eight)

        var items: [StopFixup.Item<CSSColor>] = []
        items.reserveCapacity(colors.entries.count + 2)
        for entry in colors.entries {
            switch entry {
            case .stop(let color, let positions, let token):
                if positions.isEmpty { items.append(.stop(color, position: nil)) }
                for position in positions {
                    items.append(.stop(color, position: try geometry.resolve(position, token: token)))
                }
            case .hint(let position, let token):
                items.append(.hint(position: try geometry.resolve(position, token: token)))
            }
        }
        let fixedUp = StopFixup.fixUp(items)
        let stops = fixedUp.indices.map { index in
            let stop = fixedUp[index]
            var hint = stop.hintToNext.map(Quantized.value)
            if let position = hint, index + 1 < fixedUp.count,
                position == Quantized.value((stop.position + fixedUp[index + 1].position) / 2)
            {
                hint = nil  // a hint half-way is a linear blend
            }
            return GradientStop(
                position: Quantized.value(stop.position),
                color: Quantized.color(stop.color.interpolationColor(in: space)), hintToNext: hint)
        }
        self.init(
            pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight, geometry: Quantized.geometry(geometry.geometry),
            stops: stops, spread: spread, space: space, hue: space.isPolar ? hue : .shorter,
            dither: dither && depth == .eight,
            depth: depth)
    }

    private static func interpolationSpace(
        _ parameters: QueryParameters, colors: ColorSource
    ) throws(SpecError) -> ColorSpace {
        let spaces = Dictionary(uniqueKeysWithValues: ColorSpace.allCases.map { ($0.rawValue, $0) })
        let legacyDefault: ColorSpace = colors.allLegacy ? .srgb : .oklab
        return try parameters.keyword("space", spaces, default: legacyDefault)
    }
}

/// Where a request's colours come from: `colors`, or `base` with `percentage` (Slope's PercentageGradient).
struct ColorSource {
    var entries: [RawStopEntry]

    var allLegacy: Bool {
        entries.allSatisfy { entry in
            if case .stop(let color, _, _) = entry { return color.isLegacy }
            return true
        }
    }

    init(parameters: QueryParameters, limits: SpecLimits) throws(SpecError) {
        if let colors = parameters["colors"] {
            try parameters.refuse(["base"], because: "colors", reason: "give either colors or base with percentage")
            try parameters.refuse(["percentage"], because: "colors", reason: "percentage goes with base")
            entries = try StopListSyntax.parse(colors, parameter: "colors", limit: limits.maxStops)
            return
        }
        guard let baseText = parameters["base"] else {
            if parameters.has("percentage") {
                throw .missingParameter(parameter: "base", reason: "percentage goes with base")
            }
            throw .missingParameter(parameter: "colors", reason: "give colors (or base with percentage)")
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
