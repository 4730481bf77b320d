extension GradientDescription {
    /// Builds the description from the query parameters `colors` (or `base` and `percentage`), `type`, `space`,
    /// `hue`, `spread` and the geometry parameters.
    init(parameters: QueryParameters, limits: SpecLimits) throws(SpecError) {
        let kind = try parameters.keyword(
            "type", ["linear": GeometryParameters.Kind.linear, "radial": .radial, "conic": .conic], default: .linear)
        let colors = try ColorSource(parameters: parameters, limits: limits)
        let spaces = Dictionary(
            uniqueKeysWithValues: ColorSpace.cssNames.compactMap { name in ColorSpace(cssName: name).map { (name, $0) }
            })
        let space = try parameters.keyword(
            "space", spaces, default: Self.allLegacy(colors.entries) ? ColorSpace.srgb : .oklab)
        let hue = try parameters.keyword(
            "hue", Dictionary(uniqueKeysWithValues: HueInterpolation.allCases.map { ($0.rawValue, $0) }),
            default: .shorter)
        if parameters.has("hue") && !space.isPolar {
            throw .conflictingParameters(
                parameter: "hue", other: "space=\(space.rawValue)",
                reason: "hue interpolation applies to polar spaces (oklch, lch, hsl, hwb)")
        }
        shape = try GeometryParameters.shape(kind: kind, parameters: parameters)
        spread = try parameters.keyword(
            "spread", Dictionary(uniqueKeysWithValues: Spread.allCases.map { ($0.rawValue, $0) }), default: .pad)
        entries = colors.entries
        self.space = space
        self.hue = space.isPolar ? hue : .shorter
    }
}
