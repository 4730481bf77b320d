/// The conversion steps of CSS Color 4's sample code, on unclipped values.
enum ColorConversion {
    // MARK: sRGB transfer function

    /// Gamma-encoded sRGB to linear light, extended to negative values by odd symmetry.
    @inline(__always)
    static func gammaDecode(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(linear(rgb.x), linear(rgb.y), linear(rgb.z))
    }

    /// Linear-light sRGB to gamma-encoded, extended to negative values by odd symmetry.
    @inline(__always)
    static func gammaEncode(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(gamma(rgb.x), gamma(rgb.y), gamma(rgb.z))
    }

    @inline(__always)
    static func linear(_ v: Double) -> Double {
        let a = v.magnitude
        if a <= 0.04045 { return v / 12.92 }
        let result = ColorMath.pow2_4((a + 0.055) / 1.055)
        return v < 0 ? -result : result
    }

    @inline(__always)
    static func gamma(_ v: Double) -> Double {
        let a = v.magnitude
        if a <= 0.0031308 { return 12.92 * v }
        let result = 1.055 * ColorMath.pow1Over2_4(a) - 0.055
        return v < 0 ? -result : result
    }

    // MARK: CIE Lab (D50)

    static let labKappa = 24389.0 / 27
    static let labEpsilon = 216.0 / 24389

    /// The D50 reference white, from its chromaticity.
    @inline(__always)
    static var d50White: SIMD3<Double> {
        SIMD3(0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585)
    }

    /// Lab (D50) to XYZ (D65), through Bradford adaptation.
    @inline(__always)
    static func labToXYZ(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let kappa = 24389.0 / 27
        let epsilon = 216.0 / 24389
        let f1 = (lab.x + 16) / 116
        let f0 = lab.y / 500 + f1
        let f2 = f1 - lab.z / 200
        let f0Cubed = f0 * f0 * f0
        let f2Cubed = f2 * f2 * f2
        let x = f0Cubed > epsilon ? f0Cubed : (116 * f0 - 16) / kappa
        let y = lab.x > kappa * epsilon ? f1 * f1 * f1 : lab.x / kappa
        let z = f2Cubed > epsilon ? f2Cubed : (116 * f2 - 16) / kappa
        return Matrix3.d50ToD65(SIMD3(x, y, z) * d50White)
    }

    /// XYZ (D65) to Lab (D50), through Bradford adaptation.
    static func xyzToLab(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let scaled = Matrix3.d65ToD50(xyz) / d50White
        func f(_ v: Double) -> Double {
            v > labEpsilon ? ElementaryMath.cbrt(v) : (labKappa * v + 16) / 116
        }
        let fx = f(scaled.x)
        let fy = f(scaled.y)
        let fz = f(scaled.z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    // MARK: OKLab

    /// OKLab to XYZ (D65).
    @inline(__always)
    static func okLabToXYZ(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let lms = Matrix3.okLabToLMS(lab)
        return Matrix3.lmsToXYZ(lms * lms * lms)
    }

    /// XYZ (D65) to OKLab.
    static func xyzToOKLab(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let lms = Matrix3.xyzToLMS(xyz)
        return Matrix3.lmsToOKLab(
            SIMD3(ElementaryMath.cbrt(lms.x), ElementaryMath.cbrt(lms.y), ElementaryMath.cbrt(lms.z)))
    }

    // MARK: Polar forms

    /// (L, C, h°) to (L, a, b).
    @inline(__always)
    static func polarToRectangular(_ lch: SIMD3<Double>) -> SIMD3<Double> {
        let (sine, cosine) = ElementaryMath.sinCosDegrees(lch.z)
        return SIMD3(lch.x, lch.y * cosine, lch.y * sine)
    }

    /// (L, a, b) to (L, C, h°) with h in [0, 360).
    static func rectangularToPolar(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
        let hue = ElementaryMath.normalizedDegrees(ElementaryMath.atan2Degrees(lab.z, lab.y))
        return SIMD3(lab.x, chroma, hue)
    }

    // MARK: HSL and HWB

    /// HSL (h°, s, l in 0…1) to sRGB.
    @inline(__always)
    static func hslToSRGB(_ hsl: SIMD3<Double>) -> SIMD3<Double> {
        let hueTwelfths = hsl.x / 30
        let a = hsl.y * min(hsl.z, 1 - hsl.z)
        @inline(__always)
        func channel(_ n: Double) -> Double {
            var k = n + hueTwelfths
            k -= 12 * ColorMath.floor(k / 12)
            return hsl.z - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return SIMD3(channel(0), channel(8), channel(4))
    }

    /// HWB (h°, w, b in 0…1) to sRGB.
    @inline(__always)
    static func hwbToSRGB(_ hwb: SIMD3<Double>) -> SIMD3<Double> {
        let white = hwb.y
        let black = hwb.z
        if white + black >= 1 {
            let gray = white / (white + black)
            return SIMD3(repeating: gray)
        }
        let pure = hslToSRGB(SIMD3(hwb.x, 1, 0.5))
        return pure * (1 - white - black) + white
    }

    /// sRGB to HSL (h° in [0, 360), s, l in 0…1); an achromatic colour gets hue 0 and saturation 0.
    static func srgbToHSL(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let maximum = rgb.max()
        let minimum = rgb.min()
        let lightness = (maximum + minimum) / 2
        let d = maximum - minimum
        var hue = 0.0
        var saturation = 0.0
        if d != 0 {
            saturation =
                (lightness == 0 || lightness == 1) ? 0 : (maximum - lightness) / min(lightness, 1 - lightness)
            if maximum == rgb.x {
                hue = (rgb.y - rgb.z) / d + (rgb.y < rgb.z ? 6 : 0)
            } else if maximum == rgb.y {
                hue = (rgb.z - rgb.x) / d + 2
            } else {
                hue = (rgb.x - rgb.y) / d + 4
            }
            hue *= 60
        }
        // Far out-of-gamut colours can give a negative saturation: turn the hue round instead.
        if saturation < 0 {
            hue += 180
            saturation = -saturation
        }
        return SIMD3(ElementaryMath.normalizedDegrees(hue), saturation, lightness)
    }

    /// sRGB to HWB (h° in [0, 360), w, b in 0…1).
    static func srgbToHWB(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let hsl = srgbToHSL(rgb)
        return SIMD3(hsl.x, rgb.min(), 1 - rgb.max())
    }
}
