/// Elementary functions needed by the colour conversions, written against the standard library only.
///
/// Each function is accurate to a few units in the last place over the inputs colour conversions produce and
/// never traps: non-finite inputs give non-finite outputs, which callers sanitise.
enum ColorMath {
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
        }
        // Dividing the bit pattern by 3 divides the exponent by 3: a guess within about 4%, then Halley's method
        // (cubic convergence) three times.
        var y = Double(bitPattern: magnitude.bitPattern / 3 &+ 0x2A9F_7893_782D_A1CE)
        for _ in 0..<3 {
            let y3 = y * y * y
            y *= (y3 + 2 * magnitude) / (2 * y3 + magnitude)
        }
        y *= scale
        return x < 0 ? -y : y
    }

    /// `x` rounded towards negative infinity, without a libm call (exact for every finite `x`).
    @inline(__always)
    static func floor(_ x: Double) -> Double {
        guard x.magnitude < 0x1p52 else { return x }
        let truncated = Double(Int64(x))
        return truncated > x ? truncated - 1 : truncated
    }

    /// `x^(2/5)` for `x >= 0`, via the fifth root.
    static func powTwoFifths(_ x: Double) -> Double {
        guard x.isFinite, x > 0 else { return x > 0 ? x : 0 }
        let e = Int(x.exponent)
        let q = e >= 0 ? e / 5 : -((-e + 4) / 5)
        let r = e - 5 * q
        let z = x.significand * Double(1 << r)  // in [1, 32): fifth root in [1, 2)
        var y = 1 + (z - 1) / 31
        for _ in 0..<8 {
            let y4 = (y * y) * (y * y)
            let next = y - (y4 * y - z) / (5 * y4)
            if next == y { break }
            y = next
        }
        let root = y * Double(sign: .plus, exponent: q, significand: 1)
        return root * root
    }

    /// `x^2.4` for `x >= 0`.
    static func pow2_4(_ x: Double) -> Double {
        x * x * powTwoFifths(x)
    }

    /// `x^(1/2.4)` (that is `x^(5/12)`) for `x >= 0`.
    static func pow1Over2_4(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        let twelfth = cbrt(x).squareRoot().squareRoot()
        let squared = twelfth * twelfth
        return squared * squared * twelfth
    }

    /// Sine and cosine of an angle in degrees, reduced exactly to a quarter turn before evaluation.
    @inline(__always)
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        let turns = floor(degrees / 90 + 0.5)
        let reduced = degrees - 90 * turns  // in [-45, 45]
        let x = reduced * (Double.pi / 180)
        let x2 = x * x
        // Taylor series to x^17 / x^16: |x| <= pi/4 keeps the truncation error below 1e-17.
        var s = 1.0 / 355_687_428_096_000  // 1/17!
        s = s * -x2 + 1.0 / 1_307_674_368_000  // 1/15!
        s = s * -x2 + 1.0 / 6_227_020_800
        s = s * -x2 + 1.0 / 39_916_800
        s = s * -x2 + 1.0 / 362_880
        s = s * -x2 + 1.0 / 5040
        s = s * -x2 + 1.0 / 120
        s = s * -x2 + 1.0 / 6
        s = s * -x2 + 1
        let sine = s * x
        var c = 1.0 / 20_922_789_888_000  // 1/16!
        c = c * -x2 + 1.0 / 87_178_291_200
        c = c * -x2 + 1.0 / 479_001_600
        c = c * -x2 + 1.0 / 3_628_800
        c = c * -x2 + 1.0 / 40320
        c = c * -x2 + 1.0 / 720
        c = c * -x2 + 1.0 / 24
        c = c * -x2 + 1.0 / 2
        let cosine = c * -x2 + 1
        let quadrant = turns.magnitude < 0x1p52 ? Int64(turns) & 3 : 0
        switch quadrant {
        case 0: return (sine, cosine)
        case 1: return (cosine, -sine)
        case 2: return (-sine, -cosine)
        default: return (-cosine, sine)
        }
    }

    /// `atan2(y, x)` in degrees, in (-180, 180].
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        guard x.isFinite, y.isFinite else { return .nan }
        if x == 0 && y == 0 { return 0 }
        let ax = x.magnitude
        let ay = y.magnitude
        // Angle of (ax, ay) in the first quadrant, from atan of a ratio at most 1.
        var angle: Double
        if ay <= ax {
            angle = atanUnit(ay / ax)
        } else {
            angle = Double.pi / 2 - atanUnit(ax / ay)
        }
        angle *= 180 / Double.pi
        if x < 0 { angle = 180 - angle }
        return y < 0 ? -angle : angle
    }

    /// Arctangent in radians for `0 <= t <= 1`.
    private static func atanUnit(_ t: Double) -> Double {
        // Two half-angle reductions: atan(t) = 2 atan(t / (1 + sqrt(1 + t^2))), leaving |t| <= tan(pi/16).
        var u = t / (1 + (1 + t * t).squareRoot())
        u = u / (1 + (1 + u * u).squareRoot())
        let u2 = u * u
        var sum = 0.0
        var k = 27.0
        while k >= 1 {
            sum = sum * -u2 + 1 / k
            k -= 2
        }
        return 4 * (sum * u)
    }

    /// `value` modulo 360, in [0, 360).
    static func normalizedHue(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        var h = value.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        return h >= 360 ? 0 : h
    }
}
