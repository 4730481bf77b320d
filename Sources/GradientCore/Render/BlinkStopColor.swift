/// A stop colour as Blink hands it to Skia, in Blink's 32-bit float conversions (`ui/gfx/color_conversions.cc`):
/// every stop through ``skColor(written:components:space:)``; a stop of lch or oklch whose hue Blink finds missing
/// (``ChromiumPolarStop``) through the conversions below, which match headless Chromium there (its hue in Skia's
/// eyes hangs on differences of 1e-5 in Blink's white; the general path, closer to Blink's source, does not reach
/// them yet).
///
/// Blink converts a stop into oklch through XYZ D50 with skcms's sRGB matrix (16.16 fixed point) and a Bradford
/// D65→D50 adaptation, which puts sRGB white at oklab (0.99999386, 4.6e-5, 2.0e-5) rather than on the axis. A
/// converted stop whose chroma is at most 0.02 gets a missing hue (`kAchromaticChromaThreshold`), Blink takes the
/// neighbour's hue (`ResolveStopColorWithMissingParams`) and converts the result back to sRGB for Skia. Skia's own
/// oklab puts white on the axis, so it sees a chroma of about 5·10⁻⁵ — above its powerless threshold (1e-6) — in a
/// direction set by the neighbour's hue and that offset: `white` towards rgb(103 169 38) starts from hue 168°, not
/// 133°.
enum BlinkStopColor {
    /// skcms's sRGB to XYZ D50 matrix (`SkNamedGamut::kSRGB`), 16.16 fixed point.
    private static let srgbToXYZD50 = FloatMatrix(
        rows: [0x6FA2, 0x6299, 0x24A0], [0x38F5, 0xB785, 0x0F84], [0x0390, 0x18DA, 0xB6CF], scale: 1.0 / 65536)
    private static let xyzD50ToSRGB = srgbToXYZD50.inverse

    /// `skcms_AdaptToXYZD50(0.3127, 0.3290)`: Bradford adaptation from D65 to D50, in floats.
    private static let d65ToD50 = FloatMatrix.adaptToXYZD50(white: (0.3127, 0.3290))
    private static let d50ToD65 = d65ToD50.inverse

    static let xyzD65ToLMS = FloatMatrix(
        rows: [0.819_022_443_216_431_9, 0.361_906_256_280_122_1, -0.128_873_782_612_164_14],
        [0.032_983_667_198_027_1, 0.929_286_846_896_554_6, 0.036_144_668_169_998_44],
        [0.048_177_199_566_046_255, 0.264_239_524_944_227_64, 0.633_547_825_813_693_7], scale: 1)
    static let lmsToXYZD65 = xyzD65ToLMS.inverse
    static let oklabToLMS = FloatMatrix(
        rows: [0.999_999_998_450_519_8, 0.396_337_792_173_767_86, 0.215_803_758_060_758_8],
        [1.000_000_008_881_760_8, -0.105_561_342_323_656_35, -0.063_854_174_771_705_9],
        [1.000_000_054_672_410_9, -0.089_484_182_094_965_76, -1.291_485_537_864_091_7], scale: 1)
    private static let lmsToOKLab = oklabToLMS.inverse

    /// Blink's oklch (L, C, H in degrees) of a gamma-encoded sRGB colour (`SRGBToXYZD50`, `XYZD50ToOklab`,
    /// `LabToLch`).
    static func oklch(fromSRGB rgb: SIMD3<Double>) -> SIMD3<Float> {
        let lms = xyzD65ToLMS.apply(d50ToD65.apply(srgbToXYZD50.apply(decode(rgb))))
        let roots = SIMD3<Float>(
            Float(ElementaryMath.cbrt(Double(lms.x))), Float(ElementaryMath.cbrt(Double(lms.y))),
            Float(ElementaryMath.cbrt(Double(lms.z))))
        return polar(lmsToOKLab.apply(roots))
    }

