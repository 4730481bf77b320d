extension FloatRamp {
    /// Converts premultiplied oklab, oklch or linear-sRGB lanes to premultiplied sRGB (or Display P3, `gamut`) as
    /// Chromium's Skia does per pixel: un-premultiply (`unpremul`, `unpremul_polar`), `css_hcl_to_lab` with Skia's
    /// polynomial sine and cosine, `css_oklab_to_linear_srgb`, for Display P3 the linear gamut matrix, then the sRGB
    /// encoding (P3's too) as the `parametric` stage computes it — the inverse curve's coefficients as skcms derives
    /// them and Skia's approximate `powf` — and premultiply.
    @inline(__always)
    static func skiaToOutput(_ color: inout PixelLanes, space: ColorSpace, isOpaque: Bool, gamut: OutputGamut) {
        var first = color.red
        var second = color.green
        var third = color.blue
        if !isOpaque {
            let scale = (1 / color.alpha).replacing(with: 0, where: .!(color.alpha .> 0) .| color.alpha .!= color.alpha)
            // Skia's polar spaces keep the hue unpremultiplied; ours holds it third (L, C, H).
            first *= scale
            second *= scale
            if space != .oklch { third *= scale }
        }
        if space == .oklch {
            let hueRadians = third * (Float.pi / 180)
            let a = second * cosine(hueRadians)
            let b = second * sine(hueRadians)
            second = a
            third = b
        }
        if space != .srgbLinear {
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
        if gamut == .displayP3 { linearSRGBToLinearDisplayP3(&first, &second, &third) }
        color.red = encodeSRGB(first)
        color.green = encodeSRGB(second)
        color.blue = encodeSRGB(third)
        if !isOpaque {
            color.red *= color.alpha
            color.green *= color.alpha
            color.blue *= color.alpha
        }
    }

    /// Converts premultiplied, gamma-encoded sRGB lanes (unclipped) to premultiplied Display P3, as Skia's colour
    /// transform from an sRGB gradient to a P3 surface does: un-premultiply, the sRGB curve (`parametric`), the
    /// linear gamut matrix, the inverse curve (P3 shares sRGB's), premultiply.
    @inline(__always)
    static func sRGBToDisplayP3(_ color: inout PixelLanes, isOpaque: Bool) {
        var scale = SIMD8<Float>(repeating: 1)
        if !isOpaque {
            scale = (1 / color.alpha).replacing(with: 0, where: .!(color.alpha .> 0) .| color.alpha .!= color.alpha)
        }
        var red = decodeSRGB(color.red * scale)
        var green = decodeSRGB(color.green * scale)
        var blue = decodeSRGB(color.blue * scale)
        linearSRGBToLinearDisplayP3(&red, &green, &blue)
        let alpha = isOpaque ? SIMD8<Float>(repeating: 1) : color.alpha
        color.red = encodeSRGB(red) * alpha
        color.green = encodeSRGB(green) * alpha
        color.blue = encodeSRGB(blue) * alpha
    }

    /// Linear-light sRGB to linear-light Display P3 (both D65): CSS Color 4's matrices, multiplied in doubles.
    private static let sRGBToDisplayP3Matrix: [Float] = {
        let toXYZ = Matrix3.linearSRGBToXYZ
        let toP3 = Matrix3.xyzToLinearDisplayP3
        var result: [Float] = []
        for row in 0..<3 {
            for column in 0..<3 {
                var unit = SIMD3<Double>()
                unit[column] = 1
                result.append(Float(toP3(toXYZ(unit))[row]))
            }
        }
        return result
    }()

    @inline(__always)
    static func linearSRGBToLinearDisplayP3(
        _ red: inout SIMD8<Float>, _ green: inout SIMD8<Float>, _ blue: inout SIMD8<Float>
    ) {
        let m = sRGBToDisplayP3Matrix
        let (r, g, b) = (red, green, blue)
        red = r * m[0] + g * m[1] + b * m[2]
        green = r * m[3] + g * m[4] + b * m[5]
        blue = r * m[6] + g * m[7] + b * m[8]
    }

    /// A transfer function as Skia's `parametric` stage takes it: y = c·x + f up to d, else (a·x + b)^g + e.
    struct TransferFunction {
        let g, a, b, c, d, e, f: Float
    }

    /// The sRGB curve as skcms holds it (`SkNamedTransferFn::kSRGB`).
    private static let sRGBCurve = TransferFunction(
        g: 2.4, a: Float(1 / 1.055), b: Float(0.055 / 1.055), c: Float(1 / 12.92), d: 0.04045, e: 0, f: 0)

    /// The inverse sRGB curve as skcms inverts it (with its own approximate powf).
    private static let inverseSRGB = TransferFunction(
        g: Float(bitPattern: 0x3ED5_5555), a: Float(bitPattern: 0x3F91_9280), b: Float(bitPattern: 0x8000_0000),
        c: Float(bitPattern: 0x414E_B852), d: Float(bitPattern: 0x3B4D_2E31), e: Float(bitPattern: 0xBD61_2800),
        f: Float(bitPattern: 0x8000_0000))

    /// Skia's `parametric` stage with the sRGB curve (to linear light), odd-symmetric about 0.
    @inline(__always)
    static func decodeSRGB(_ value: SIMD8<Float>) -> SIMD8<Float> { parametric(value, sRGBCurve) }

    /// Skia's `parametric` stage with the inverse sRGB curve (to sRGB's encoding), odd-symmetric about 0.
    @inline(__always)
    static func encodeSRGB(_ value: SIMD8<Float>) -> SIMD8<Float> { parametric(value, inverseSRGB) }

    /// Skia's `parametric` stage: `curve` applied to the magnitude, the sign kept, with Skia's approximate `powf`.
    @inline(__always)
    private static func parametric(_ value: SIMD8<Float>, _ curve: TransferFunction) -> SIMD8<Float> {
        let bits = unsafeBitCast(value, to: SIMD8<UInt32>.self)
        let sign = bits & 0x8000_0000
        let magnitude = unsafeBitCast(bits ^ sign, to: SIMD8<Float>.self)
        let linear = magnitude.multiplied(by: curve.c, adding: curve.f)
        let curved = approximatePower(magnitude.multiplied(by: curve.a, adding: curve.b), curve.g) + curve.e
        let result = curved.replacing(with: linear, where: magnitude .<= curve.d)
        return unsafeBitCast(unsafeBitCast(result, to: SIMD8<UInt32>.self) | sign, to: SIMD8<Float>.self)
    }

    /// Skia's `approx_powf`: 2^(log2(x)·y) from its bit-level approximations, x itself at 0 and 1.
    @inline(__always)
    static func approximatePower(_ x: SIMD8<Float>, _ y: Float) -> SIMD8<Float> {
        approximateExp2(approximateLog2(x) * y).replacing(with: x, where: x .== 0 .| x .== 1)
    }

    /// Skia's `approx_log2`: the float's bits read as an integer, refined by a rational term in the mantissa.
    @inline(__always)
    static func approximateLog2(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let bits = unsafeBitCast(x, to: SIMD8<UInt32>.self)
        let e = float(fromIntegers: bits) * (1 / 8_388_608)
        let m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F00_0000, to: SIMD8<Float>.self)
        return e - 124.225_514_990 - 1.498_030_302 * m - 1.725_879_990 / (0.352_088_706_8 + m)
    }

    /// Skia's `approx_pow2`: builds the float's bits from x and a rational term in its fraction.
    @inline(__always)
    static func approximateExp2(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let fraction = x - floor(x)
        var approximation = x + 121.274_057_500
        approximation -= fraction * 1.490_129_070
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
        var x = radians.multiplied(by: -(1 / (2 * Float.pi)), adding: 0.25)
        x -= floor(x + 0.5)
        return quarterSine(0.25 - x.replacing(with: -x, where: x .< 0))
    }

    /// Skia's `cos_`.
    @inline(__always)
    static func cosine(_ radians: SIMD8<Float>) -> SIMD8<Float> {
        var x = radians * (1 / (2 * Float.pi))
        x -= floor(x + 0.5)
        return quarterSine(0.25 - x.replacing(with: -x, where: x .< 0))
    }
}
