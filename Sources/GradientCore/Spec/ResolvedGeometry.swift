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
            // The angle Blink draws (a float in [0, 360)), which its float end points lose; along an axis they are
            // exact.
            var bearing: Double? = nil
            if case .angle(let degrees) = direction, let angle = Self.blinkOffAxisBearing(Float(degrees)) {
                bearing = Double(angle)
            }
            geometry = .linear(start: start, end: end, bearing: bearing)
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
        let size = SIMD2<Float>(Float(width / scale), Float(height / scale))
        let degrees: Float
        switch direction {
        case .points(let start, let end):
            return (
                start.resolved(width: width, height: height, scale: scale, viewport: viewport),
                end.resolved(width: width, height: height, scale: scale, viewport: viewport)
            )
        case .angle(let value):
            degrees = Float(value)
        case .corner(let x, let y):
            // Blink's "magic corners": the bearing of the diagonal, in floats.
            let rise = y > 0 ? -size.x : size.x
            let run = x < 0 ? -size.y : size.y
            degrees = 90 - Float(ElementaryMath.atan2(Double(rise), Double(run))) * 180 / blinkPi
        }
        guard let ends = blinkEnds(degrees: degrees, size: size) else {
            // Along an axis Blink's points are exact, as these are.
            let (sin, cos) = ElementaryMath.sinCosDegrees(Double(degrees))
            let halfLength = (abs(width * sin) + abs(height * cos)) / 2
            let center = PixelPoint(x: width / 2, y: height / 2)
            return (
                PixelPoint(x: center.x - sin * halfLength, y: center.y + cos * halfLength),
                PixelPoint(x: center.x + sin * halfLength, y: center.y - cos * halfLength)
            )
        }
        let pixels = Float(scale)
        return (
            PixelPoint(x: Double(ends.0.x * pixels), y: Double(ends.0.y * pixels)),
            PixelPoint(x: Double(ends.1.x * pixels), y: Double(ends.1.y * pixels))
        )
    }

    /// `degrees` in [0, 360) as Blink reduces it in floats (`fmodf`), or nil along an axis, where Blink's end points
    /// are exact.
    private static func blinkOffAxisBearing(_ degrees: Float) -> Float? {
        var angle = degrees.truncatingRemainder(dividingBy: 360)
        if angle < 0 { angle += 360 }
        return angle.truncatingRemainder(dividingBy: 90) != 0 ? angle : nil
    }

    /// π as C rounds it to a float (`kPiFloat`); Swift's `Float.pi` is one ulp below.
    private static let blinkPi = Float(Double.pi)

    /// The end points Blink gives a linear gradient of bearing `degrees` over a box of `size` CSS pixels
    /// (`EndPointsFromAngle`), in its float arithmetic: through the tangent of the direction and the perpendicular
    /// through the corner it points to, whose float error near the axes Chromium draws; nil along an axis.
    private static func blinkEnds(degrees: Float, size: SIMD2<Float>) -> (SIMD2<Float>, SIMD2<Float>)? {
        guard let angle = blinkOffAxisBearing(degrees) else { return nil }
        let slope = floatTangent((90 - angle) * (blinkPi / 180))
        let perpendicularSlope = -1 / slope
        let half = size / 2
        let corner: SIMD2<Float>
        if angle < 90 {
            corner = SIMD2(half.x, half.y)
        } else if angle < 180 {
            corner = SIMD2(half.x, -half.y)
        } else if angle < 270 {
            corner = SIMD2(-half.x, -half.y)
        } else {
            corner = SIMD2(-half.x, half.y)
        }
        let intercept = corner.y - perpendicularSlope * corner.x
        let endX = intercept / (slope - perpendicularSlope)
        let endY = perpendicularSlope * endX + intercept
        return (SIMD2(half.x - endX, half.y + endY), SIMD2(half.x + endX, half.y - endY))
    }

    /// The tangent of `radians` rounded to a float, as C's `tanf` returns it, through the double-precision sine and
    /// cosine, whose error is far below a float's rounding.
    private static func floatTangent(_ radians: Float) -> Float {
        let (sin, cos) = ElementaryMath.sinCosDegrees(Double(radians) * (180 / Double.pi))
        return Float(sin / cos)
    }
}
