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
        guard let first = try lengthPercentage(token) else { return false }
        consume(token)
        radial.radii = [(try nonNegative(first, token), token)]
        let next = try peek()
        if let second = try lengthPercentage(next) {
            consume(next)
            radial.radii.append((try nonNegative(second, next), next))
        }
        return true
    }

    private func nonNegative(_ length: LengthPercentage, _ token: CSSToken) throws(SpecError) -> LengthPercentage {
        guard length.fraction >= 0, length.cssPixels >= 0 else {
            throw error("a radius must not be negative", at: token)
        }
        return length
    }

    /// A `<length-percentage>`: a percentage, an absolute length (`px`, `in`, `cm`, `mm`, `q`, `pt`, `pc`) or a
    /// unitless zero; nil for tokens that are none (angles included). Relative units and other numbers are errors.
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
            throw error("unsupported unit; expected a length in px or a percentage", at: token)
        default:
            return nil
        }
    }
}
