/// Parsing of the geometry parameters (`dir`, `angle`, `start`/`end`, `center`, `shape`, `size`, `from`) into a
/// ``GradientGeometry`` in device pixels, and of stop positions into that geometry's reference units.
struct GeometryParameters {
    enum Kind: String { case linear, radial, conic }

    let kind: Kind
    let geometry: GradientGeometry
    /// Device pixels per unit of stop position; nil when the geometry is degenerate (positions are device pixels).
    let referenceLength: Double?
    /// Whether percentages and fractions resolve to zero (a degenerate radial gradient, as CSS).
    let fractionsCollapse: Bool
    let scale: Double

    init(kind: Kind, parameters: QueryParameters, size: ImageSize) throws(SpecError) {
        self.kind = kind
        scale = size.scale
        let width = Double(size.pixelWidth)
        let height = Double(size.pixelHeight)
        switch kind {
        case .linear:
            try parameters.refuse(
                ["center", "shape", "size", "from"], because: "type=linear",
                reason: "it applies to radial or conic gradients")
            let (start, end) = try Self.linearEnds(parameters, width: width, height: height, scale: scale)
            geometry = .linear(start: start, end: end)
            let length = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
            referenceLength = length > 0 ? length : nil
            fractionsCollapse = length == 0
        case .radial:
            try parameters.refuse(
                ["dir", "angle", "start", "end", "from"], because: "type=radial",
                reason: "it applies to linear or conic gradients")
            let center = try Self.point("center", parameters, width: width, height: height, scale: scale)
            let (radiusX, radiusY) = try RadialSize.radii(
                parameters, center: center, width: width, height: height, scale: scale)
            geometry = .radial(center: center, radiusX: radiusX, radiusY: radiusY)
            referenceLength = radiusX > 0 && radiusY > 0 ? radiusX : nil
            fractionsCollapse = !(radiusX > 0 && radiusY > 0)
        case .conic:
            try parameters.refuse(
                ["dir", "angle", "start", "end", "shape", "size"], because: "type=conic",
                reason: "it applies to linear or radial gradients")
            let center = try Self.point("center", parameters, width: width, height: height, scale: scale)
            var from = 0.0
            if let text = parameters["from"] {
                guard let degrees = NumberSyntax.angleDegrees(text) else {
                    throw .invalidValue(
                        parameter: "from", token: String(text),
                        expected: "an angle such as 90, 90deg, 0.25turn, 1.5rad or 100grad")
                }
                from = degrees
            }
            geometry = .conic(center: center, fromDegrees: ElementaryMath.normalizedDegrees(from))
            referenceLength = 1
            fractionsCollapse = false
        }
    }

    /// Resolves one written stop position into reference units.
    func resolve(_ position: RawPosition, token: Substring) throws(SpecError) -> Double {
        switch (position, kind) {
        case (.fraction(let value), _):
            return fractionsCollapse ? 0 : value
        case (.cssPixels(let value), .linear), (.cssPixels(let value), .radial):
            let pixels = value * scale
            return referenceLength.map { pixels / $0 } ?? pixels
        case (.degrees(let value), .conic):
            return value / 360
        case (.cssPixels, .conic):
            throw .invalidValue(
                parameter: "colors", token: String(token),
                expected: "a position in %, a fraction or an angle for a conic gradient, not pixels")
        case (.degrees, _):
            throw .invalidValue(
                parameter: "colors", token: String(token),
                expected: "a position in %, a fraction or pixels; angles apply to conic gradients")
        }
    }

    private static let directions: [String: Double] = [
        "vertical": 180, "to-bottom": 180, "horizontal": 90, "to-right": 90, "to-top": 0, "to-left": 270,
    ]
    private static let corners: [String: (x: Double, y: Double)] = [
        "to-top-right": (1, -1), "to-bottom-right": (1, 1), "to-bottom-left": (-1, 1), "to-top-left": (-1, -1),
    ]

    private static func linearEnds(
        _ parameters: QueryParameters, width: Double, height: Double, scale: Double
    ) throws(SpecError) -> (PixelPoint, PixelPoint) {
        if parameters.has("start") || parameters.has("end") {
            guard parameters.has("start") else {
                throw .missingParameter(parameter: "start", reason: "start and end go together")
            }
            guard parameters.has("end") else {
                throw .missingParameter(parameter: "end", reason: "start and end go together")
            }
            try parameters.refuse(
                ["dir", "angle"], because: "start and end", reason: "start and end already give the direction")
            return (
                try point("start", parameters, width: width, height: height, scale: scale),
                try point("end", parameters, width: width, height: height, scale: scale)
            )
        }
        var degrees = 180.0
        if let text = parameters["angle"] {
            guard let value = NumberSyntax.angleDegrees(text) else {
                throw .invalidValue(
                    parameter: "angle", token: String(text),
                    expected: "an angle such as 45, 45deg, 0.125turn, 0.785rad or 50grad")
            }
            degrees = value
        } else if let text = parameters["dir"] {
            let name = text.lowercased()
            if let value = directions[name] {
                degrees = value
            } else if let corner = corners[name] {
                degrees = ElementaryMath.atan2(corner.x * height, -corner.y * width) * (180 / Double.pi)
            } else {
                let names = (Array(directions.keys) + Array(corners.keys)).sorted().joined(separator: ", ")
                throw .invalidValue(parameter: "dir", token: String(text), expected: "one of " + names)
            }
        }
        let (sin, cos) = ElementaryMath.sinCosDegrees(degrees)
        let halfLength = (abs(width * sin) + abs(height * cos)) / 2
        let center = PixelPoint(x: width / 2, y: height / 2)
        return (
            PixelPoint(x: center.x - sin * halfLength, y: center.y + cos * halfLength),
            PixelPoint(x: center.x + sin * halfLength, y: center.y - cos * halfLength)
        )
    }

    /// An `x,y` point parameter: each a fraction (`0.25`), a percentage (`25%`) or CSS pixels (`40px`).
    static func point(
        _ name: String, _ parameters: QueryParameters, width: Double, height: Double, scale: Double
    ) throws(SpecError) -> PixelPoint {
        guard let text = parameters[name] else { return PixelPoint(x: width / 2, y: height / 2) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let expected = "x,y with each a fraction (0.25), a percentage (25%) or pixels (40px)"
        guard parts.count == 2,
            let x = coordinate(StopListSyntax.trimmed(parts[0]), extent: width, scale: scale),
            let y = coordinate(StopListSyntax.trimmed(parts[1]), extent: height, scale: scale)
        else {
            throw .invalidValue(parameter: name, token: String(text), expected: expected)
        }
        return PixelPoint(x: x, y: y)
    }

    /// One coordinate in device pixels: a fraction or percentage of `extent`, or CSS pixels times `scale`.
    static func coordinate(_ text: Substring, extent: Double, scale: Double) -> Double? {
        guard let (value, unit) = NumberSyntax.numberAndUnit(text) else { return nil }
        switch unit.lowercased() {
        case "": return value * extent
        case "%": return value / 100 * extent
        case "px": return value * scale
        default: return nil
        }
    }
}
