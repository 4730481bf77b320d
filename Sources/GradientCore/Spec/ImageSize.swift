/// The output image size: CSS pixels, device pixel ratio and the resulting device pixels, checked against limits.
struct ImageSize {
    var cssWidth: Int
    var cssHeight: Int
    var scale: Double
    var pixelWidth: Int
    var pixelHeight: Int

    init(parameters: QueryParameters, limits: SpecLimits) throws(SpecError) {
        cssWidth = try Self.dimension("width", parameters, limits: limits)
        cssHeight = try Self.dimension("height", parameters, limits: limits)
        scale = 1
        if let text = parameters["scale"] {
            guard let value = NumberSyntax.number(text), value >= 1, value <= 4 else {
                throw .invalidValue(parameter: "scale", token: String(text), expected: "a number from 1 to 4")
            }
            scale = value
        }
        let width = (Double(cssWidth) * scale).rounded()
        let height = (Double(cssHeight) * scale).rounded()
        let side = Double(limits.maxPixelSide)
        guard width <= side, height <= side else {
            let culprit =
                scale > 1 ? "scale" : width > side ? "width" : "height"
            throw .imageTooLarge(
                parameter: culprit, pixelWidth: Int(min(width, 1e15)), pixelHeight: Int(min(height, 1e15)),
                limits: limits)
        }
        pixelWidth = max(1, Int(width))
        pixelHeight = max(1, Int(height))
        let (area, overflow) = pixelWidth.multipliedReportingOverflow(by: pixelHeight)
        guard !overflow, area <= limits.maxPixels else {
            throw .imageTooLarge(
                parameter: Self.culprit(parameters, cssWidth: cssWidth, cssHeight: cssHeight, scale: scale, limits),
                pixelWidth: pixelWidth, pixelHeight: pixelHeight, limits: limits)
        }
    }

    /// The parameter to lower when the area is over the limit: `scale` when the CSS size alone fits, else the size
    /// parameter given (the larger one, `width` on a tie, when both are).
    private static func culprit(
        _ parameters: QueryParameters, cssWidth: Int, cssHeight: Int, scale: Double, _ limits: SpecLimits
    ) -> String {
        if scale > 1 && cssWidth * cssHeight <= limits.maxPixels { return "scale" }
        switch (parameters.has("width"), parameters.has("height")) {
        case (true, false): return "width"
        case (false, true): return "height"
        default: return cssHeight > cssWidth ? "height" : "width"
        }
    }

    private static func dimension(
        _ name: String, _ parameters: QueryParameters, limits: SpecLimits
    ) throws(SpecError) -> Int {
        guard let text = parameters[name] else { return min(512, limits.maxCSSDimension) }
        guard let value = NumberSyntax.integer(text), value >= 1, value <= limits.maxCSSDimension else {
            throw .invalidValue(
                parameter: name, token: String(text), expected: "an integer from 1 to \(limits.maxCSSDimension)")
        }
        return value
    }
}
