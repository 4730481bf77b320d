/// The powers the sRGB transfer function needs, specialised for speed (general functions are in ElementaryMath).
///
/// Each function is accurate to a few units in the last place over the inputs colour conversions produce and
/// never traps: non-finite inputs give non-finite outputs, which callers sanitise.
enum ColorMath {
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
        let twelfth = ElementaryMath.cbrt(x).squareRoot().squareRoot()
        let squared = twelfth * twelfth
        return squared * squared * twelfth
    }
}
