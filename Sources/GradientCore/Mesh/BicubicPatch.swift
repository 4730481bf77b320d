/// One patch of a mesh gradient: a bicubic polynomial surface over (u, v) ∈ [0, 1]², with values of up to four
/// channels (x and y of a position in the first two lanes, or a colour's three components and alpha).
///
/// Stored in the power basis, `S(u, v) = c₀(v) + c₁(v)·u + c₂(v)·u² + c₃(v)·u³`, each `cᵢ` a cubic in v, so that
/// the value and both partial derivatives cost a few fused Horner steps.
struct BicubicPatch: Sendable, Hashable {
    /// A cubic `k₀ + k₁·t + k₂·t² + k₃·t³` with vector coefficients.
    struct Cubic: Sendable, Hashable {
        var k0: SIMD4<Double>
        var k1: SIMD4<Double>
        var k2: SIMD4<Double>
        var k3: SIMD4<Double>

        @inline(__always)
        func value(_ t: Double) -> SIMD4<Double> { ((k3 * t + k2) * t + k1) * t + k0 }

        @inline(__always)
        func derivative(_ t: Double) -> SIMD4<Double> { (k3 * (3 * t) + k2 * 2) * t + k1 }
    }

    var c0: Cubic
    var c1: Cubic
    var c2: Cubic
    var c3: Cubic

    /// The values of a vertex's Hermite data: the value, its tangents along u and v, and the twist ∂²S/∂u∂v.
    struct Corner {
        var value: SIMD4<Double>
        var tangentU: SIMD4<Double>
        var tangentV: SIMD4<Double>
        var twist: SIMD4<Double> = .zero
    }

