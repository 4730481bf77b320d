/// A 3×3 matrix of 32-bit floats applied as skcms applies its matrices (`skcms_Matrix3x3`), for mirroring Blink's
/// float colour conversions; inverses are taken in doubles and rounded, as `skcms_Matrix3x3_invert` does.
struct FloatMatrix {
    var rows: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

    init(rows first: [Double], _ second: [Double], _ third: [Double], scale: Double) {
        func row(_ values: [Double]) -> SIMD3<Float> {
            SIMD3(Float(values[0] * scale), Float(values[1] * scale), Float(values[2] * scale))
        }
        rows = (row(first), row(second), row(third))
    }

    init(rows first: SIMD3<Float>, _ second: SIMD3<Float>, _ third: SIMD3<Float>) {
        rows = (first, second, third)
    }

    static func diagonal(_ values: SIMD3<Float>) -> FloatMatrix {
        FloatMatrix(rows: SIMD3(values.x, 0, 0), SIMD3(0, values.y, 0), SIMD3(0, 0, values.z))
    }

    /// `self · v`.
    func apply(_ v: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(
            rows.0.x * v.x + rows.0.y * v.y + rows.0.z * v.z, rows.1.x * v.x + rows.1.y * v.y + rows.1.z * v.z,
            rows.2.x * v.x + rows.2.y * v.y + rows.2.z * v.z)
    }

    /// `self · other`, in floats (`skcms_Matrix3x3_concat`).
    func concat(_ other: FloatMatrix) -> FloatMatrix {
        let columns = (
            SIMD3(other.rows.0.x, other.rows.1.x, other.rows.2.x),
            SIMD3(other.rows.0.y, other.rows.1.y, other.rows.2.y),
            SIMD3(other.rows.0.z, other.rows.1.z, other.rows.2.z)
        )
        func row(_ r: SIMD3<Float>) -> SIMD3<Float> {
            SIMD3(
                r.x * columns.0.x + r.y * columns.0.y + r.z * columns.0.z,
                r.x * columns.1.x + r.y * columns.1.y + r.z * columns.1.z,
                r.x * columns.2.x + r.y * columns.2.y + r.z * columns.2.z)
        }
        return FloatMatrix(rows: row(rows.0), row(rows.1), row(rows.2))
    }

    /// The inverse as `skcms_Matrix3x3_invert` computes it: in doubles, in its order of operations, rounded to
    /// floats.
    var inverse: FloatMatrix {
        let m = [rows.0, rows.1, rows.2].map { SIMD3<Double>(Double($0.x), Double($0.y), Double($0.z)) }
        let (a00, a01, a02) = (m[0].x, m[1].x, m[2].x)
        let (a10, a11, a12) = (m[0].y, m[1].y, m[2].y)
        let (a20, a21, a22) = (m[0].z, m[1].z, m[2].z)
        var (b0, b1, b2) = (a00 * a11 - a01 * a10, a00 * a12 - a02 * a10, a01 * a12 - a02 * a11)
        var (b3, b4, b5) = (a20, a21, a22)
        let inverseDeterminant = 1 / (b0 * b5 - b1 * b4 + b2 * b3)
        (b0, b1, b2) = (b0 * inverseDeterminant, b1 * inverseDeterminant, b2 * inverseDeterminant)
        (b3, b4, b5) = (b3 * inverseDeterminant, b4 * inverseDeterminant, b5 * inverseDeterminant)
        return FloatMatrix(
            rows: SIMD3<Float>(Float(a11 * b5 - a12 * b4), Float(a12 * b3 - a10 * b5), Float(a10 * b4 - a11 * b3)),
            SIMD3<Float>(Float(a02 * b4 - a01 * b5), Float(a00 * b5 - a02 * b3), Float(a01 * b3 - a00 * b4)),
            SIMD3<Float>(Float(b2), Float(-b1), Float(b0)))
    }
}
