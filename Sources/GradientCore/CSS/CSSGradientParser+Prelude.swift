extension CSSGradientParser {
    static let linearPreludeMessage = "expected an angle or 'to'"
    static let radialPreludeMessage = "expected a shape, a size or 'at'"
    static let conicPreludeMessage = "expected 'from' or 'at'"

    /// `[ <angle> | to <side-or-corner> ] || <color-interpolation-method>`, then a comma, or nothing.
    mutating func parseLinearPrelude() throws(SpecError) -> CSSGradientPrelude {
        var prelude = CSSGradientPrelude(shape: .linear(.angle(degrees: 180)))
        var hasDirection = false
        while true {
            let token = try peek()
            if prelude.space == nil, token.isIdent("in") {
                try parseInterpolation(into: &prelude)
            } else if !hasDirection, token.isIdent("to") {
                consume(token)
                prelude.shape = .linear(try parseSideOrCorner())
                hasDirection = true
            } else if !hasDirection, let degrees = try parseAngle(token) {
                prelude.shape = .linear(.angle(degrees: degrees))
                hasDirection = true
            } else if !hasDirection, Self.isMalformedAngle(token) {
                throw error(Self.linearPreludeMessage, at: token)
            } else {
                break
            }
            prelude.isPresent = true
        }
        let message =
            hasDirection
            ? (prelude.space == nil ? "expected ',' or 'in'" : "expected ','") : "expected an angle, 'to' or ','"
        return try finishPrelude(prelude, message: message)
    }

    /// A number or dimension that cannot start a colour stop list where a linear direction may stand.
    private static func isMalformedAngle(_ token: CSSToken) -> Bool {
        switch token.kind {
        case .number: return true
        case .dimension(_, let unit): return NumberSyntax.cssPixels(1, unit: unit) == nil
        default: return false
        }
    }

    /// `[ <radial-shape> || <radial-size> ]? [ at <position> ]? || <color-interpolation-method>`, then a comma.
    mutating func parseRadialPrelude() throws(SpecError) -> CSSGradientPrelude {
        var prelude = CSSGradientPrelude(
            shape: .radial(center: .center, size: .keyword(.farthestCorner, isCircle: false)))
        var radial = RadialPrelude()
        var center = PointDescription.center
        var geometryStarted = false
        var geometryDone = false
        while true {
            let token = try peek()
            if prelude.space == nil, token.isIdent("in") {
                try parseInterpolation(into: &prelude)
                geometryDone = geometryStarted
            } else if !geometryDone, token.isIdent("at") {
                consume(token)
                center = try parsePosition()
                geometryDone = true
            } else if !geometryDone, try parseRadialShapeOrSize(token, into: &radial) {
                geometryStarted = true
            } else {
                break
            }
            prelude.isPresent = true
        }
        prelude.shape = .radial(center: center, size: try radial.extent(parser: self))
        return try finishPrelude(prelude, message: "expected ','")
    }

    /// `[ from <angle> ]? [ at <position> ]? || <color-interpolation-method>`, then a comma.
    mutating func parseConicPrelude() throws(SpecError) -> CSSGradientPrelude {
        var from = 0.0
        var center = PointDescription.center
        var prelude = CSSGradientPrelude(shape: .conic(center: center, fromDegrees: from))
        var stage = 0  // 1 after `from`, 2 after `at`, 3 once `in` follows either
        while true {
            let token = try peek()
            if prelude.space == nil, token.isIdent("in") {
                try parseInterpolation(into: &prelude)
                if stage > 0 { stage = 3 }
            } else if stage == 0, token.isIdent("from") {
                consume(token)
                let value = try peek()
                guard let degrees = try parseAngle(value) else {
                    throw error("expected an angle after 'from'", at: value)
                }
                from = degrees
                stage = 1
            } else if stage < 2, token.isIdent("at") {
                consume(token)
                center = try parsePosition()
                stage = 2
            } else {
                break
            }
            prelude.isPresent = true
        }
        prelude.shape = .conic(center: center, fromDegrees: from)
        return try finishPrelude(prelude, message: "expected ','")
    }

    /// Consumes the comma after a non-empty prelude.
    private mutating func finishPrelude(
        _ prelude: CSSGradientPrelude, message: String
    ) throws(SpecError) -> CSSGradientPrelude {
        guard prelude.isPresent else { return prelude }
        let token = try peek()
        guard token.kind == .comma else { throw error(message, at: token) }
        consume(token)
        return prelude
    }

    /// `to` followed by `left`, `right`, `top` or `bottom`, or a corner as two of them in either order.
    private mutating func parseSideOrCorner() throws(SpecError) -> GradientDescription.LinearDirection {
        let sides: [String: (x: Double, y: Double)] = [
            "left": (-1, 0), "right": (1, 0), "top": (0, -1), "bottom": (0, 1),
        ]
        let first = try peek()
        guard let name = first.identName, let side = sides[name] else {
            throw error("expected 'left', 'right', 'top' or 'bottom' after 'to'", at: first)
        }
        consume(first)
        let second = try peek()
        if let otherName = second.identName, let other = sides[otherName] {
            guard (side.x == 0) != (other.x == 0) else {
                throw error(side.x == 0 ? "expected 'left' or 'right'" : "expected 'top' or 'bottom'", at: second)
            }
            consume(second)
            return .corner(x: side.x + other.x, y: side.y + other.y)
        }
        let degrees: [String: Double] = ["top": 0, "right": 90, "bottom": 180, "left": 270]
        return .angle(degrees: degrees[name] ?? 180)
    }

    /// `in <color-space> [<hue-interpolation-method> hue]?`, with `in` next.
    private mutating func parseInterpolation(into prelude: inout CSSGradientPrelude) throws(SpecError) {
        consume(try peek())
        let token = try peek()
        guard let name = token.identName, let space = ColorSpace(cssName: name) else {
            throw error(
                "expected a colour space: " + ColorSpace.cssNames.dropLast().joined(separator: ", ") + " or xyz",
                at: token)
        }
        consume(token)
        prelude.space = space
        let hueToken = try peek()
        guard let hueName = hueToken.identName, let hue = HueInterpolation(rawValue: hueName) else { return }
        guard space.isPolar else {
            throw error("hue interpolation applies to polar spaces (oklch, lch, hsl, hwb)", at: hueToken)
        }
        consume(hueToken)
        guard try consumeIdent("hue") else { throw error("expected 'hue'", at: try peek()) }
        prelude.hue = hue
    }

    /// The angle in degrees starting at `token`, the next token, consumed with it: one token (see ``angle(_:)``)
    /// or a math function giving an angle; nil, consuming nothing, for any other token. Angles cannot depend on
    /// the viewport here.
    mutating func parseAngle(_ token: CSSToken) throws(SpecError) -> Double? {
        if let (expression, _) = try mathFunction(token, slot: .angle) {
            guard case .angle(let degrees) = expression else {
                throw error("an angle cannot depend on the image size (vw, vh, vmin, vmax) here", at: token)
            }
            return CSSMathExpression.censored(degrees)
        }
        guard let degrees = try angle(token) else { return nil }
        consume(token)
        return degrees
    }

    /// The angle of a token in degrees: a dimension in `deg`, `grad`, `rad` or `turn`, or a unitless zero.
    func angle(_ token: CSSToken) throws(SpecError) -> Double? {
        switch token.kind {
        case .number(let value) where value == 0: return 0
        case .dimension(let value, let unit):
            guard let degrees = NumberSyntax.degrees(value, unit: unit) else { return nil }
            return try finite(degrees, token)
        default: return nil
        }
    }
}
