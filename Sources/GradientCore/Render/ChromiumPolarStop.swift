/// Blink's blends for the stops replacing a colour hint in a polar gradient (`Color::InterpolateColors`).
enum ChromiumPolarStop {
    /// Blink's colour `weight` of the way from `from` to `to` (straight components, a hue at `hueIndex` if any, and
    /// alpha), in Blink's floats (`Color::InterpolateColors`): the other components premultiplied by alpha, each
    /// blended as `blink::Blend` (float operands, double progress), the hue along `method`, then unpremultiplied.
    static func blend(
        _ from: SIMD4<Double>, _ to: SIMD4<Double>, weight: Double, method: HueInterpolation, hueIndex: Int?
    ) -> SIMD4<Double> {
        let progress = Double(Float(weight))
        let lerp = { (a: Float, b: Float) in Float(Double(a) + Double(b - a) * progress) }
        let (a, b) = (SIMD4<Float>(from), SIMD4<Float>(to))
        let alpha = lerp(a.w, b.w)
        var result = SIMD4<Double>(repeating: 0)
        for index in 0..<3 {
            if index == hueIndex {
                let (fromHue, toHue) = hues(a[index], b[index], method: method)
                result[index] = ElementaryMath.normalizedDegrees(Double(lerp(fromHue, toHue)))
            } else {
                let premultiplied = lerp(a[index] * a.w, b[index] * b.w)
                result[index] = Double(alpha != 0 ? premultiplied / alpha : premultiplied)
            }
        }
        result.w = Double(alpha)
        return result
    }

    /// `Color::HueInterpolation`'s fix-up of two hues, in floats and without first taking them to 0…360 (a hue Blink
    /// converted from oklab lies in −180…180).
    private static func hues(_ from: Float, _ to: Float, method: HueInterpolation) -> (Float, Float) {
        let difference = to - from
        switch method {
        case .shorter:
            if difference > 180 { return (from + 360, to) }
            if difference < -180 { return (from, to + 360) }
        case .longer:
            if difference > 0 && difference < 180 { return (from + 360, to) }
            if difference > -180 && difference <= 0 { return (from, to + 360) }
        case .increasing:
            if to < from { return (from, to + 360) }
        case .decreasing:
            if from < to { return (from + 360, to) }
        }
        return (from, to)
    }
}
