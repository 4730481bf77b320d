/// The `<radial-shape> || <radial-size>` part of a `radial-gradient()` as it is read, checked once complete.
struct RadialPrelude {
    /// `circle` (true) or `ellipse` (false), if written.
    var isCircle: Bool?
    var extent: RadialSize.Extent?
    /// Explicit radii with their tokens: one for a circle, two for an ellipse.
    var radii: [(LengthPercentage, CSSToken)] = []

    var hasSize: Bool { extent != nil || !radii.isEmpty }

    /// The size as CSS Images 4 defines it: ellipse and `farthest-corner` by default; one length makes a circle, whose
    /// radius cannot be a percentage; an ellipse takes two radii.
    func extent(parser: CSSGradientParser) throws(SpecError) -> GradientDescription.RadialExtent {
        if let extent { return .keyword(extent, isCircle: isCircle ?? false) }
        guard let (first, firstToken) = radii.first else {
            return .keyword(.farthestCorner, isCircle: isCircle ?? false)
        }
        guard radii.count == 2 else {
            guard isCircle != false else { throw parser.error("an ellipse takes two radii", at: firstToken) }
            if case .percentage = firstToken.kind {
                throw parser.error("a circle's radius must be a length, not a percentage", at: firstToken)
            }
            if first.hasPercentage {
                throw parser.error("a circle's radius must be a length; it cannot use a percentage", at: firstToken)
            }
            return .radii(x: first, y: first)
        }
        let (second, secondToken) = radii[1]
        guard isCircle != true else { throw parser.error("a circle takes one radius", at: secondToken) }
        return .radii(x: first, y: second)
    }
}

extension CSSGradientParser {
    /// Reads a shape keyword, an extent keyword or one or two radii into `radial`; false when `token` is none.
    mutating func parseRadialShapeOrSize(
        _ token: CSSToken, into radial: inout RadialPrelude
    ) throws(SpecError) -> Bool {
        if radial.isCircle == nil, let name = token.identName, name == "circle" || name == "ellipse" {
            consume(token)
            radial.isCircle = name == "circle"
            return true
        }
        guard !radial.hasSize else { return false }
        if let name = token.identName, let extent = RadialSize.Extent(rawValue: name) {
            consume(token)
            radial.extent = extent
            return true
        }
        guard let first = try parseRadius(token) else { return false }
        radial.radii = [(first, token)]
        let next = try peek()
        if let second = try parseRadius(next) { radial.radii.append((second, next)) }
        return true
    }

    /// A radius starting at `token`, the next token, consumed with it; nil, consuming nothing, when there is none.
    /// A math function's negative result is clamped to zero, as CSS clamps calculations to their range.
    private mutating func parseRadius(_ token: CSSToken) throws(SpecError) -> LengthPercentage? {
        if let (expression, _) = try mathFunction(token, slot: .lengthOrPercentage) {
            return .radius(expression)
        }
        guard let length = try lengthPercentage(token) else { return nil }
        consume(token)
        return try nonNegative(length, token)
    }

    /// The next token as a length-percentage, or a math function giving one, consumed with it; nil, consuming
    /// nothing, for any other token.
    mutating func parseLengthPercentage(_ token: CSSToken) throws(SpecError) -> LengthPercentage? {
        if let (expression, _) = try mathFunction(token, slot: .lengthPercentage) { return .calculated(expression) }
        guard let length = try lengthPercentage(token) else { return nil }
        consume(token)
        return length
    }

    private func nonNegative(_ length: LengthPercentage, _ token: CSSToken) throws(SpecError) -> LengthPercentage {
        var isNegativeViewportLength = false
        if case .viewport(let value, _) = length.expression { isNegativeViewportLength = value < 0 }
        guard length.fraction >= 0, length.cssPixels >= 0, !isNegativeViewportLength else {
            throw error("a radius must not be negative", at: token)
        }
        return length
    }

    /// A `<length-percentage>` in one token: a percentage, an absolute length (`px`, `in`, `cm`, `mm`, `q`, `pt`,
    /// `pc`), `em`/`rem` (16 px), a viewport unit (`vw`, `vh`, `vmin`, `vmax`) or a unitless zero; nil for tokens
    /// that are none (angles included). Other units and numbers are errors.
    func lengthPercentage(_ token: CSSToken) throws(SpecError) -> LengthPercentage? {
        switch token.kind {
        case .percentage(let value):
            return .fraction(try finite(value, token) / 100)
        case .number(let value):
            guard value == 0 else { throw error("expected a length with a unit (px) or a percentage", at: token) }
            return .pixels(0)
        case .dimension(let value, let unit):
            if let pixels = NumberSyntax.cssPixels(value, unit: unit) { return .pixels(try finite(pixels, token)) }
            if NumberSyntax.degrees(value, unit: unit) != nil { return nil }
            switch CSSMathExpression.dimension(value, unit: unit) {
            case .length(let pixels): return .pixels(try finite(pixels, token))
            case .some(let leaf): return .calculated(leaf)
            case nil: throw error("unsupported unit; expected a length or a percentage", at: token)
            }
        default:
            return nil
        }
    }
}
