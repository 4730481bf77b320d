/// The first row of the matrix that maps a linear gradient's points to 0 and 1 on the x axis, computed as Skia's
/// `pts_to_unit_matrix` computes it in 32-bit floats (`SkMatrix::setSinCos`, `postTranslate`, then `postScale`, whose
/// concatenation takes each sum of two products in doubles, as `SkMatrix`'s `muladdmul` does). So `t` lands on the
/// same side of a hard stop as in Chromium where a pixel centre is exactly on it.
struct LinearUnitMatrix {
    let scaleX: Float
    let skewX: Float
    let translateX: Float

    /// Nil when the points coincide.
    init?(_ first: SIMD2<Float>, _ second: SIMD2<Float>) {
        let vector = second - first
        let magnitude = Float((Double(vector.x) * Double(vector.x) + Double(vector.y) * Double(vector.y)).squareRoot())
        guard magnitude > 0 else { return nil }
        let inverse = 1 / magnitude
        let unit = vector * inverse
        let sine = -unit.y
        let cosine = unit.x
        let oneMinusCosine = 1 - cosine
        let rotatedTranslateX = (sine * first.y + oneMinusCosine * first.x) - first.x
        scaleX = Float(Double(inverse) * Double(cosine))
        skewX = Float(Double(inverse) * Double(-sine))
        translateX = Float(Double(inverse) * Double(rotatedTranslateX))
    }
}
