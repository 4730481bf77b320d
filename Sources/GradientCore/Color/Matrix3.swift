/// A 3×3 matrix stored by rows, for linear colour transforms.
struct Matrix3: Sendable {
    var row0: SIMD3<Double>
    var row1: SIMD3<Double>
    var row2: SIMD3<Double>

    init(_ row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// The product of this matrix and the column vector `v`.
    @inline(__always)
    func callAsFunction(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((row0 * v).sum(), (row1 * v).sum(), (row2 * v).sum())
    }
}

/// The conversion matrices of CSS Color 4's sample code, with the published values.
///
/// They are computed properties so that the literals fold into the callers (no lazy global initialisation on the
/// per-pixel path).
extension Matrix3 {
    /// Linear-light sRGB to CIE XYZ (D65).
    @inline(__always)
    static var linearSRGBToXYZ: Matrix3 {
        Matrix3(
            SIMD3(506752 / 1_228_815, 87881 / 245763, 12673 / 70218),
            SIMD3(87098 / 409605, 175762 / 245763, 12673 / 175545),
            SIMD3(7918 / 409605, 87881 / 737289, 1_001_167 / 1_053_270)
        )
    }

    /// CIE XYZ (D65) to linear-light sRGB.
    @inline(__always)
    static var xyzToLinearSRGB: Matrix3 {
        Matrix3(
            SIMD3(12831 / 3959, -329 / 214, -1974 / 3959),
            SIMD3(-851781 / 878810, 1_648_619 / 878810, 36519 / 878810),
            SIMD3(705 / 12673, -2585 / 12673, 705 / 667)
        )
    }

    /// Bradford chromatic adaptation from D65 to D50.
    @inline(__always)
    static var d65ToD50: Matrix3 {
        Matrix3(
            SIMD3(1.0479297925449969, 0.022946870601609652, -0.05019226628920524),
            SIMD3(0.02962780877005599, 0.9904344267538799, -0.017073799063418826),
            SIMD3(-0.009243040646204504, 0.015055191490298152, 0.7518742814281371)
        )
    }

    /// Bradford chromatic adaptation from D50 to D65.
    @inline(__always)
    static var d50ToD65: Matrix3 {
        Matrix3(
            SIMD3(0.955473421488075, -0.02309845494876471, 0.06325924320057072),
            SIMD3(-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
            SIMD3(0.012314014864481998, -0.020507649298898964, 1.330365926242124)
        )
    }

    /// CIE XYZ (D65) to OKLab's LMS cone responses.
    @inline(__always)
    static var xyzToLMS: Matrix3 {
        Matrix3(
            SIMD3(0.8190224379967030, 0.3619062600528904, -0.1288737815209879),
            SIMD3(0.0329836539323885, 0.9292868615863434, 0.0361446663506424),
            SIMD3(0.0481771893596242, 0.2642395317527308, 0.6335478284694309)
        )
    }

    /// Cube-rooted LMS to OKLab.
    @inline(__always)
    static var lmsToOKLab: Matrix3 {
        Matrix3(
            SIMD3(0.2104542683093140, 0.7936177747023054, -0.0040720430116193),
            SIMD3(1.9779985324311684, -2.4285922420485799, 0.4505937096174110),
            SIMD3(0.0259040424655478, 0.7827717124575296, -0.8086757549230774)
        )
    }

    /// OKLab to cube-rooted LMS.
    @inline(__always)
    static var okLabToLMS: Matrix3 {
        Matrix3(
            SIMD3(1.0000000000000000, 0.3963377773761749, 0.2158037573099136),
            SIMD3(1.0000000000000000, -0.1055613458156586, -0.0638541728258133),
            SIMD3(1.0000000000000000, -0.0894841775298119, -1.2914855480194092)
        )
    }

    /// OKLab's LMS cone responses to CIE XYZ (D65).
    @inline(__always)
    static var lmsToXYZ: Matrix3 {
        Matrix3(
            SIMD3(1.2268798758459243, -0.5578149944602171, 0.2813910456659647),
            SIMD3(-0.0405757452148008, 1.1122868032803170, -0.0717110580655164),
            SIMD3(-0.0763729366746601, -0.4214933324022432, 1.5869240198367816)
        )
    }
}
