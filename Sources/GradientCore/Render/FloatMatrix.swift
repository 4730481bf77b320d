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

    /// The inverse, computed in doubles and rounded to floats.
    var inverse: FloatMatrix {
        let a = [rows.0, rows.1, rows.2].map { SIMD3<Double>(Double($0.x), Double($0.y), Double($0.z)) }
        let cofactor0 = SIMD3(
            a[1].y * a[2].z - a[1].z * a[2].y, a[1].z * a[2].x - a[1].x * a[2].z, a[1].x * a[2].y - a[1].y * a[2].x)
        let determinant = (a[0] * cofactor0).sum()
        let inverseDeterminant = 1 / determinant
        let row0 =
            SIMD3(
                a[1].y * a[2].z - a[1].z * a[2].y, a[0].z * a[2].y - a[0].y * a[2].z,
                a[0].y * a[1].z - a[0].z * a[1].y) * inverseDeterminant
        let row1 =
            SIMD3(
                a[1].z * a[2].x - a[1].x * a[2].z, a[0].x * a[2].z - a[0].z * a[2].x,
                a[0].z * a[1].x - a[0].x * a[1].z) * inverseDeterminant
        let row2 =
            SIMD3(
                a[1].x * a[2].y - a[1].y * a[2].x, a[0].y * a[2].x - a[0].x * a[2].y,
                a[0].x * a[1].y - a[0].y * a[1].x) * inverseDeterminant
        return FloatMatrix(rows: SIMD3<Float>(row0), SIMD3<Float>(row1), SIMD3<Float>(row2))
    }
}
