extension SIMD8 where Scalar == Float {
    /// `self × factor + addend` rounded once, as Skia's `mad` (an FMA instruction on the x86-64 CPUs Chromium
    /// dispatches to): the product of two floats is exact in a double, and the double sum rounded to float differs
    /// from a true fused result only when it falls exactly halfway between two floats.
    @inline(__always)
    func multiplied(by factor: Self, adding addend: Self) -> Self {
        let low = SIMD4<Double>(lowHalf) * SIMD4<Double>(factor.lowHalf) + SIMD4<Double>(addend.lowHalf)
        let high = SIMD4<Double>(highHalf) * SIMD4<Double>(factor.highHalf) + SIMD4<Double>(addend.highHalf)
        return Self(lowHalf: SIMD4<Float>(low), highHalf: SIMD4<Float>(high))
    }

    /// `self × factor + addend` rounded once, with the same factor and addend in every lane.
    @inline(__always)
    func multiplied(by factor: Float, adding addend: Float) -> Self {
        let low = SIMD4<Double>(lowHalf) * Double(factor) + Double(addend)
        let high = SIMD4<Double>(highHalf) * Double(factor) + Double(addend)
        return Self(lowHalf: SIMD4<Float>(low), highHalf: SIMD4<Float>(high))
    }

    /// `lanes × factor + addend` rounded once, for eight lanes already widened to doubles (`low`: lanes 0…3, `high`:
    /// 4…7, as a row loop widens `t` once for every channel), with the same factor and addend in every lane, each
    /// given as a double twice (the float widened, as ``multiplied(by:adding:)-(Float,Float)`` widens it).
    @inline(__always)
    static func multiplied(
        _ low: SIMD4<Double>, _ high: SIMD4<Double>, by factor: SIMD2<Double>, adding addend: SIMD2<Double>
    ) -> Self {
        let factors = SIMD4<Double>(lowHalf: factor, highHalf: factor)
        let addends = SIMD4<Double>(lowHalf: addend, highHalf: addend)
        return Self(lowHalf: SIMD4<Float>(low * factors + addends), highHalf: SIMD4<Float>(high * factors + addends))
    }
}

extension Float {
    /// `self × factor + addend` rounded once (see ``SIMD8/multiplied(by:adding:)``).
    @inline(__always)
    func multiplied(by factor: Float, adding addend: Float) -> Float {
        Float(Double(self) * Double(factor) + Double(addend))
    }
}
