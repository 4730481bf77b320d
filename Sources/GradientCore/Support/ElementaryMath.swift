/// Elementary functions in pure Swift (the standard library has none), after FreeBSD's msun (fdlibm) kernels:
/// results within about one ulp for the ranges gradients use. Degree-based trigonometry reduces its argument
/// exactly in degrees, so right angles give exact results (`sinDegrees(180) == 0`).
enum ElementaryMath {
    /// sin(x) for |x| ≤ π/4.
    @inline(__always)
    static func kernelSin(_ x: Double) -> Double {
        let z = x * x
        let r =
            8.33333333332248946124e-03 + z
            * (-1.98412698298579493134e-04 + z
                * (2.75573137070700676789e-06 + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))
        return x + x * z * (-1.66666666666666324348e-01 + z * r)
    }

    /// cos(x) for |x| ≤ π/4.
    @inline(__always)
    static func kernelCos(_ x: Double) -> Double {
        let z = x * x
        let r =
            z
            * (4.16666666666666019037e-02 + z
                * (-1.38888888888741095749e-03 + z
                    * (2.48015872894767294178e-05 + z
                        * (-2.75573143513906633035e-07 + z
                            * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
        let halfZ = 0.5 * z
        let w = 1.0 - halfZ
        return w + (((1.0 - w) - halfZ) + z * r)
    }

    /// The sine and cosine of an angle given in degrees.
    static func sinCosDegrees(_ degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        var reduced = degrees.truncatingRemainder(dividingBy: 360)
        if reduced < 0 { reduced += 360 }
        let quadrant = Int((reduced / 90).rounded())
        let offset = reduced - Double(quadrant) * 90
        let radians = offset * (Double.pi / 180)
        var s = radians == 0 ? 0 : kernelSin(radians)
        var c = radians == 0 ? 1 : kernelCos(radians)
        if abs(offset) == 45 {
            // Exactly equal magnitudes, so diagonal gradients are exactly shift-invariant along their lines.
            c = 0.5.squareRoot()
            s = offset < 0 ? -c : c
        }
        switch quadrant & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    private static let atanHigh: [Double] = [
        4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01,
        1.57079632679489655800e+00,
    ]
    private static let atanLow: [Double] = [
        2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17,
        6.12323399573676603587e-17,
    ]

    /// arctan(x) in radians.
    static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        let magnitude = abs(x)
        if magnitude >= 0x1p66 { return x > 0 ? atanHigh[3] + atanLow[3] : -atanHigh[3] - atanLow[3] }
        var t = magnitude
        let id: Int
        if magnitude < 0.4375 {
            id = -1
        } else if magnitude < 0.6875 {
            id = 0
            t = (2.0 * magnitude - 1.0) / (2.0 + magnitude)
        } else if magnitude < 1.1875 {
            id = 1
            t = (magnitude - 1.0) / (magnitude + 1.0)
        } else if magnitude < 2.4375 {
            id = 2
            t = (magnitude - 1.5) / (1.0 + 1.5 * magnitude)
        } else {
            id = 3
            t = -1.0 / magnitude
        }
        let z = t * t
        let w = z * z
        let s1 =
            z
            * (3.33333333333329318027e-01 + w
                * (1.42857142725034663711e-01 + w
                    * (9.09088713343650656196e-02 + w
                        * (6.66107313738753120669e-02 + w
                            * (4.97687799461593236017e-02 + w * 1.62858201153657823623e-02)))))
        let s2 =
            w
            * (-1.99999999998764832476e-01 + w
                * (-1.11111104054623557880e-01 + w
                    * (-7.69187620504482999495e-02 + w
                        * (-5.83357013379057348645e-02 + w * -3.65315727442169155270e-02))))
        let result: Double
        if id < 0 {
            result = t - t * (s1 + s2)
        } else {
            result = atanHigh[id] - ((t * (s1 + s2) - atanLow[id]) - t)
        }
        return x < 0 ? -result : result
    }

    /// The angle of the vector (x, y) from the positive x axis, in radians, in (−π, π].
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 0 {
            if y == 0 { return 0 }
            return y > 0 ? Double.pi / 2 : -Double.pi / 2
        }
        let base = atan(abs(y / x))
        if x > 0 { return y < 0 ? -base : base }
        return y < 0 ? -(Double.pi - base) : Double.pi - base
    }

    /// e^x.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893383973096 { return .infinity }
        if x < -745.13321910194110842 { return 0 }
        let k = (x * 1.44269504088896338700e+00).rounded()
        let high = x - k * 6.93147180369123816490e-01
        let low = k * 1.90821492927058770002e-10
        let r = high - low
        let t = r * r
        let c =
            r - t
            * (1.66666666666666019037e-01 + t
                * (-2.77777777770155933842e-03 + t
                    * (6.61375632143793436117e-05 + t
                        * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))))
        let y = 1.0 - ((low - (r * c) / (2.0 - c)) - high)
        return scaled(y, byPowerOfTwo: Int(k))
    }

    /// y × 2^k without intermediate overflow or underflow.
    private static func scaled(_ y: Double, byPowerOfTwo k: Int) -> Double {
        var result = y
        var remaining = k
        while remaining > 1000 {
            result *= 0x1p1000
            remaining -= 1000
        }
        while remaining < -1000 {
            result *= 0x1p-1000
            remaining += 1000
        }
        return result * Double(sign: .plus, exponent: remaining, significand: 1)
    }

    /// The natural logarithm; −∞ at 0 and NaN below.
    static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        var k = Int(x.exponent)
        var m = x.significand
        if m > 1.41421356237309504880 {
            m *= 0.5
            k += 1
        }
        let f = m - 1.0
        let s = f / (2.0 + f)
        let z = s * s
        let w = z * z
        let t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01))
        let t2 =
            z
            * (6.666666666666735130e-01 + w
                * (2.857142874366239149e-01 + w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)))
        let r = t2 + t1
        let halfSquare = 0.5 * f * f
        let dk = Double(k)
        return dk * 6.93147180369123816490e-01
            - ((halfSquare - (s * (halfSquare + r) + dk * 1.90821492927058770002e-10)) - f)
    }

    /// x^y for x ≥ 0 (0^y is 0 for y > 0 and 1 for y = 0).
    static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 { return 1 }
        if x == 0 { return y > 0 ? 0 : .infinity }
        if x == 1 { return 1 }
        return exp(y * log(x))
    }

    /// π as a 32-bit float rounded to nearest, as C's `3.14159265f`, Skia's `SK_FloatPI` and
    /// `std::numbers::pi_v<float>` hold it (Swift's `Float.pi` is rounded towards zero, one ulp below).
    static let floatPi = Float(Double.pi)

    /// The real cube root, odd-symmetric (`cbrt(-8) == -2`).
    @inline(__always)
    static func cbrt(_ x: Double) -> Double {
        guard x.isFinite, x != 0 else { return x }
        var magnitude = x.magnitude
        var scale = 1.0
        if magnitude < 0x1p-900 {
            // Keep the bit-pattern guess below away from subnormals.
            magnitude *= 0x1p300
            scale = 0x1p-100
        } else if magnitude > 0x1p900 {
            // Keep y³ below from overflowing.
            magnitude *= 0x1p-300
            scale = 0x1p100
        }
        // Dividing the bit pattern by 3 divides the exponent by 3: a guess within about 4%, then Halley's method
        // (cubic convergence) three times, written as a correction so the last step rounds within two ulps.
        var y = Double(bitPattern: magnitude.bitPattern / 3 &+ 0x2A9F_7893_782D_A1CE)
        for _ in 0..<3 {
            let y3 = y * y * y
            y -= y * (y3 - magnitude) / (2 * y3 + magnitude)
        }
        y *= scale
        return x < 0 ? -y : y
    }

    /// The angle of the vector (x, y) in degrees, in (−180, 180].
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        atan2(y, x) * (180 / Double.pi)
    }

    /// `value` modulo 360, in [0, 360).
    static func normalizedDegrees(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        var h = value.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        return h >= 360 ? 0 : h
    }
}
