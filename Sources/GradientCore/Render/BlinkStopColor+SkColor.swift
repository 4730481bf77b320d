extension BlinkStopColor {
    /// The gamma-encoded sRGB colour Blink hands Skia for a stop written in `written` with `components` (our
    /// units), drawn in `space`: Blink converts the stop into the interpolation space (`Color::ConvertToColorSpace`)
    /// and from there to sRGB (`Color::ToGradientStopSkColor4f`), in `ui/gfx`'s float conversions through XYZ D50
    /// (XYZ D65 for oklab and oklch) with skcms's float matrices and `skia/ext/skcms_ext.cc`'s transfer curves (in
    /// floats with the precise `powf`; measured bit for bit against headless Chromium's own conversions).
    static func skColor(written: ColorSpace, components: SIMD3<Double>, space: ColorSpace) -> SIMD3<Double> {
        var color = BlinkColor(space: written, params: SIMD3<Float>(components))
        color.convert(to: space)
        return SIMD3<Double>(color.srgb)
    }

    /// Blink's components in `space` of a colour written in `written` with `components` (our units), converted as
    /// ``skColor(written:components:space:)`` converts it: the colour `Color::InterpolateColors` blends.
    static func components(written: ColorSpace, components: SIMD3<Double>, space: ColorSpace) -> SIMD3<Float> {
        var color = BlinkColor(space: written, params: SIMD3<Float>(components))
        color.convert(to: space)
        return color.params
    }

    /// The gamma-encoded sRGB colour Blink hands Skia for a stop it holds in `space` with `components`
    /// (`Color::ToGradientStopSkColor4f`).
    static func skColor(space: ColorSpace, components: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3<Double>(BlinkColor(space: space, params: SIMD3<Float>(components)).srgb)
    }
}

/// A colour as Blink's `Color` holds it: a space and three float parameters (saturation, lightness, whiteness and
/// blackness 0…1, hues in degrees), converted with `ui/gfx/color_conversions.cc`'s float arithmetic.
private struct BlinkColor {
    var space: ColorSpace
    var params: SIMD3<Float>

    /// `Color::ConvertToColorSpace`.
    mutating func convert(to destination: ColorSpace) {
        guard destination != space else { return }
        switch destination {
        case .srgb:
            params = toSRGB
        case .srgbLinear:
            params = Self.xyzD50ToLinearSRGB.apply(xyzD50)
        case .xyzD50:
            params = xyzD50
        case .xyzD65:
            params = space == .oklab ? Self.oklabToXYZD65(params) : Self.d50ToD65.apply(xyzD50)
        case .lab:
            params = space == .lch ? Self.lchToLab(params) : Self.xyzD50ToLab(xyzD50)
        case .lch:
            params = Self.labToLCH(space == .lab ? params : Self.xyzD50ToLab(xyzD50))
        case .oklab:
            params =
                space == .oklch
                ? Self.lchToLab(params)
                : Self.xyzD65ToOklab(space == .xyzD65 ? params : Self.d50ToD65.apply(xyzD50))
        case .oklch:
            // From oklab Blink keeps the hue atan2 gives (−180…180); from any other space it takes it to 0…360.
            params =
                space == .oklab
                ? Self.labToLCH(params, unitCircle: false)
                : Self.labToLCH(Self.xyzD65ToOklab(space == .xyzD65 ? params : Self.d50ToD65.apply(xyzD50)))
        case .hsl:
            params = Self.srgbToHSL(toSRGB)
        case .hwb:
            params = Self.srgbToHWB(toSRGB)
        case .displayP3, .a98RGB, .prophotoRGB, .rec2020:
            let (gamut, curve) = Self.rgbSpace(destination)
            params = Self.evaluateInverse(curve, gamut.inverse.apply(xyzD50))
        }
        space = destination
    }

    /// `Color::ToSRGB`, through which Blink converts into sRGB, hsl and hwb: hsl, hwb and linear sRGB directly,
    /// every other space through XYZ D50.
    private var toSRGB: SIMD3<Float> {
        switch space {
        case .srgb: params
        case .hsl: Self.hslToSRGB(params)
        case .hwb: Self.hwbToSRGB(params)
        case .srgbLinear: Self.linearToSRGB(params)
        default: Self.xyzD50ToSRGB(xyzD50)
        }
    }

