/// A gradient's `t` for eight pixel centres of one row, as Skia's shader stages compute it in 32-bit floats.
/// Row loops are generic over it, so that each kind of gradient gets its own specialised loop.
protocol RowParameter {
    /// Whether `t` never decreases or never increases from lane to lane (a linear gradient's row), so that the
    /// lanes' intervals all lie between the first lane's and the last lane's.
    static var hasOrderedLanes: Bool { get }

    /// `t` at the pixel centres whose x coordinates are `centers` (the row's y is fixed by the parameter).
    func t(atCenters centers: SIMD8<Float>) -> SIMD8<Float>
}

/// t = x·m0 + (y·m2 + m4): Skia's `matrix_2x3` on the pixel centre (two fused multiply-adds), the row's part
/// precomputed.
struct LinearRowParameter: RowParameter {
    static var hasOrderedLanes: Bool { true }

    let m0: Float
    let rowT: Float

    @inline(__always)
    func t(atCenters centers: SIMD8<Float>) -> SIMD8<Float> { centers.multiplied(by: m0, adding: rowT) }
}

/// t = √(x′² + y′²)·tScale + tBias with x′ = x·scaleX + offsetX (Skia's `xy_to_radius`, then Blink's
/// normalisation of the stops).
struct RadialRowParameter: RowParameter {
    static var hasOrderedLanes: Bool { false }

    let scaleX: Float
    let offsetX: Float
    let mappedYSquared: Float
    let tScale: Float
    let tBias: Float

    @inline(__always)
    func t(atCenters centers: SIMD8<Float>) -> SIMD8<Float> {
        let mappedX = centers.multiplied(by: scaleX, adding: offsetX)
        let radius = (mappedX * mappedX + mappedYSquared).squareRoot()
        return tScale == 1 && tBias == 0 ? radius : radius.multiplied(by: tScale, adding: tBias)
    }
}

/// t = unitAngle(x′, y′)·tScale + tBias with (x′, y′) the pixel centre through a 2×3 matrix (Skia's
/// `xy_to_unit_angle`).
struct ConicRowParameter: RowParameter {
    static var hasOrderedLanes: Bool { false }

    let m0: Float
    let m1: Float
    let rowX: Float
    let rowY: Float
    let tScale: Float
    let tBias: Float

    @inline(__always)
    func t(atCenters centers: SIMD8<Float>) -> SIMD8<Float> {
        let turns = Self.unitAngle(
            x: centers.multiplied(by: m0, adding: rowX), y: centers.multiplied(by: m1, adding: rowY))
        return tScale == 1 && tBias == 0 ? turns : turns.multiplied(by: tScale, adding: tBias)
    }

    /// Skia's `xy_to_unit_angle`: the angle of (x, y) from the x axis towards the y axis, in turns (0…1), from a
    /// 7th-degree polynomial approximation of atan on the octant (plain products and sums: Chromium is built
    /// without floating-point contraction).
    @inline(__always)
    static func unitAngle(x: SIMD8<Float>, y: SIMD8<Float>) -> SIMD8<Float> {
        let xAbs = x.replacing(with: -x, where: x .< 0)
        let yAbs = y.replacing(with: -y, where: y .< 0)
        let xIsSmaller = xAbs .< yAbs
        let slope = xAbs.replacing(with: yAbs, where: .!xIsSmaller) / yAbs.replacing(with: xAbs, where: .!xIsSmaller)
        let s = slope * slope
        var phi =
            slope
            * (0.159_121_170_639_991_760_253_906_25 + s
                * (-5.185_396_969_318_389_892_578_125e-2 + s
                    * (2.476_101_927_459_239_959_716_796_875e-2 + s
                        * (-7.054_738_234_728_574_752_807_617_187_5e-3))))
        phi.replace(with: 0.25 - phi, where: xIsSmaller)
        phi.replace(with: 0.5 - phi, where: x .< 0)
        phi.replace(with: 1 - phi, where: y .< 0)
        phi.replace(with: 0, where: phi .!= phi)
        return phi
    }
}
