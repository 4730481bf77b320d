extension GradientSpec {
    /// The parameters that `css` replaces: it gives the whole gradient, so none of these may accompany it.
    static let parametersExclusiveWithCSS =
        [
            "colors", "base", "percentage", "type", "dir", "angle", "start", "end", "center", "shape", "size", "from",
            "spread", "space", "hue",
        ] + MeshDescription.parameters

    /// Parses and validates the parameters of a `/gradient` request (already percent-decoded, in order): the
    /// gradient as ``ImageRequest/spec`` gives it, the spec a PNG of the request is rendered from.
    ///
    /// The gradient comes either from `css` (a CSS `<gradient>` function; its syntax errors are
    /// ``SpecError/cssSyntax(offset:token:message:)``) or from `colors` (or `base` and `percentage`) with the geometry
    /// and colour parameters.
    /// Unknown, repeated and empty parameters, mutually exclusive combinations, malformed values and sizes past
    /// `limits` are refused with a ``SpecError`` naming the parameter and the offending token; sizes are checked
    /// before anything is allocated for them.
    public init(queryItems: [(name: String, value: String)], limits: SpecLimits = .standard) throws(SpecError) {
        self = try ImageRequest(queryItems: queryItems, limits: limits).spec
    }

    /// The gradient of already-checked `parameters`; `dither` defaults to on.
    init(parameters: QueryParameters, limits: SpecLimits) throws(SpecError) {
        let size = try ImageSize(parameters: parameters, limits: limits)
        let description: GradientDescription
        if let css = parameters["css"] {
            try parameters.refuse(
                Self.parametersExclusiveWithCSS, because: "css",
                reason:
                    "css gives the whole gradient; only width, height, scale, dither, depth, format and quality "
                    + "combine with it")
            description = try CSSGradientParser.parse(css, limits: limits)
        } else {
            description = try GradientDescription(parameters: parameters, limits: limits)
        }
        let dither = try parameters.keyword(
            "dither", ["on": true, "true": true, "1": true, "off": false, "false": false, "0": false], default: true)
        let depth = try parameters.keyword("depth", ["8": BitDepth.eight, "16": .sixteen], default: .eight)
        try self.init(description: description, size: size, dither: dither, depth: depth)
    }
}
