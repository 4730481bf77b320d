/// The `shape` and `size` parameters of a radial gradient, and their resolution to radii in device pixels as
/// CSS Images 4 does.
enum RadialSize {
    enum Extent: String, CaseIterable {
        case closestSide = "closest-side", closestCorner = "closest-corner"
        case farthestSide = "farthest-side", farthestCorner = "farthest-corner"
    }

    /// Parses `shape` and `size`: an extent keyword (default `farthest-corner`, shape default ellipse), one radius
    /// in px for a circle, or two radii in px or % for an ellipse.
    static func extent(_ parameters: QueryParameters) throws(SpecError) -> GradientDescription.RadialExtent {
        var isCircle: Bool? = try parameters.keyword("shape", ["circle": true, "ellipse": false], default: nil)
        guard let text = parameters["size"] else { return .keyword(.farthestCorner, isCircle: isCircle ?? false) }
        if let extent = Extent(rawValue: text.lowercased()) { return .keyword(extent, isCircle: isCircle ?? false) }
        let parts = StopListSyntax.splitTopLevel(text, separators: [UInt8(ascii: ",")])
        let keywords = Extent.allCases.map(\.rawValue).joined(separator: ", ")
        if isCircle == nil { isCircle = parts.count == 1 }
        if parts.contains(where: ParameterMath.isMathFunction), parts.count == (isCircle == true ? 1 : 2) {
            let radii = try parts.map { (part) throws(SpecError) in
                ParameterMath.isMathFunction(part)
                    ? try ParameterMath.radius(part, isCircle: isCircle == true) : radius(part)
            }
            if let x = radii[0], let y = radii.last ?? nil { return .radii(x: x, y: y) }
        }
        if isCircle == true {
            guard parts.count == 1, let (value, unit) = NumberSyntax.numberAndUnit(parts[0]), value >= 0,
                unit.isEmpty || unit.lowercased() == "px"
            else {
                throw .invalidValue(
                    parameter: "size", token: String(text),
                    expected: "for a circle, \(keywords) or one radius in px (40 or 40px)")
            }
            return .radii(x: .pixels(value), y: .pixels(value))
        }
        let expected = "for an ellipse, \(keywords) or two radii RX,RY, each in px (40px) or % of the width/height"
        guard parts.count == 2, let radiusX = radius(parts[0]), let radiusY = radius(parts[1]) else {
            throw .invalidValue(parameter: "size", token: String(text), expected: expected)
        }
        return .radii(x: radiusX, y: radiusY)
    }

    private static func radius(_ text: Substring) -> LengthPercentage? {
        guard let (value, unit) = NumberSyntax.numberAndUnit(text), value >= 0 else { return nil }
        switch unit.lowercased() {
        case "", "px": return .pixels(value)
        case "%": return .fraction(value / 100)
        default: return nil
        }
    }

    /// The radii in device pixels of `size` around `center` in an image of `width` × `height` device pixels, whose
    /// size in CSS pixels is `viewport`.
    static func radii(
        _ size: GradientDescription.RadialExtent, center: PixelPoint, width: Double, height: Double, scale: Double,
        viewport: (width: Double, height: Double)
    ) -> (Double, Double) {
        switch size {
        case .keyword(let extent, let isCircle):
            return keywordRadii(extent, isCircle: isCircle, center: center, width: width, height: height)
        case .radii(let x, let y):
            return (
                x.resolved(extent: width, scale: scale, viewport: viewport),
                y.resolved(extent: height, scale: scale, viewport: viewport)
            )
        }
    }

    /// The radii of an extent keyword, as CSS Images 4 §3.2.2 defines them.
    static func keywordRadii(
        _ extent: Extent, isCircle: Bool, center: PixelPoint, width: Double, height: Double
    ) -> (Double, Double) {
        let dxNear = min(abs(center.x), abs(width - center.x))
        let dxFar = max(abs(center.x), abs(width - center.x))
        let dyNear = min(abs(center.y), abs(height - center.y))
        let dyFar = max(abs(center.y), abs(height - center.y))
        switch (extent, isCircle) {
        case (.closestSide, true):
            let r = min(dxNear, dyNear)
            return (r, r)
        case (.farthestSide, true):
            let r = max(dxFar, dyFar)
            return (r, r)
        case (.closestCorner, true):
            let r = (dxNear * dxNear + dyNear * dyNear).squareRoot()
            return (r, r)
        case (.farthestCorner, true):
            let r = (dxFar * dxFar + dyFar * dyFar).squareRoot()
            return (r, r)
        case (.closestSide, false):
            return (dxNear, dyNear)
        case (.farthestSide, false):
            return (dxFar, dyFar)
        case (.closestCorner, false):
            return throughCorner(dx: dxNear, dy: dyNear, sideX: dxNear, sideY: dyNear)
        case (.farthestCorner, false):
            return throughCorner(dx: dxFar, dy: dyFar, sideX: dxFar, sideY: dyFar)
        }
    }

    /// The ellipse through the corner at (dx, dy) from the centre with the aspect ratio sideX : sideY
    /// (that of the matching `-side` keyword): rx = √2·sideX, ry = √2·sideY when dx = sideX and dy = sideY.
    private static func throughCorner(dx: Double, dy: Double, sideX: Double, sideY: Double) -> (Double, Double) {
        guard sideX > 0, sideY > 0 else { return (0, 0) }
        let ratio = sideY / sideX
        let radiusX = (dx * dx + (dy / ratio) * (dy / ratio)).squareRoot()
        return (radiusX, radiusX * ratio)
    }
}
