/// Stops of a polar gradient (oklch and lch above all) as Chromium hands them to Skia: Blink's colour for each stop (its own float
/// conversion when the spec holds the hue missing, ``BlinkStopColor``), Blink's blends for the stops replacing a
/// colour hint (`Color::InterpolateColors`), and the components Skia interpolates for each.
enum ChromiumPolarStop {
    /// Blink's (L, C, H) for a stop whose spec components are `components` (a missing hue already taken from the
    /// neighbour), written in `writtenSpace`: Blink's conversion of the colour as written, or, when the spec holds the
    /// hue missing, Blink's conversion of the colour with the neighbour's hue (0 when that is missing too).
    static func blink(
        _ components: SIMD3<Double>, hueMissing: Bool, neighbourHueMissing: Bool, space: ColorSpace,
        writtenSpace: ColorSpace
    ) -> SIMD3<Float> {
        guard hueMissing else {
            return SkiaStopColor.blinkComponents(components, space: space, writtenSpace: writtenSpace)
        }
        let hue = neighbourHueMissing ? 0 : components.z
        let srgb = space.toSRGB(SIMD3(components.x, components.y, hue))
        var blink = space == .oklch ? BlinkStopColor.oklch(fromSRGB: srgb) : BlinkStopColor.lch(fromSRGB: srgb)
        blink.z = Float(hue)
        return blink
    }

    /// The components Skia interpolates for Blink's colour `blink`, converted to sRGB in Blink's floats. In lch a
    /// chroma at most Skia's 0.01 takes `neighbourHue`; in oklch the ramp applies Skia's threshold.
    static func skia(_ blink: SIMD3<Float>, space: ColorSpace, neighbourHue: Double) -> SIMD3<Double> {
        if space == .oklch {
            return SkiaStopColor.components(fromSRGB: BlinkStopColor.srgb(fromOKLCH: blink), space: .oklch)
        }
        var skia = SkiaStopColor.lch(fromSRGB: BlinkStopColor.srgb(fromLCH: blink))
        if skia.y <= SkiaStopColor.powerlessLabChroma { skia.z = neighbourHue }
        return skia
    }

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
                var (fromHue, toHue) = (Double(a[index]), Double(b[index]))
                ColorRamp.fixHues(&fromHue, &toHue, method: method)
                result[index] = ElementaryMath.normalizedDegrees(Double(lerp(Float(fromHue), Float(toHue))))
            } else {
                let premultiplied = lerp(a[index] * a.w, b[index] * b.w)
                result[index] = Double(alpha != 0 ? premultiplied / alpha : premultiplied)
            }
        }
        result.w = Double(alpha)
        return result
    }
}
