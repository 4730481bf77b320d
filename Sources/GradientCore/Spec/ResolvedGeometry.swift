/// A ``GradientDescription/Shape`` resolved against the image size into a ``GradientGeometry`` in device pixels,
/// with what is needed to resolve stop positions into that geometry's reference units.
struct ResolvedGeometry {
    /// The kind of gradient; nil for a mesh, which takes no stop positions.
    let kind: GeometryParameters.Kind?
    let geometry: GradientGeometry
    /// Device pixels per unit of stop position; nil when the geometry is degenerate (positions are device pixels).
    let referenceLength: Double?
    /// Whether percentages and fractions resolve to zero (a degenerate radial gradient, as CSS).
    let fractionsCollapse: Bool
    /// Whether lengths resolve to zero too: an ending shape of zero width or height, whose gradient length Blink
    /// takes as 0 (`AddStops` puts every length stop at offset 0 when `r1` is 0).
    let lengthsCollapse: Bool
    let scale: Double
    /// The image in CSS pixels: the viewport of viewport units.
    let viewport: (width: Double, height: Double)

    init(_ shape: GradientDescription.Shape, size: ImageSize) {
        scale = size.scale
        viewport = (Double(size.cssWidth), Double(size.cssHeight))
        let width = Double(size.pixelWidth)
        let height = Double(size.pixelHeight)
        switch shape {
        case .linear(let direction):
            kind = .linear
            let (start, end) = Self.linearEnds(
                direction, width: width, height: height, scale: scale, viewport: viewport)
            geometry = .linear(start: start, end: end)
            let length = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
            referenceLength = length > 0 ? length : nil
            fractionsCollapse = length == 0
            lengthsCollapse = false
        case .radial(let centerDescription, let size):
            kind = .radial
            let center = centerDescription.resolved(width: width, height: height, scale: scale, viewport: viewport)
            let (radiusX, radiusY) = RadialSize.radii(
                size, center: center, width: width, height: height, scale: scale, viewport: viewport)
            geometry = .radial(center: center, radiusX: radiusX, radiusY: radiusY)
            referenceLength = radiusX > 0 && radiusY > 0 ? radiusX : nil
            // Blink keeps percentages on a shape of zero width or height, and puts every length at 0.
            fractionsCollapse = false
            lengthsCollapse = !(radiusX > 0 && radiusY > 0)
        case .conic(let centerDescription, let from):
            kind = .conic
            let center = centerDescription.resolved(width: width, height: height, scale: scale, viewport: viewport)
            geometry = .conic(center: center, fromDegrees: ElementaryMath.normalizedDegrees(from))
            referenceLength = 1
            fractionsCollapse = false
            lengthsCollapse = false
        case .mesh(let mesh):
            kind = nil
            geometry = .mesh(mesh.resolved(pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight))
            referenceLength = 1
            fractionsCollapse = false
            lengthsCollapse = false
        }
    }

    /// Resolves one written stop position into reference units; `token` is the stop as written in `colors`.
    func resolve(_ position: RawPosition, token: Substring) throws(SpecError) -> Double {
        switch (position, kind) {
        case (.fraction(let value), _):
            return fractionsCollapse ? 0 : value
        case (.cssPixels(let value), .linear), (.cssPixels(let value), .radial):
            if lengthsCollapse { return 0 }
            let pixels = value * scale
            return referenceLength.map { pixels / $0 } ?? pixels
        case (.degrees(let value), .conic):
            return value / 360
        case (.cssPixels, .conic):
            throw .invalidValue(
                parameter: "colors", token: String(token),
                expected: "a position in %, a fraction or an angle for a conic gradient, not pixels")
        case (.calculated(let expression, let type), _):
            return try resolve(expression, type: type, token: token)
        case (.cssPixels, nil):
            throw .invalidMesh(parameter: "colors", reason: "a mesh takes one colour per vertex, without positions")
        case (.degrees, _):
            throw .invalidValue(
                parameter: "colors", token: String(token),
                expected: "a position in %, a fraction or pixels; angles apply to conic gradients")
        }
    }

    /// Resolves a stop position written with math functions: a length-percentage along the line or ray, an
    /// angle-percentage around a conic gradient, or (in `colors`) a number, which is a fraction.
    private func resolve(
        _ expression: CSSMathExpression, type: CSSMathType, token: Substring
    ) throws(SpecError) -> Double {
        func value(basis: Double) -> Double {
            expression.censoredValue(
                in: CSSMathExpression.Context(
                    percentBasis: basis, viewportWidth: viewport.width, viewportHeight: viewport.height))
        }
        switch (type, kind) {
        case (.number, _):
            return fractionsCollapse ? 0 : value(basis: 0)
        case (.length, .linear), (.length, .radial):
            if lengthsCollapse { return 0 }
            guard let referenceLength else { return value(basis: 0) * scale }
            return value(basis: referenceLength / scale) * scale / referenceLength
        case (.angle, .conic):
            return value(basis: 360) / 360
        case (.length, _):
            return try resolve(.cssPixels(0), token: token)
        default:
            return try resolve(.degrees(0), token: token)
        }
    }

    static func linearEnds(
        _ direction: GradientDescription.LinearDirection, width: Double, height: Double, scale: Double,
        viewport: (width: Double, height: Double)
    ) -> (PixelPoint, PixelPoint) {
        let degrees: Double
        switch direction {
        case .points(let start, let end):
            return (
                start.resolved(width: width, height: height, scale: scale, viewport: viewport),
                end.resolved(width: width, height: height, scale: scale, viewport: viewport)
            )
        case .angle(let value):
            degrees = value
        case .corner(let x, let y):
            degrees = ElementaryMath.atan2(x * height, -y * width) * (180 / Double.pi)
        }
        let (sin, cos) = ElementaryMath.sinCosDegrees(degrees)
        let halfLength = (abs(width * sin) + abs(height * cos)) / 2
        let center = PixelPoint(x: width / 2, y: height / 2)
        return (
            PixelPoint(x: center.x - sin * halfLength, y: center.y + cos * halfLength),
            PixelPoint(x: center.x + sin * halfLength, y: center.y - cos * halfLength)
        )
    }
}