    /// `Color::ExportAsXYZD50Floats`.
    var xyzD50: SIMD3<Float> {
        switch space {
        case .srgb: Self.sRGBGamut.apply(Self.evaluate(.sRGB, params))
        case .srgbLinear: Self.sRGBGamut.apply(params)
        case .xyzD50: params
        case .xyzD65: Self.d65ToD50.apply(params)
        case .lab: Self.labToXYZD50(params)
        case .lch: Self.labToXYZD50(Self.lchToLab(params))
        case .oklab: Self.d65ToD50.apply(Self.oklabToXYZD65(params))
        case .oklch: Self.d65ToD50.apply(Self.oklabToXYZD65(Self.lchToLab(params)))
        case .hsl: Self.sRGBGamut.apply(Self.evaluate(.sRGB, Self.hslToSRGB(params)))
        case .hwb: Self.sRGBGamut.apply(Self.evaluate(.sRGB, Self.hwbToSRGB(params)))
        case .displayP3, .a98RGB, .prophotoRGB, .rec2020:
            Self.rgbSpace(space).gamut.apply(Self.evaluate(Self.rgbSpace(space).curve, params))
        }
    }

    /// `Color::ToSkColor4fInternal` without gamut mapping.
    var srgb: SIMD3<Float> {
        switch space {
        case .srgb: params
        case .hsl: Self.hslToSRGB(params)
        case .hwb: Self.hwbToSRGB(params)
        case .srgbLinear: Self.linearToSRGB(params)
        default: Self.xyzD50ToSRGB(xyzD50)
        }
    }

    private static let sRGBGamut = SkiaColorSpace.sRGBGamut
    private static let sRGBInverse = SkiaTransferFunction.sRGB.inverted
    /// `getXYZD50TosRGBLinearMatrix`: the inverse of skcms's sRGB gamut.
    private static let xyzD50ToLinearSRGB = sRGBGamut.inverse
    private static let d65ToD50 = FloatMatrix.adaptToXYZD50(white: (0.3127, 0.3290))
    /// `XYZD50ToD65`: the adaptation's inverse.
    private static let d50ToD65 = d65ToD50.inverse
    private static let lmsToOklab = BlinkStopColor.oklabToLMS.inverse

    /// The gamut and curve of an RGB space (`SkNamedGamut`, `SkNamedTransferFn`, ProPhoto from its primaries).
    private static func rgbSpace(_ space: ColorSpace) -> (gamut: FloatMatrix, curve: SkiaTransferFunction) {
        switch space {
        case .displayP3: (SkiaColorSpace.displayP3.toXYZD50, .sRGB)
        case .a98RGB: (SkiaColorSpace.a98RGB.toXYZD50, .gamma(2.2))
        case .prophotoRGB: (SkiaColorSpace.proPhotoRGB.toXYZD50, .gamma(1.8))
        default: (SkiaColorSpace.rec2020.toXYZD50, .rec2020)
        }
    }

    /// Linear sRGB to sRGB as Blink's `Color::ToSRGB` computes it: skcms's inverted sRGB curve, evaluated with
    /// skcms's approximate `powf` (crbug.com/450045076), not the precise curve of the other conversions.
    private static func linearToSRGB(_ linear: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(sRGBInverse.evaluate(linear.x), sRGBInverse.evaluate(linear.y), sRGBInverse.evaluate(linear.z))
    }

    private static func xyzD50ToSRGB(_ xyz: SIMD3<Float>) -> SIMD3<Float> {
        evaluateInverse(.sRGB, xyzD50ToLinearSRGB.apply(xyz))
    }

    /// A transfer curve applied to each component as Blink's conversions apply it (measured against headless
    /// Chromium: precisely, in doubles).
    private static func evaluate(_ curve: SkiaTransferFunction, _ value: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(curve.evaluatePrecisely(value.x), curve.evaluatePrecisely(value.y), curve.evaluatePrecisely(value.z))
    }

    /// A transfer curve's inverse applied to each component as Blink's conversions apply it (precisely).
    private static func evaluateInverse(_ curve: SkiaTransferFunction, _ value: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(
            curve.evaluateInversePrecisely(value.x), curve.evaluateInversePrecisely(value.y),
            curve.evaluateInversePrecisely(value.z))
    }

    /// `gfx::LabToXYZD50` with Blink's D50 white.
    private static func labToXYZD50(_ lab: SIMD3<Float>) -> SIMD3<Float> {
        let y = (lab.x + 16) / 116
        let x = y + lab.y / 500
        let z = y - lab.z / 200
        func inverse(_ t: Float) -> Float {
            t <= Float(24) / Float(116) ? (Float(108) / Float(841)) * (t - Float(16) / Float(116)) : t * t * t
        }
        return SIMD3(inverse(x), inverse(y), inverse(z)) * BlinkStopColor.labWhite
    }

    /// `gfx::XYZD50ToLab` with Blink's D50 white.
    private static func xyzD50ToLab(_ xyz: SIMD3<Float>) -> SIMD3<Float> {
        let limit = (Float(24) / Float(116)) * (Float(24) / Float(116)) * (Float(24) / Float(116))
        let scaled = xyz / BlinkStopColor.labWhite
        var f = SIMD3<Float>()
        for index in 0..<3 {
            let t = scaled[index]
            f[index] =
                t <= limit
                ? (Float(841) / Float(108)) * t + Float(16) / Float(116)
                : Float(ElementaryMath.pow(Double(t), Double(Float(1) / Float(3))))
        }
        return SIMD3(116 * f.y - 16, 500 * (f.x - f.y), 200 * (f.y - f.z))
    }

