/// A stop colour as Chromium hands it to Skia for oklab and oklch interpolation: the colour in 32-bit sRGB
/// (8-bit colours exactly `k / 255`), linearised by Skia's `parametric` stage (its approximate `powf`), then
/// `lin_srgb_to_oklab` (and `lin_srgb_to_okhcl`) in floats.
enum SkiaStopColor {
    /// Skia's chroma below which an oklch hue is powerless (taken from the neighbouring stop).
    static let powerlessChroma = 1e-6

    /// The oklab (or oklch: L, C, H in degrees) components Skia interpolates for a stop whose components in
    /// `space` are `components`. A hue whose chroma is at most ``powerlessChroma`` is powerless.
    static func components(_ components: SIMD3<Double>, space: ColorSpace) -> SIMD3<Double> {
        let srgb = space.toSRGB(components)
        var snapped = srgb
        for index in 0..<3 {
            let scaled = srgb[index] * 255
            let byte = scaled.rounded()
            snapped[index] = abs(scaled - byte) <= 1e-4 ? Double(Float(byte) / 255) : srgb[index]
        }
        return self.components(fromSRGB: snapped, space: space)
    }

    /// The oklab (or oklch) components Skia interpolates for a stop Blink hands it as the gamma-encoded sRGB
    /// colour `srgb` (taken as 32-bit floats).
    static func components(fromSRGB srgb: SIMD3<Double>, space: ColorSpace) -> SIMD3<Double> {
        var linear = SIMD8<Float>()
        for index in 0..<3 { linear[index] = Float(srgb[index]) }
        linear = decodeSRGB(linear)
        let (r, g, b) = (linear[0], linear[1], linear[2])
        let l = Float(ElementaryMath.cbrt(Double(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)))
        let m = Float(ElementaryMath.cbrt(Double(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)))
        let s = Float(ElementaryMath.cbrt(Double(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)))
        let lightness = 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s
        let a = 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s
        let bComponent = 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s
        if space == .oklab { return SIMD3(Double(lightness), Double(a), Double(bComponent)) }
        var hue = Float(ElementaryMath.atan2(Double(bComponent), Double(a))) * (180 / Float.pi)
        if hue < 0 { hue += 360 }
        let chroma = (a * a + bComponent * bComponent).squareRoot()
        return SIMD3(Double(lightness), Double(chroma), Double(hue))
    }

    /// Skia's chroma at or below which an lch hue is powerless (`xyzd50_to_hcl`).
    static let powerlessLabChroma = 1e-2

    /// The lch components (L, C, H in degrees) Skia interpolates for a stop Blink hands it as the gamma-encoded
    /// sRGB colour `srgb`: linearised by the `parametric` stage, skcms's sRGB matrix into XYZ D50, then
    /// `xyzd50_to_lab` with Skia's D50 white (0.3457/0.3585, 1, 0.2958/0.3585) in floats.
    static func lch(fromSRGB srgb: SIMD3<Double>) -> SIMD3<Double> {
        var linear = SIMD8<Float>()
        for index in 0..<3 { linear[index] = Float(srgb[index]) }
        linear = decodeSRGB(linear)
        let scale = Float(1.0 / 65536)
        let (r, g, b) = (linear[0], linear[1], linear[2])
        let x = (Float(0x6FA2) * scale * r + Float(0x6299) * scale * g + Float(0x24A0) * scale * b) / (0.3457 / 0.3585)
        let y = Float(0x38F5) * scale * r + Float(0xB785) * scale * g + Float(0x0F84) * scale * b
        let z =
            (Float(0x0390) * scale * r + Float(0x18DA) * scale * g + Float(0xB6CF) * scale * b)
            / ((1 - 0.3457 - 0.3585) / 0.3585)
        let e: Float = 216.0 / 24389
        let k: Float = 24389.0 / 27
        let f = [x, y, z].map { v in v > e ? Float(ElementaryMath.cbrt(Double(v))) : (k * v + 16) / 116 }
        let a = 500 * (f[0] - f[1])
        let bComponent = 200 * (f[1] - f[2])
        var hue = Float(ElementaryMath.atan2(Double(bComponent), Double(a))) * (180 / Float.pi)
        if hue < 0 { hue += 360 }
        return SIMD3(Double(116 * f[1] - 16), Double((a * a + bComponent * bComponent).squareRoot()), Double(hue))
    }

    /// Skia's `parametric` stage with the sRGB curve (g 2.4, a 1/1.055, b 0.055/1.055, c 1/12.92, d 0.04045).
    private static func decodeSRGB(_ value: SIMD8<Float>) -> SIMD8<Float> {
        let bits = unsafeBitCast(value, to: SIMD8<UInt32>.self)
        let sign = bits & 0x8000_0000
        let magnitude = unsafeBitCast(bits ^ sign, to: SIMD8<Float>.self)
        let linear = magnitude.multiplied(by: Float(1 / 12.92), adding: 0)
        let curved = FloatRamp.approximatePower(
            magnitude.multiplied(by: Float(1 / 1.055), adding: Float(0.055 / 1.055)), 2.4)
        let result = curved.replacing(with: linear, where: magnitude .<= 0.040_45)
        return unsafeBitCast(unsafeBitCast(result, to: SIMD8<UInt32>.self) | sign, to: SIMD8<Float>.self)
    }
}
