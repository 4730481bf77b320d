/// A stop colour as Chromium hands it to Skia: Blink gives the colour in 32-bit sRGB (8-bit colours exactly
/// `k / 255`), Skia converts it into the interpolation space's intermediate RGB space through its raster pipeline
/// (``SkiaColorSteps``: the `parametric` stage's approximate `powf`, the gamut matrix) and then, for the spaces that
/// are not RGB, with its own float functions (`lin_srgb_to_oklab`, `xyzd50_to_lab`, `srgb_to_hsl`, and their polar
/// forms).
enum SkiaStopColor {
    /// Skia's chroma below which an oklch hue is powerless (taken from the neighbouring stop).
    static let powerlessChroma = 1e-6

    /// A stop as Skia interpolates it: its components in the spec's units (XYZ spaces: linear-light sRGB, as Skia
    /// draws them), and whether Skia takes its hue from the neighbouring stops (oklch at a chroma of at most
    /// ``powerlessChroma``, lch at most ``powerlessLabChroma``, hsl and hwb without saturation).
    struct Converted {
        var components: SIMD3<Double>
        var isHuePowerless: Bool
    }

    /// The stop Skia interpolates for a colour whose components in `space` are `components`, written as `written`
    /// (``blinkSRGB(_:space:written:)``).
    static func converted(_ components: SIMD3<Double>, space: ColorSpace, written: WrittenColor) -> Converted {
        converted(fromSRGB: blinkSRGB(components, space: space, written: written), space: space)
    }

    /// How far (0…1) an sRGB channel converted back from another interpolation space may lie from a byte and still
    /// be that byte: the spec keeps 6 decimals of the converted colour, and a conversion back to sRGB (ProPhoto's
    /// curve, the gamut matrices, the sRGB curve's slope of 12.92 near black) magnifies that rounding to some 1e-5.
    static let byteTolerance = 3e-5

    /// `srgb` with every channel within `tolerance` of a byte `k / 255` made that byte, as a 32-bit float.
    static func snappedToBytes(_ srgb: SIMD3<Double>, tolerance: Double) -> SIMD3<Double> {
        var result = srgb
        for index in 0..<3 {
            let byte = (srgb[index] * 255).rounded()
            if abs(srgb[index] - byte / 255) <= tolerance { result[index] = Double(Float(byte) / 255) }
        }
        return result
    }

    /// The sRGB colour Blink hands Skia for a stop whose components in `space` are `components`, written as
    /// `written`: the colour as written (sRGB channels near a byte as that byte, `k / 255`: the spec keeps 6
    /// decimals) converted as Blink converts it (``BlinkStopColor/skColor(written:components:space:)``).
    static func blinkSRGB(_ components: SIMD3<Double>, space: ColorSpace, written: WrittenColor) -> SIMD3<Double> {
        let writtenComponents = self.written(components, space: space, written: written)
        if written.space == .srgb && space == .srgb { return writtenComponents }
        return BlinkStopColor.skColor(written: written.space, components: writtenComponents, space: space)
    }

    /// Blink's components in `space` (as Blink converts the colour as written) of a colour whose components in
    /// `space` are `components`, written as `written`: what `Color::InterpolateColors` blends.
    static func blinkComponents(_ components: SIMD3<Double>, space: ColorSpace, written: WrittenColor) -> SIMD3<Float> {
        let writtenComponents = self.written(components, space: space, written: written)
        return BlinkStopColor.components(written: written.space, components: writtenComponents, space: space)
    }

    /// The sRGB colour Blink hands Skia for a colour held as written (`Color::ToGradientStopSkColor4f` without the
    /// conversion into the interpolation space, as Blink pads a first stop past 0) whose components in `space` are
    /// `components`.
    static func writtenSRGB(_ components: SIMD3<Double>, space: ColorSpace, written: WrittenColor) -> SIMD3<Double> {
        let writtenComponents = self.written(components, space: space, written: written)
        if written.space == .srgb { return writtenComponents }
        return BlinkStopColor.skColor(space: written.space, components: writtenComponents)
    }

    /// The colour's components as written: those the spec keeps, else recovered from its components in `space`;
    /// sRGB channels near a byte as that byte (``snappedToBytes(_:tolerance:)``).
    private static func written(
        _ components: SIMD3<Double>, space: ColorSpace, written: WrittenColor
    ) -> SIMD3<Double> {
        if written.space == .srgb {
            guard let kept = written.components else {
                return snappedToBytes(space.toSRGB(components), tolerance: space == .srgb ? 1e-4 / 255 : byteTolerance)
            }
            return snappedToBytes(kept, tolerance: 1e-6)
        }
        if let kept = written.components { return kept }
        return written.space == space ? components : written.space.fromSRGB(space.toSRGB(components))
    }

    /// The components (in the spec's units) Skia interpolates for a colour whose components in `space` are
    /// `components`.
    static func components(_ components: SIMD3<Double>, space: ColorSpace) -> SIMD3<Double> {
        converted(components, space: space, written: WrittenColor(space: .srgb)).components
    }