    /// `gfx::LchToLab`: a and b from the float cosine and sine of the hue in radians (`base::DegToRad`, which
    /// Chromium's build multiplies by the folded constant π/180: measured against headless Chromium).
    private static func lchToLab(_ lch: SIMD3<Float>) -> SIMD3<Float> {
        let radians = lch.z * (ElementaryMath.floatPi / 180)
        let (sine, cosine) = ElementaryMath.sinCosDegrees(Double(radians) * (180 / Double.pi))
        return SIMD3(lch.x, lch.y * Float(cosine), lch.y * Float(sine))
    }

    /// `gfx::LabToLch` (`base::RadToDeg` of `atan2f`, multiplied by the folded constant 180/π as Chromium's build
    /// computes it), the hue taken to 0…360 when `unitCircle` as Blink's `AngleToUnitCircleDegrees` takes it (in
    /// floats, so a negative hue is rounded to a multiple of 360's ulp).
    private static func labToLCH(_ lab: SIMD3<Float>, unitCircle: Bool = true) -> SIMD3<Float> {
        let chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
        let radians = Float(ElementaryMath.atan2(Double(lab.z), Double(lab.y)))
        let hue = radians * (180 / ElementaryMath.floatPi)
        guard unitCircle else { return SIMD3(lab.x, chroma, hue) }
        return SIMD3(
            lab.x, chroma, (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360))
    }

    /// `gfx::OklabToXYZD65`.
    private static func oklabToXYZD65(_ lab: SIMD3<Float>) -> SIMD3<Float> {
        let lms = BlinkStopColor.oklabToLMS.apply(lab)
        return BlinkStopColor.lmsToXYZD65.apply(lms * lms * lms)
    }

    /// `gfx::XYZD65ToOklab`.
    private static func xyzD65ToOklab(_ xyz: SIMD3<Float>) -> SIMD3<Float> {
        let lms = BlinkStopColor.xyzD65ToLMS.apply(xyz)
        var roots = SIMD3<Float>()
        for index in 0..<3 {
            let root = Float(ElementaryMath.pow(Double(abs(lms[index])), Double(Float(1) / Float(3))))
            roots[index] = lms[index] < 0 ? -root : root
        }
        return lmsToOklab.apply(roots)
    }

    /// `gfx::HSLToSRGB` (saturation and lightness 0…1): `fmod` in doubles, the rest in floats.
    private static func hslToSRGB(_ hsl: SIMD3<Float>) -> SIMD3<Float> {
        let (h, s, l) = (hsl.x, hsl.y, hsl.z)
        if s == 0 { return SIMD3(l, l, l) }
        func channel(_ n: Float) -> Float {
            let k = Float(Double(n + h / 30).truncatingRemainder(dividingBy: 12))
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return SIMD3(channel(0), channel(8), channel(4))
    }

    /// `gfx::HWBToSRGB` (whiteness and blackness 0…1).
    private static func hwbToSRGB(_ hwb: SIMD3<Float>) -> SIMD3<Float> {
        let (w, b) = (hwb.y, hwb.z)
        if w + b >= 1 {
            let gray = w / (w + b)
            return SIMD3(gray, gray, gray)
        }
        var rgb = hslToSRGB(SIMD3(hwb.x, 1, 0.5))
        for index in 0..<3 { rgb[index] += w - (w + b) * rgb[index] }
        return rgb
    }

    /// `gfx::SRGBToHSL`.
    private static func srgbToHSL(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
        let (r, g, b) = (rgb.x, rgb.y, rgb.z)
        let (minimum, maximum) = (min(r, g, b), max(r, g, b))
        var hue: Float = 0
        var saturation: Float = 0
        let lightness = (minimum + maximum) / 2
        if maximum != minimum {
            saturation =
                (lightness == 0 || lightness == 1) ? 0 : (maximum - lightness) / min(lightness, 1 - lightness)
            hue = SkiaStopColor.hue(ofSRGB: rgb)
        }
        if saturation < 0 {
            hue += 180
            saturation = abs(saturation)
        }
        if hue >= 360 { hue -= 360 }
        return SIMD3(hue, saturation, lightness)
    }

    /// `gfx::SRGBToHWB`.
    private static func srgbToHWB(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
        var hue = SkiaStopColor.hue(ofSRGB: rgb)
        if hue >= 360 { hue -= 360 }
        return SIMD3(hue, min(rgb.x, rgb.y, rgb.z), 1 - max(rgb.x, rgb.y, rgb.z))
    }
}
