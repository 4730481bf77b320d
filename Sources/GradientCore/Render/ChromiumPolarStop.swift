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
                var (fromHue, toHue) = (a[index], b[index])
                ColorRamp.applyHueMethod(&fromHue, &toHue, method: method)
                result[index] = ElementaryMath.normalizedDegrees(Double(lerp(fromHue, toHue)))
            } else {
                let premultiplied = lerp(a[index] * a.w, b[index] * b.w)
                result[index] = Double(alpha != 0 ? premultiplied / alpha : premultiplied)
            }
        }
        result.w = Double(alpha)
        return result
    }
}