    /// The stop Skia interpolates for a colour Blink hands it as the gamma-encoded sRGB colour `srgb` (taken as
    /// 32-bit floats).
    static func converted(fromSRGB srgb: SIMD3<Double>, space: ColorSpace) -> Converted {
        var red = SIMD8<Float>(repeating: Float(srgb.x))
        var green = SIMD8<Float>(repeating: Float(srgb.y))
        var blue = SIMD8<Float>(repeating: Float(srgb.z))
        SkiaColorSteps(from: .sRGB, to: SkiaColorSpace.intermediate(for: space)).apply(&red, &green, &blue)
        let (r, g, b) = (red[0], green[0], blue[0])
        switch space {
        case .oklab, .oklch:
            let result = oklab(r, g, b, polar: space == .oklch)
            return Converted(components: result, isHuePowerless: space == .oklch && result.y <= powerlessChroma)
        case .lab, .lch:
            let result = lab(r, g, b, polar: space == .lch)
            return Converted(components: result, isHuePowerless: space == .lch && result.y <= powerlessLabChroma)
        case .hsl, .hwb:
            return hsl(r, g, b, whiteness: space == .hwb)
        default:
            return Converted(components: SIMD3(Double(r), Double(g), Double(b)), isHuePowerless: false)
        }
    }

    /// The components (in the spec's units) Skia interpolates for a colour Blink hands it as `srgb`.
    static func components(fromSRGB srgb: SIMD3<Double>, space: ColorSpace) -> SIMD3<Double> {
        converted(fromSRGB: srgb, space: space).components
    }

    /// `lin_srgb_to_oklab` (and `lin_srgb_to_okhcl`): L, a, b or L, C, H (degrees).
    private static func oklab(_ r: Float, _ g: Float, _ b: Float, polar: Bool) -> SIMD3<Double> {
        let l = Float(ElementaryMath.cbrt(Double(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)))
        let m = Float(ElementaryMath.cbrt(Double(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)))
        let s = Float(ElementaryMath.cbrt(Double(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)))
        let lightness = 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s
        let a = 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s
        let bComponent = 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s
        return polar ? self.polar(lightness, a, bComponent) : SIMD3(Double(lightness), Double(a), Double(bComponent))
    }

    /// `xyzd50_to_lab` (and `xyzd50_to_hcl`) with Skia's D50 white (0.3457/0.3585, 1, 0.2958/0.3585).
    private static func lab(_ x: Float, _ y: Float, _ z: Float, polar: Bool) -> SIMD3<Double> {
        let white = (Float(0.3457) / Float(0.3585), Float(1), (1 - Float(0.3457) - Float(0.3585)) / Float(0.3585))
        let e = Float(216) / Float(24389)
        let k = Float(24389) / Float(27)
        let f = [x / white.0, y / white.1, z / white.2].map { v in
            v > e ? Float(ElementaryMath.cbrt(Double(v))) : (k * v + 16) / 116
        }
        let lightness = 116 * f[1] - 16
        let a = 500 * (f[0] - f[1])
        let b = 200 * (f[1] - f[2])
        return polar ? self.polar(lightness, a, b) : SIMD3(Double(lightness), Double(a), Double(b))
    }

    /// Lightness, chroma and hue in degrees (0…360) of a Lab-like colour, as Skia's `*_to_hcl` compute them.
    private static func polar(_ lightness: Float, _ a: Float, _ b: Float) -> SIMD3<Double> {
        var hue = Float(ElementaryMath.atan2(Double(b), Double(a))) * (180 / ElementaryMath.floatPi)
        if hue < 0 { hue += 360 }
        return SIMD3(Double(lightness), Double((a * a + b * b).squareRoot()), Double(hue))
    }

    /// `srgb_to_hsl` (and `srgb_to_hwb`), saturation, lightness, whiteness and blackness as Skia's percentages
    /// divided by 100 (the ramp multiplies them back: ``FloatRamp``).
    private static func hsl(_ r: Float, _ g: Float, _ b: Float, whiteness: Bool) -> Converted {
        let maximum = max(r, g, b)
        let minimum = min(r, g, b)
        var hue: Float = 0
        var saturation: Float = 0
        let lightness = (minimum + maximum) / 2
        let d = maximum - minimum
        if d != 0 {
            saturation = (lightness == 0 || lightness == 1) ? 0 : (maximum - lightness) / min(lightness, 1 - lightness)
            hue = self.hue(ofSRGB: SIMD3(r, g, b))
        }
        let components =
            whiteness
            ? SIMD3(Double(hue), Double(minimum * 100) / 100, Double((1 - maximum) * 100) / 100)
            : SIMD3(Double(hue), Double(saturation * 100) / 100, Double(lightness * 100) / 100)
        return Converted(components: components, isHuePowerless: saturation == 0)
    }

    /// The hue in degrees of an sRGB colour, as Skia's `srgb_to_hsl` and Blink's `SRGBToHue` both compute it in
    /// floats: the sextant of the largest channel plus the others' difference over the range, times 60; 0 for a grey.
    static func hue(ofSRGB rgb: SIMD3<Float>) -> Float {
        let (r, g, b) = (rgb.x, rgb.y, rgb.z)
        let d = max(r, g, b) - min(r, g, b)
        guard d != 0 else { return 0 }
        let sextant: Float
        if max(r, g, b) == r {
            sextant = (g - b) / d + (g < b ? 6 : 0)
        } else if max(r, g, b) == g {
            sextant = (b - r) / d + 2
        } else {
            sextant = (r - g) / d + 4
        }
        return sextant * 60
    }

    /// Skia's chroma at or below which an lch hue is powerless (`xyzd50_to_hcl`).
    static let powerlessLabChroma = 1e-2
}

/// A stop's colour as written: the space Blink converts it from and, when the spec keeps them
/// (``GradientStop/writtenComponents``), its components there.
struct WrittenColor {
    var space: ColorSpace
    var components: SIMD3<Double>? = nil
}

extension GradientStop {
    /// The stop's colour as written.
    var written: WrittenColor { WrittenColor(space: writtenSpace, components: writtenComponents) }
}
