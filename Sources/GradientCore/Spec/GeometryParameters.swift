/// Parsing of the geometry parameters (`type`, `dir`, `angle`, `start`/`end`, `center`, `shape`, `size`, `from`)
/// into an unresolved ``GradientDescription/Shape``.
enum GeometryParameters {
    enum Kind: String { case linear, radial, conic }

    static func shape(kind: Kind, parameters: QueryParameters) throws(SpecError) -> GradientDescription.Shape {
        switch kind {
        case .linear:
            try parameters.refuse(
                ["center", "shape", "size", "from"], because: "type=linear",
                reason: "it applies to radial or conic gradients")
            return .linear(try linearDirection(parameters))
        case .radial:
            try parameters.refuse(
                ["dir", "angle", "start", "end", "from"], because: "type=radial",
                reason: "it applies to linear or conic gradients")
            let center = try point("center", parameters)
            return .radial(center: center, size: try RadialSize.extent(parameters))
        case .conic:
            try parameters.refuse(
                ["dir", "angle", "start", "end", "shape", "size"], because: "type=conic",
                reason: "it applies to linear or radial gradients")
            let center = try point("center", parameters)
            var from = 0.0
            if let text = parameters["from"], ParameterMath.isMathFunction(text) {
                from = try ParameterMath.degrees(text, parameter: "from")
            } else if let text = parameters["from"] {
                guard let degrees = NumberSyntax.angleDegrees(text) else {
                    throw .invalidValue(
                        parameter: "from", token: String(text),
                        expected: "an angle such as 90, 90deg, 0.25turn, 1.5rad or 100grad")
                }
                from = degrees
            }
            return .conic(center: center, fromDegrees: from)
        }
    }

    private static let directions: [String: Double] = [
        "vertical": 180, "to-bottom": 180, "horizontal": 90, "to-right": 90, "to-top": 0, "to-left": 270,
    ]
    private static let corners: [String: (x: Double, y: Double)] = [
        "to-top-right": (1, -1), "to-bottom-right": (1, 1), "to-bottom-left": (-1, 1), "to-top-left": (-1, -1),
    ]

    private static func linearDirection(
        _ parameters: QueryParameters
    ) throws(SpecError) -> GradientDescription.LinearDirection {
        if parameters.has("start") || parameters.has("end") {
            guard parameters.has("start") else {
                throw .missingParameter(parameter: "start", reason: "start and end go together")
            }
            guard parameters.has("end") else {
                throw .missingParameter(parameter: "end", reason: "start and end go together")
            }
            try parameters.refuse(
                ["dir", "angle"], because: "start and end", reason: "start and end already give the direction")
            return .points(start: try point("start", parameters), end: try point("end", parameters))
        }
        // `dir` is checked even when `angle` overrides it: an invalid value is never ignored.
        let direction = try direction(parameters)
        if let text = parameters["angle"], ParameterMath.isMathFunction(text) {
            return .angle(degrees: try ParameterMath.degrees(text, parameter: "angle"))
        }
        if let text = parameters["angle"] {
            guard let value = NumberSyntax.angleDegrees(text) else {
                throw .invalidValue(
                    parameter: "angle", token: String(text),
                    expected: "an angle such as 45, 45deg, 0.125turn, 0.785rad or 50grad")
            }
            return .angle(degrees: value)
        }
        return direction
    }

    /// The `dir` parameter, top to bottom when absent.
    private static func direction(
        _ parameters: QueryParameters
    ) throws(SpecError) -> GradientDescription.LinearDirection {
        guard let text = parameters["dir"] else { return .angle(degrees: 180) }
        let name = text.lowercased()
        if let value = directions[name] { return .angle(degrees: value) }
        if let corner = corners[name] { return .corner(x: corner.x, y: corner.y) }
        let names = (Array(directions.keys) + Array(corners.keys)).sorted().joined(separator: ", ")
        throw .invalidValue(parameter: "dir", token: String(text), expected: "one of " + names)
    }

    /// An `x,y` point parameter: each a fraction (`0.25`), a percentage (`25%`) or CSS pixels (`40px`); the centre
    /// when absent.
    static func point(_ name: String, _ parameters: QueryParameters) throws(SpecError) -> PointDescription {
        guard let text = parameters[name] else { return .center }
        let parts = StopListSyntax.splitTopLevel(text, separators: [UInt8(ascii: ",")])
        let expected = "x,y with each a fraction (0.25), a percentage (25%), pixels (40px) or a math function"
        func coordinate(_ part: Substring) throws(SpecError) -> LengthPercentage? {
            ParameterMath.isMathFunction(part)
                ? try ParameterMath.coordinate(part, parameter: name) : Self.coordinate(part)
        }
        guard parts.count == 2, let x = try coordinate(parts[0]), let y = try coordinate(parts[1]) else {
            throw .invalidValue(parameter: name, token: String(text), expected: expected)
        }
        return PointDescription(x: x, y: y)
    }

    /// One coordinate: a fraction or percentage of the extent, or CSS pixels.
    static func coordinate(_ text: Substring) -> LengthPercentage? {
        guard let (value, unit) = NumberSyntax.numberAndUnit(text) else { return nil }
        switch unit.lowercased() {
        case "": return .fraction(value)
        case "%": return .fraction(value / 100)
        case "px": return .pixels(value)
        default: return nil
        }
    }
}
