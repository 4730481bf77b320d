extension FloatRamp {
    /// How Chromium's Skia turns a ramp's interpolated lanes into the image's colour (`AppendInterpolatedToDstStages`):
    /// the space's own stage into its intermediate RGB space, then the ``SkiaColorSteps`` to sRGB or Display P3.
    struct OutputConversion {
        let space: ColorSpace
        /// Whether every stop is opaque: Skia then neither un-premultiplies nor premultiplies.
        let isOpaque: Bool
        let steps: SkiaColorSteps

        init(space: ColorSpace, isOpaque: Bool, gamut: OutputGamut) {
            self.space = space
            self.isOpaque = isOpaque
            steps = SkiaColorSteps(
                from: SkiaColorSpace.intermediate(for: space), to: SkiaColorSpace.destination(for: gamut))
        }

        /// Whether the conversion changes nothing (sRGB drawn into sRGB).
        var isIdentity: Bool { space == .srgb && steps.isIdentity }

        /// Whether Skia un-premultiplies with a stage of the space's own (`unpremul`, `unpremul_polar`) before its
        /// conversion stage; the RGB spaces leave that to the colour steps.
        private var hasOwnStage: Bool {
            switch space {
            case .oklab, .oklch, .lab, .lch, .hsl, .hwb: true
            default: false
            }
        }

        /// Converts premultiplied lanes in the interpolation space (hsl and hwb in Skia's percentages) to
        /// premultiplied lanes of the image's colour.
        @inline(__always)
        func apply(_ color: inout PixelLanes) {
            var first = color.red
            var second = color.green
            var third = color.blue
            let ownStage = hasOwnStage
            var scale = SIMD8<Float>(repeating: 1)
            if !isOpaque {
                scale = (1 / color.alpha).replacing(with: 0, where: .!(color.alpha .> 0) .| color.alpha .!= color.alpha)
            }
            if !isOpaque && ownStage {
                // The hue is never premultiplied: ours is third in oklch and lch, first in hsl and hwb.
                if space != .hsl && space != .hwb { first *= scale }
                second *= scale
                if space != .oklch && space != .lch { third *= scale }
            }
            switch space {
            case .oklab:
                FloatRamp.oklabToLinearSRGB(&first, &second, &third)
            case .oklch:
                FloatRamp.hclToLab(&second, &third)
                FloatRamp.oklabToLinearSRGB(&first, &second, &third)
            case .lab:
                FloatRamp.labToXYZD50(&first, &second, &third)
            case .lch:
                FloatRamp.hclToLab(&second, &third)
                FloatRamp.labToXYZD50(&first, &second, &third)
            case .hsl:
                (first, second, third) = FloatRamp.hslToSRGB(first, second, third)
            case .hwb:
                FloatRamp.hwbToSRGB(&first, &second, &third)
            default:
                break
            }
            // `SkColorSpaceXformSteps` un-premultiplies around its curves when the lanes are still premultiplied.
            let stepsUnpremultiply =
                !isOpaque && !ownStage && (steps.linearize != nil || steps.encode != nil)
            if stepsUnpremultiply {
                first *= scale
                second *= scale
                third *= scale
            }
            steps.apply(&first, &second, &third)
            if !isOpaque && (ownStage || stepsUnpremultiply) {
                first *= color.alpha
                second *= color.alpha
                third *= color.alpha
            }
            color.red = first
            color.green = second
            color.blue = third
        }
    }

    /// Skia's `css_hcl_to_lab` of lanes holding chroma and hue (degrees) second and third: a and b from Skia's
    /// polynomial cosine and sine.
    @inline(__always)
    static func hclToLab(_ second: inout SIMD8<Float>, _ third: inout SIMD8<Float>) {
        let hueRadians = third * (ElementaryMath.floatPi / 180)
        let a = second * cosine(hueRadians)
        let b = second * sine(hueRadians)
        second = a
        third = b
    }

    /// Skia's `css_oklab_to_linear_srgb`.
    @inline(__always)
    static func oklabToLinearSRGB(
        _ first: inout SIMD8<Float>, _ second: inout SIMD8<Float>, _ third: inout SIMD8<Float>
    ) {
        let l = first + 0.396_337_777_4 * second + 0.215_803_757_3 * third
        let m = first - 0.105_561_345_8 * second - 0.063_854_172_8 * third
        let s = first - 0.089_484_177_5 * second - 1.291_485_548_0 * third
        let l3 = l * l * l
        let m3 = m * m * m
        let s3 = s * s * s
        first = 4.076_741_662_1 * l3 - 3.307_711_591_3 * m3 + 0.230_969_929_2 * s3
        second = -1.268_438_004_6 * l3 + 2.609_757_401_1 * m3 - 0.341_319_396_5 * s3
        third = -0.004_196_086_3 * l3 - 0.703_418_614_7 * m3 + 1.707_614_701_0 * s3
    }

    /// Skia's `css_lab_to_xyz`: CIE Lab to XYZ relative to its D50 white (0.3457/0.3585, 1, 0.2958/0.3585).
    @inline(__always)
    static func labToXYZD50(
        _ first: inout SIMD8<Float>, _ second: inout SIMD8<Float>, _ third: inout SIMD8<Float>
    ) {
        let k = Float(24389) / Float(27)
        let e = Float(216) / Float(24389)
        let f1 = (first + 16) * (1 / Float(116))
        let f0 = (second * (1 / Float(500))) + f1
        let f2 = f1 - (third * (1 / Float(200)))
        let cube0 = f0 * f0 * f0
        let cube1 = f1 * f1 * f1
        let cube2 = f2 * f2 * f2
        let x = cube0.replacing(with: (116 * f0 - 16) * (1 / k), where: .!(cube0 .> e))
        let y = cube1.replacing(with: first * (1 / k), where: .!(first .> k * e))
        let z = cube2.replacing(with: (116 * f2 - 16) * (1 / k), where: .!(cube2 .> e))
        first = x * (Float(0.3457) / Float(0.3585))
        second = y
        third = z * ((1 - Float(0.3457) - Float(0.3585)) / Float(0.3585))
    }

    /// Skia's `mod_`: `x − y · floor(x / y)` with the reciprocal in floats.
    @inline(__always)
    private static func modulo(_ x: SIMD8<Float>, _ y: Float) -> SIMD8<Float> {
        x - y * floor(x * (1 / y))
    }

    /// Skia's `css_hsl_to_srgb_` of a hue in degrees and saturation and lightness in percent.
    @inline(__always)
    static func hslToSRGB(
        _ hue: SIMD8<Float>, _ saturation: SIMD8<Float>, _ lightness: SIMD8<Float>
    ) -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
        let h = modulo(hue, 360)
        let s = saturation * 0.01
        let l = lightness * 0.01
        let twelfths = h * (1 / Float(30))
        let a = s * pointwiseMin(l, 1 - l)
        @inline(__always)
        func channel(_ n: Float) -> SIMD8<Float> {
            let k = modulo(n + twelfths, 12)
            let clamped = pointwiseMax(
                SIMD8(repeating: -1), pointwiseMin(pointwiseMin(k - 3, 9 - k), SIMD8(repeating: 1)))
            return l - a * clamped
        }
        return (channel(0), channel(8), channel(4))
    }

    /// Skia's `css_hwb_to_srgb` of a hue in degrees and whiteness and blackness in percent.
    @inline(__always)
    static func hwbToSRGB(_ first: inout SIMD8<Float>, _ second: inout SIMD8<Float>, _ third: inout SIMD8<Float>) {
        let white = second * 0.01
        let black = third * 0.01
        let gray = white / (white + black)
        let pure = hslToSRGB(first, SIMD8(repeating: 100), SIMD8(repeating: 50))
        let isGray = (white + black) .>= 1
        first = (pure.0 * (1 - white - black) + white).replacing(with: gray, where: isGray)
        second = (pure.1 * (1 - white - black) + white).replacing(with: gray, where: isGray)
        third = (pure.2 * (1 - white - black) + white).replacing(with: gray, where: isGray)
    }

    /// Skia's `approx_powf`: 2^(log2(x)·y) from its bit-level approximations, x itself at 0 and 1.
    @inline(__always)
    static func approximatePower(_ x: SIMD8<Float>, _ y: Float) -> SIMD8<Float> {
        approximateExp2(approximateLog2(x) * y).replacing(with: x, where: x .== 0 .| x .== 1)
    }

    /// Skia's `approx_log2`: the float's bits read as an integer, refined by a rational term in the mantissa; the
    /// mantissa's linear term fused into one multiply-add, as Chromium's AVX2 build of the stage computes it (an
    /// achromatic stop's hue, which hangs on its last bit, showed it).
    @inline(__always)
    static func approximateLog2(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let bits = unsafeBitCast(x, to: SIMD8<UInt32>.self)
        let e = float(fromIntegers: bits) * (1 / 8_388_608)
        let m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F00_0000, to: SIMD8<Float>.self)
        let refined = m.multiplied(by: SIMD8(repeating: -1.498_030_302), adding: e - 124.225_514_990)
        return refined - 1.725_879_990 / (0.352_088_706_8 + m)
    }

    /// Skia's `approx_pow2`: builds the float's bits from x and a rational term in its fraction (the fraction's linear
    /// term fused, as in ``approximateLog2(_:)``).
    @inline(__always)
    static func approximateExp2(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let fraction = x - floor(x)
        var approximation = x + 121.274_057_500
        approximation = fraction.multiplied(by: SIMD8(repeating: -1.490_129_070), adding: approximation)
        approximation += 27.728_023_300 / (4.842_525_68 - fraction)
        approximation *= 8_388_608
        approximation = approximation.replacing(with: 0, where: .!(approximation .> 0))
        approximation = approximation.replacing(with: 2_139_095_040, where: approximation .> 2_139_095_040)
        return unsafeBitCast(integers(roundingNonNegative: approximation), to: SIMD8<Float>.self)
    }

    /// Each lane's integer (below 2³¹) converted to the nearest float, as `cvtdq2ps` does: two exact 16-bit halves
    /// added with one rounding.
    @inline(__always)
    static func float(fromIntegers bits: SIMD8<UInt32>) -> SIMD8<Float> {
        let high = unsafeBitCast((bits &>> 16) | 0x4B00_0000, to: SIMD8<Float>.self) - 8_388_608
        let low = unsafeBitCast((bits & 0xFFFF) | 0x4B00_0000, to: SIMD8<Float>.self) - 8_388_608
        return high * 65536 + low
    }

    /// Each lane (0 … 2³¹) rounded to the nearest integer, ties to even, as `cvtps2dq` does.
    @inline(__always)
    static func integers(roundingNonNegative value: SIMD8<Float>) -> SIMD8<UInt32> {
        let high = floor(value * (1.0 / 65536))
        let low = (value - high * 65536) + 12_582_912
        let highBits = unsafeBitCast(high + 12_582_912, to: SIMD8<UInt32>.self) & 0x3F_FFFF
        let lowBits = unsafeBitCast(low, to: SIMD8<UInt32>.self) & 0x3F_FFFF
        return highBits &<< 16 &+ lowBits
    }

    /// Skia's `sin5q_`: a degree-5 polynomial for sin(2π·x) on [−1/4, 1/4].
    @inline(__always)
    private static func quarterSine(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let x2 = x * x
        let inner = x2.multiplied(by: 74.438_888_5, adding: -41.169_368_7)
        return x * inner.multiplied(by: x2, adding: SIMD8(repeating: 6.282_308_58))
    }

    /// Skia's `sin_`.
    @inline(__always)
    static func sine(_ radians: SIMD8<Float>) -> SIMD8<Float> {
        var x = radians.multiplied(by: -(1 / (2 * ElementaryMath.floatPi)), adding: 0.25)
        x -= floor(x + 0.5)
        return quarterSine(0.25 - x.replacing(with: -x, where: x .< 0))
    }

    /// Skia's `cos_`.
    @inline(__always)
    static func cosine(_ radians: SIMD8<Float>) -> SIMD8<Float> {
        var x = radians * (1 / (2 * ElementaryMath.floatPi))
        x -= floor(x + 0.5)
        return quarterSine(0.25 - x.replacing(with: -x, where: x .< 0))
    }
}
