/// A CSS `<length-percentage>` kept exact until the image size is known: a fraction of a reference extent plus
/// CSS pixels, so that `right 10px` is exactly 100% − 10px, plus any part written with math functions or viewport
/// units that cannot be added up before the image size is known (`max(10%, 20px)`, `10vw`).
struct LengthPercentage: Hashable {
    /// The part relative to the extent (`0.25` for `25%`).
    var fraction: Double
    /// The part in CSS pixels, which scale with the device pixel ratio.
    var cssPixels: Double
    /// A further length in CSS pixels, computed once the extent and the viewport are known; nil for none.
    var expression: CSSMathExpression? = nil

    /// A pure fraction of the extent.
    static func fraction(_ value: Double) -> LengthPercentage { LengthPercentage(fraction: value, cssPixels: 0) }

    /// A pure length in CSS pixels.
    static func pixels(_ value: Double) -> LengthPercentage { LengthPercentage(fraction: 0, cssPixels: value) }

    /// A length-percentage math expression (its percentages of the extent), as simple as it allows: a fraction,
    /// pixels, the two added up, or the expression kept for later.
    static func calculated(_ expression: CSSMathExpression) -> LengthPercentage {
        let limit = NumberSyntax.maximumMagnitude
        switch expression {
        case .percentage(let value): return .fraction(CSSMathExpression.censored(value) / 100)
        case .length(let value): return .pixels(CSSMathExpression.censored(value))
        case .sum(let terms) where terms.count == 2:
            if case .length(let pixels) = terms[0], case .percentage(let percent) = terms[1],
                pixels.magnitude <= limit, percent.magnitude <= limit
            {
                return LengthPercentage(fraction: percent / 100, cssPixels: pixels)
            }
        default: break
        }
        return LengthPercentage(fraction: 0, cssPixels: 0, expression: expression)
    }

    /// A radius written as a math function: CSS clamps a calculation to the range its place allows, so a negative
    /// result is zero.
    static func radius(_ expression: CSSMathExpression) -> LengthPercentage {
        switch expression {
        case .percentage(let value): return .calculated(.percentage(Swift.max(0, value)))
        case .length(let value): return .calculated(.length(Swift.max(0, value)))
        default: return .calculated(.clamp(.length(0), expression, nil))
        }
    }

    /// This length-percentage subtracted from 100% (`right 10px`).
    var fromFarEdge: LengthPercentage {
        LengthPercentage(
            fraction: 1 - fraction, cssPixels: -cssPixels,
            expression: expression.map { CSSMathExpression.product(of: [.number(-1), $0]) })
    }

    /// Whether a percentage takes part.
    var hasPercentage: Bool { fraction != 0 || expression?.hasPercentage == true }

    /// The length in device pixels for a reference `extent` in device pixels, a device pixel ratio `scale` and the
    /// viewport (the image) in CSS pixels.
    func resolved(extent: Double, scale: Double, viewport: (width: Double, height: Double)) -> Double {
        var total: Double
        if cssPixels == 0 {
            total = fraction * extent
        } else if fraction == 0 {
            total = cssPixels * scale
        } else {
            total = fraction * extent + cssPixels * scale
        }
        if let expression {
            let context = CSSMathExpression.Context(
                percentBasis: extent / scale, viewportWidth: viewport.width, viewportHeight: viewport.height)
            total += expression.censoredValue(in: context) * scale
        }
        return total
    }
}

/// A point written as two length-percentages, x relative to the width and y to the height.
struct PointDescription: Hashable {
    var x: LengthPercentage
    var y: LengthPercentage

    /// The centre of the image (`50% 50%`).
    static let center = PointDescription(x: .fraction(0.5), y: .fraction(0.5))

    /// The point in device pixels of an image `width` × `height` device pixels at device pixel ratio `scale`,
    /// whose size in CSS pixels is `viewport`.
    func resolved(
        width: Double, height: Double, scale: Double, viewport: (width: Double, height: Double)
    ) -> PixelPoint {
        PixelPoint(
            x: x.resolved(extent: width, scale: scale, viewport: viewport),
            y: y.resolved(extent: height, scale: scale, viewport: viewport))
    }
}