    /// The gamma-encoded sRGB colour Blink hands Skia for oklch (L, C, H in degrees) (`LchToLab`, `OklabToXYZD50`,
    /// `XYZD50ToSRGB`).
    static func srgb(fromOKLCH lch: SIMD3<Float>) -> SIMD3<Double> {
        let lms = oklabToLMS.apply(rectangular(lch))
        return encode(xyzD50ToSRGB.apply(d65ToD50.apply(lmsToXYZD65.apply(lms * lms * lms))))
    }

    /// Blink's D50 white for Lab (`kD50_x`, `kD50_y`, `kD50_z`).
    static let labWhite = SIMD3<Float>(0.9642, 1, 0.8251)

    /// Blink's lch (L, C, H in degrees) of a gamma-encoded sRGB colour (`SRGBToXYZD50`, `XYZD50ToLab`,
    /// `LabToLch`); white comes out at chroma 0.0188.
    static func lch(fromSRGB rgb: SIMD3<Double>) -> SIMD3<Float> {
        let xyz = srgbToXYZD50.apply(decode(rgb)) / labWhite
        var f = SIMD3<Float>()
        let limit = Float(24.0 / 116) * Float(24.0 / 116) * Float(24.0 / 116)
        for index in 0..<3 {
            f[index] =
                xyz[index] <= limit
                ? Float(841.0 / 108) * xyz[index] + Float(16.0 / 116)
                : Float(ElementaryMath.pow(Double(xyz[index]), Double(Float(1.0 / 3))))
        }
        let lab = SIMD3<Float>(116 * f.y - 16, 500 * (f.x - f.y), 200 * (f.y - f.z))
        return polar(lab)
    }

    /// The gamma-encoded sRGB colour Blink hands Skia for lch (L, C, H in degrees) (`LchToLab`, `LabToXYZD50`,
    /// `XYZD50ToSRGB`).
    static func srgb(fromLCH lch: SIMD3<Float>) -> SIMD3<Double> {
        let lab = rectangular(lch)
        let y = (lab.x + 16) / 116
        let f = SIMD3<Float>(y + lab.y / 500, y, y - lab.z / 200)
        var xyz = SIMD3<Float>()
        for index in 0..<3 {
            xyz[index] =
                f[index] <= Float(24.0 / 116)
                ? Float(108.0 / 841) * (f[index] - Float(16.0 / 116)) : f[index] * f[index] * f[index]
        }
        return encode(xyzD50ToSRGB.apply(xyz * labWhite))
    }

    private static func decode(_ rgb: SIMD3<Double>) -> SIMD3<Float> {
        var linear = SIMD3<Float>()
        for index in 0..<3 {
            let value = Float(rgb[index])
            let magnitude = abs(value)
            let decoded =
                magnitude < 0.040_45
                ? magnitude / 12.92 : Float(ElementaryMath.pow(Double((magnitude + 0.055) / 1.055), 2.4))
            linear[index] = value < 0 ? -decoded : decoded
        }
        return linear
    }

    private static func encode(_ linear: SIMD3<Float>) -> SIMD3<Double> {
        var result = SIMD3<Double>()
        for index in 0..<3 {
            let value = Double(linear[index])
            let magnitude = abs(value)
            let encoded =
                magnitude < 0.003_130_8 ? magnitude * 12.92 : 1.055 * ElementaryMath.pow(magnitude, 1 / 2.4) - 0.055
            result[index] = Double(Float(value < 0 ? -encoded : encoded))
        }
        return result
    }

    private static func polar(_ lab: SIMD3<Float>) -> SIMD3<Float> {
        let chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
        let hue = Float(ElementaryMath.normalizedDegrees(ElementaryMath.atan2Degrees(Double(lab.z), Double(lab.y))))
        return SIMD3(lab.x, chroma, hue)
    }

    private static func rectangular(_ lch: SIMD3<Float>) -> SIMD3<Float> {
        let (sine, cosine) = ElementaryMath.sinCosDegrees(Double(lch.z))
        return SIMD3(lch.x, lch.y * Float(cosine), lch.y * Float(sine))
    }
}
