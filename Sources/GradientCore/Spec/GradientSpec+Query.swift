extension GradientSpec {
    /// The parameters that `css` replaces: it gives the whole gradient, so none of these may accompany it.
    static let parametersExclusiveWithCSS =
        [
            "colors", "preset", "base", "percentage", "type", "dir", "angle", "start", "end", "center", "shape",
            "size", "from", "spread", "space", "hue",
        ] + MeshDescription.parameters

    /// Parses and validates the parameters of a `/gradient` request (already percent-decoded, in order): the
    /// gradient as ``ImageRequest/spec`` gives it, the spec a PNG of the request is rendered from.
    ///
    /// The gradient comes either from `css` (a CSS `<gradient>` function, or up to eight separated by commas with
    /// their `blend` modes; its syntax errors are ``SpecError/cssSyntax(offset:token:message:)``) or from `colors` (or a `preset`, or `base` and `percentage`)
    /// with the geometry and colour parameters.
    /// Unknown, repeated and empty parameters, mutually exclusive combinations, malformed values and sizes past
    /// `limits` are refused with a ``SpecError`` naming the parameter and the offending token; sizes are checked
    /// before anything is allocated for them.
    public init(queryItems: [(name: String, value: String)], limits: SpecLimits = .standard) throws(SpecError) {
        self = try ImageRequest(queryItems: queryItems, limits: limits).spec
    }

    /// The gradient of already-checked `parameters`; `dither` defaults to on.
    init(parameters: QueryParameters, limits: SpecLimits) throws(SpecError) {
        let size = try ImageSize(parameters: parameters, limits: limits)
        let descriptions: [GradientDescription]
        if let css = parameters["css"] {
            try parameters.refuse(
                Self.parametersExclusiveWithCSS, because: "css",
                reason:
                    "css gives the whole gradient; only width, height, scale, dither, depth, format, quality, "
                    + "compression, gamut, blend, grain and seed combine with it")
            descriptions = try CSSGradientParser.parse(css, limits: limits)
        } else {
            if parameters.has("blend") {
                let reason =
                    "blend is the background-blend-mode of a layered css= (gradients separated by commas, the first "
                    + "on top), such as css=linear-gradient(red,blue),radial-gradient(white,black)&blend=multiply"
                if let other = ["colors", "preset", "base"].first(where: parameters.has) {
                    throw .conflictingParameters(parameter: "blend", other: other, reason: reason)
                }
                throw .missingParameter(parameter: "css", reason: reason)
            }
            descriptions = [try GradientDescription(parameters: parameters, limits: limits)]
        }
        let dither = try parameters.keyword(
            "dither", ["on": true, "true": true, "1": true, "off": false, "false": false, "0": false], default: true)
        let depth = try parameters.keyword("depth", ["8": BitDepth.eight, "16": .sixteen], default: .eight)
        var layers: [GradientSpec] = []
        for description in descriptions {
            layers.append(try GradientSpec(description: description, size: size, dither: dither, depth: depth))
        }
        let modes = try BlendModeList.modes(parameters["blend"], layerCount: layers.count)
        self = Self.stacking(layers, modes: modes)
        (grain, seed) = try Self.grain(parameters)
        gamut = try parameters.keyword("gamut", OutputGamut.keywords, default: .srgb)
    }

    /// `grain` (a number from 0 to 1) and `seed` (an integer from 0 to 4294967295, default 0). Without grain
    /// (`grain` absent or 0) a valid `seed` changes nothing, so a grain slider at zero keeps its URL valid: both drop
    /// out of the spec, whose canonical form and ETag are those of the query without them.
    static func grain(_ parameters: QueryParameters) throws(SpecError) -> (Double, UInt32) {
        var amount = 0.0
        if let text = parameters["grain"] {
            guard let value = NumberSyntax.number(text), value >= 0, value <= 1 else {
                throw .invalidValue(
                    parameter: "grain", token: String(text), expected: "a number from 0 (no grain) to 1, such as 0.2")
            }
            amount = Quantized.value(value)
        }
        var seed: UInt32 = 0
        if let text = parameters["seed"] {
            guard let value = NumberSyntax.integer(text, maxDigits: 10), value <= Int(UInt32.max) else {
                throw .invalidValue(
                    parameter: "seed", token: String(text), expected: "an integer from 0 to 4294967295")
            }
            seed = UInt32(value)
        }
        return amount > 0 ? (amount, seed) : (0, 0)
    }
}