    /// The bicubic Hermite patch through four corners (top-left, top-right, bottom-left, bottom-right), whose
    /// edges are the cubic Hermite curves between the corners' values with their tangents:
    /// `S(u, v) = Σₐ Σ_b hₐ(u)·M[a][b]·h_b(v)` with the Hermite basis `h = (2t³−3t²+1, −2t³+3t², t³−2t²+t, t³−t²)`
    /// and `M = [[P00, P01, Tv00, Tv01], [P10, P11, Tv10, Tv11], [Tu00, Tu01, W00, W01], [Tu10, Tu11, W10, W11]]`
    /// (P values, Tu and Tv tangents, W twists; first index along u).
    init(topLeft: Corner, topRight: Corner, bottomLeft: Corner, bottomRight: Corner) {
        let m: [[SIMD4<Double>]] = [
            [topLeft.value, bottomLeft.value, topLeft.tangentV, bottomLeft.tangentV],
            [topRight.value, bottomRight.value, topRight.tangentV, bottomRight.tangentV],
            [topLeft.tangentU, bottomLeft.tangentU, topLeft.twist, bottomLeft.twist],
            [topRight.tangentU, bottomRight.tangentU, topRight.twist, bottomRight.twist],
        ]
        var a = [[SIMD4<Double>]](repeating: [SIMD4<Double>](repeating: .zero, count: 4), count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                var sum = SIMD4<Double>.zero
                for row in 0..<4 where Self.hermiteToPower[row][i] != 0 {
                    for column in 0..<4 where Self.hermiteToPower[column][j] != 0 {
                        sum += m[row][column] * (Self.hermiteToPower[row][i] * Self.hermiteToPower[column][j])
                    }
                }
                a[i][j] = sum
            }
        }
        c0 = Cubic(k0: a[0][0], k1: a[0][1], k2: a[0][2], k3: a[0][3])
        c1 = Cubic(k0: a[1][0], k1: a[1][1], k2: a[1][2], k3: a[1][3])
        c2 = Cubic(k0: a[2][0], k1: a[2][1], k2: a[2][2], k3: a[2][3])
        c3 = Cubic(k0: a[3][0], k1: a[3][1], k2: a[3][2], k3: a[3][3])
    }

    /// The bilinear patch of four corner values: `(1−u)(1−v)·P00 + u(1−v)·P10 + (1−u)v·P01 + uv·P11`.
    init(
        bilinear topLeft: SIMD4<Double>, _ topRight: SIMD4<Double>, _ bottomLeft: SIMD4<Double>,
        _ bottomRight: SIMD4<Double>
    ) {
        c0 = Cubic(k0: topLeft, k1: bottomLeft - topLeft, k2: .zero, k3: .zero)
        c1 = Cubic(k0: topRight - topLeft, k1: bottomRight - bottomLeft - topRight + topLeft, k2: .zero, k3: .zero)
        c2 = Cubic(k0: .zero, k1: .zero, k2: .zero, k3: .zero)
        c3 = c2
    }

    /// Row `basis` of this matrix holds the power-basis coefficients (1, t, t², t³) of Hermite basis function
    /// `basis`: h₀ = 1 − 3t² + 2t³, h₁ = 3t² − 2t³, h₂ = t − 2t² + t³, h₃ = −t² + t³.
    private static let hermiteToPower: [[Double]] = [[1, 0, -3, 2], [0, 0, 3, -2], [0, 1, -2, 1], [0, 0, -1, 1]]

    /// S(u, v).
    @inline(__always)
    func value(u: Double, v: Double) -> SIMD4<Double> {
        ((c3.value(v) * u + c2.value(v)) * u + c1.value(v)) * u + c0.value(v)
    }

    /// S(u, v) with ∂S/∂u and ∂S/∂v.
    @inline(__always)
    func valueAndDerivatives(
        u: Double, v: Double
    ) -> (value: SIMD4<Double>, du: SIMD4<Double>, dv: SIMD4<Double>) {
        let p0 = c0.value(v)
        let p1 = c1.value(v)
        let p2 = c2.value(v)
        let p3 = c3.value(v)
        let value = ((p3 * u + p2) * u + p1) * u + p0
        let du = (p3 * (3 * u) + p2 * 2) * u + p1
        let dv = ((c3.derivative(v) * u + c2.derivative(v)) * u + c1.derivative(v)) * u + c0.derivative(v)
        return (value, du, dv)
    }

    /// The (n + 1) × (n + 1) points (i/n, j/n) of the unit square, row by row.
    static func sampleGrid(_ n: Int) -> [(u: Double, v: Double)] {
        (0...n).flatMap { j in (0...n).map { i in (Double(i) / Double(n), Double(j) / Double(n)) } }
    }

    /// The Catmull-Rom tangent at a vertex along one grid line: half the difference of its neighbours, or the
    /// one-sided difference at the end of the line (`previous` or `next` nil); zero for a line of one vertex.
    static func catmullRomTangent(
        previous: SIMD4<Double>?, current: SIMD4<Double>, next: SIMD4<Double>?
    ) -> SIMD4<Double> {
        switch (previous, next) {
        case (let previous?, let next?): return (next - previous) * 0.5
        case (nil, let next?): return next - current
        case (let previous?, nil): return current - previous
        case (nil, nil): return .zero
        }
    }

    /// The Hermite patch of a mesh's patch whose top-left vertex is (0, 0) of `neighbour`, which gives the values
    /// at grid offsets −1…2 (nil outside the mesh): tangents by ``catmullRomTangent(previous:current:next:)``
    /// along each grid line, twists zero.
    static func catmullRom(_ neighbour: (Int, Int) -> SIMD4<Double>?) -> BicubicPatch {
        func corner(_ column: Int, _ row: Int) -> Corner {
            let here = neighbour(column, row)!
            return Corner(
                value: here,
                tangentU: catmullRomTangent(
                    previous: neighbour(column - 1, row), current: here, next: neighbour(column + 1, row)),
                tangentV: catmullRomTangent(
                    previous: neighbour(column, row - 1), current: here, next: neighbour(column, row + 1)))
        }
        return BicubicPatch(
            topLeft: corner(0, 0), topRight: corner(1, 0), bottomLeft: corner(0, 1), bottomRight: corner(1, 1))
    }
}
