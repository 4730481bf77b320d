/// A transfer function as skcms holds it (`skcms_TransferFunction`): y = c·x + f below d, else (a·x + b)^g + e,
/// odd-symmetric about 0, applied per pixel as Skia's raster pipeline applies it.
struct SkiaTransferFunction: Equatable {
    let g, a, b, c, d, e, f: Float

    /// sRGB's curve (`SkNamedTransferFn::kSRGB`), also Display P3's.
    static let sRGB = SkiaTransferFunction(
        g: 2.4, a: Float(1 / 1.055), b: Float(0.055 / 1.055), c: Float(1 / 12.92), d: 0.04045, e: 0, f: 0)

    /// Rec. 2020's curve (`SkNamedTransferFn::kRec2020`).
    static let rec2020 = SkiaTransferFunction(
        g: 2.22222, a: 0.909672, b: 0.0903276, c: 0.222222, d: 0.0812429, e: 0, f: 0)

    /// A pure power curve x^g (a98-rgb's 2.2, prophoto-rgb's 1.8).
    static func gamma(_ g: Float) -> SkiaTransferFunction {
        SkiaTransferFunction(g: g, a: 1, b: 0, c: 0, d: 0, e: 0, f: 0)
    }

    /// Whether Skia draws the curve with its `gamma_` stage (a pure power) rather than `parametric`.
    var isPurePower: Bool { a == 1 && b == 0 && c == 0 && d == 0 && e == 0 && f == 0 }

    /// The curve applied to every lane as the `parametric` or `gamma_` stage does: to the magnitude, with Skia's
    /// approximate `powf`, the sign kept.
    @inline(__always)
    func apply(_ value: SIMD8<Float>) -> SIMD8<Float> {
        let bits = unsafeBitCast(value, to: SIMD8<UInt32>.self)
        let sign = bits & 0x8000_0000
        let magnitude = unsafeBitCast(bits ^ sign, to: SIMD8<Float>.self)
        let result: SIMD8<Float>
        if isPurePower {
            result = FloatRamp.approximatePower(magnitude, g)
        } else {
            let linear = magnitude.multiplied(by: c, adding: f)
            let curved = FloatRamp.approximatePower(magnitude.multiplied(by: a, adding: b), g) + e
            result = curved.replacing(with: linear, where: magnitude .<= d)
        }
        return unsafeBitCast(unsafeBitCast(result, to: SIMD8<UInt32>.self) | sign, to: SIMD8<Float>.self)
    }

    /// The inverse curve as `skcms_TransferFunction_invert` derives it, with skcms's scalar approximate `powf`
    /// (and its fix-up that maps 1 back to 1).
    var inverted: SkiaTransferFunction {
        inverted(power: Self.power, atOne: evaluate(1))
    }

    /// `skcms_TransferFunction_invert` with `power` for `powf` and the curve's value at 1 (`atOne`).
    private func inverted(power: (Float, Float) -> Float, atOne: Float) -> SkiaTransferFunction {
        var (ig, ia, ib, ic, id, ie, iff): (Float, Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0, 0)
        id = c * d + f
        if id > 0 {
            ic = 1 / c
            iff = -f / c
        }
        let k = power(a, -g)
        ig = 1 / g
        ia = k
        ib = -k * e
        ie = -b / a
        if ia * id + ib < 0 { ib = -ia * id }
        var s = atOne
        let sign: Float = s < 0 ? -1 : 1
        s *= sign
        if s < id {
            iff = 1 - sign * ic * s
        } else {
            ie = 1 - sign * power(ia * s + ib, ig)
        }
        return SkiaTransferFunction(g: ig, a: ia, b: ib, c: ic, d: id, e: ie, f: iff)
    }

    /// `skcms_TransferFunction_eval` of one value.
    func evaluate(_ x: Float) -> Float {
        let sign: Float = x < 0 ? -1 : 1
        let magnitude = x * sign
        return sign * (magnitude < d ? c * magnitude + f : Self.power(a * magnitude + b, g) + e)
    }

    /// The curve at one value as Chromium's `skcms::TransferFunction_apply` evaluates it (`skia/ext/skcms_ext.cc`):
    /// in floats with the precise `powf`, odd-symmetric about 0.
    func evaluatePrecisely(_ x: Float) -> Float {
        let sign: Float = x < 0 ? -1 : 1
        let magnitude = abs(x)
        if magnitude <= d { return sign * (c * magnitude + f) }
        let base = max(a * magnitude + b, 0)
        if g == 1 { return sign * (base + e) }
        return sign * (Self.precisePower(base, g) + e)
    }

    /// The inverse curve at one value as Chromium's `skcms::TransferFunction_apply_inverse` evaluates it: the curve
    /// inverted as `skcms_TransferFunction_invert` inverts it but with the precise `powf`, then evaluated as
    /// ``evaluatePrecisely(_:)``.
    func evaluateInversePrecisely(_ y: Float) -> Float {
        preciselyInverted.evaluatePrecisely(y)
    }

    /// `TransferFunction_invert` of `skia/ext/skcms_ext.cc`: skcms's inversion with the precise `powf`.
    private var preciselyInverted: SkiaTransferFunction {
        inverted(power: Self.precisePower, atOne: evaluatePrecisely(1))
    }

    /// `powf`, correctly rounded.
    private static func precisePower(_ x: Float, _ y: Float) -> Float {
        Float(ElementaryMath.pow(Double(x), Double(y)))
    }

    /// skcms's scalar `powf_`: x itself at 0 and 1, else its `exp2f_(log2f_(x) · y)`.
    static func power(_ x: Float, _ y: Float) -> Float {
        if x == 0 || x == 1 { return x }
        let bits = Int32(bitPattern: x.bitPattern)
        let e = Float(bits) * (1 / 8_388_608)
        let m = Float(bitPattern: (UInt32(bitPattern: bits) & 0x007F_FFFF) | 0x3F00_0000)
        let log = e - 124.225_514_990 - 1.498_030_302 * m - 1.725_879_990 / (0.352_088_706_8 + m)
        let z = log * y
        let truncated = Float(Int32(z))
        let floor = truncated > z ? truncated - 1 : truncated
        let fraction = z - floor
        let fbits =
            8_388_608 * (z + 121.274_057_500 - 1.490_129_070 * fraction + 27.728_023_300 / (4.842_525_68 - fraction))
        if fbits > Float(Int32.max) { return .infinity }
        if fbits < Float(Int32.min) { return -.infinity }
        return Float(bitPattern: UInt32(bitPattern: Int32(fbits)))
    }
}
