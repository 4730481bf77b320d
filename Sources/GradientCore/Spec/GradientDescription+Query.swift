extension GradientDescription {
    /// Builds the description from the query parameters `colors` (or `base` and `percentage`), `type`, `space`,
    /// `hue`, `spread` and the geometry parameters.
    init(parameters: QueryParameters, limits: SpecLimits) throws(SpecError) {
        // nil for type=mesh, whose shape is not built from the geometry parameters.
        let kind = try parameters.keyword(
            "type",
            ["linear": GeometryParameters.Kind?.some(.linear), "radial": .radial, "conic": .conic, "mesh": nil],
            default: .linear)
        let colors = try ColorSource(parameters: parameters, limits: limits)
        let spaces = Dictionary(
            uniqueKeysWithValues: ColorSpace.cssNames.compactMap { name in ColorSpace(cssName: name).map { (name, $0) }
            })
        let space = try parameters.keyword(
            "space", spaces, default: kind == nil || Self.allLegacy(colors.entries) ? ColorSpace.srgb : .oklab)
        let hue = try parameters.keyword(
            "hue", Dictionary(uniqueKeysWithValues: HueInterpolation.allCases.map { ($0.rawValue, $0) }),
            default: .shorter)
        if parameters.has("hue") && !space.isPolar {
            throw .conflictingParameters(
                parameter: "hue", other: "space=\(space.rawValue)",
                reason: "hue interpolation applies to polar spaces (oklch, lch, hsl, hwb)")
        }
        if let kind {
            try parameters.refuse(
                MeshDescription.parameters, because: "type=\(kind.rawValue)", reason: "it applies to type=mesh")
            shape = try GeometryParameters.shape(kind: kind, parameters: parameters)
        } else {
            shape = .mesh(try MeshDescription(parameters: parameters, entries: colors.entries))
        }
        spread = try parameters.keyword(
            "spread", Dictionary(uniqueKeysWithValues: Spread.allCases.map { ($0.rawValue, $0) }), default: .pad)
        entries = colors.entries
        self.space = space
        self.hue = space.isPolar ? hue : .shorter
    }
}
