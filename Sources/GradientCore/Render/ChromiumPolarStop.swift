/// Stops of a polar gradient (oklch and lch above all) as Chromium hands them to Skia: Blink's colour for each stop (its own float
/// conversion when the spec holds the hue missing, ``BlinkStopColor``), Blink's blends for the stops replacing a
/// colour hint (`Color::InterpolateColors`), and the components Skia interpolates for each.
enum ChromiumPolarStop {
    /// Blink's (L, C, H) for a stop whose spec components are `components` (a missing hue already taken from the
    /// neighbour): the spec's values, or, when the spec holds the hue missing, Blink's conversion of the colour with
    /// the neighbour's hue (0 when that is missing too).
    static func blink(
        _ components: SIMD3<Double>, hueMissing: Bool, neighbourHueMissing: Bool, space: ColorSpace
    ) -> SIMD3<Float> {
        guard hueMissing else { return SIMD3<Float>(components) }
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

    /// Blink's colour `weight` of the way from `from` to `to` (straight components, hue at `hueIndex`, and alpha):
    /// the other components premultiplied by alpha, the hue along `method`, then unpremultiplied
    /// (`Color::InterpolateColors`).
    static func blend(
        _ from: SIMD4<Double>, _ to: SIMD4<Double>, weight: Double, method: HueInterpolation, hueIndex: Int
    ) -> SIMD4<Double> {
        var (fromHue, toHue) = (from[hueIndex], to[hueIndex])
        ColorRamp.fixHues(&fromHue, &toHue, method: method)
        let alpha = from.w + (to.w - from.w) * weight
        var result = from * from.w + (to * to.w - from * from.w) * weight
        if alpha != 0 { result /= alpha }
        result[hueIndex] = ElementaryMath.normalizedDegrees(fromHue + (toHue - fromHue) * weight)
        result.w = alpha
        return result
    }
}
