/// The transfer functions of CSS Color 4's sample code for the predefined RGB spaces beyond sRGB (Display P3 uses
/// sRGB's), each extended to negative values by odd symmetry.
extension ColorConversion {
    // MARK: A98 RGB (a pure power of 563/256)

    static func a98Linear(_ v: Double) -> Double {
        let result = ElementaryMath.pow(v.magnitude, 563 / 256)
        return v < 0 ? -result : result
    }

    static func a98Gamma(_ v: Double) -> Double {
        let result = ElementaryMath.pow(v.magnitude, 256 / 563)
        return v < 0 ? -result : result
    }

    // MARK: ProPhoto RGB (power 1.8 with a linear toe below 16/512)

    static func proPhotoLinear(_ v: Double) -> Double {
        let a = v.magnitude
        if a <= 16.0 / 512 { return v / 16 }
        let result = ElementaryMath.pow(a, 1.8)
        return v < 0 ? -result : result
    }

    static func proPhotoGamma(_ v: Double) -> Double {
        let a = v.magnitude
        if a < 1.0 / 512 { return 16 * v }
        let result = ElementaryMath.pow(a, 1 / 1.8)
        return v < 0 ? -result : result
    }

    // MARK: Rec. 2020 (ITU-R BT.2020-2)

    static let rec2020Alpha = 1.09929682680944
    static let rec2020Beta = 0.018053968510807

    static func rec2020Linear(_ v: Double) -> Double {
        let a = v.magnitude
        if a < rec2020Beta * 4.5 { return v / 4.5 }
        let result = ElementaryMath.pow((a + rec2020Alpha - 1) / rec2020Alpha, 1 / 0.45)
        return v < 0 ? -result : result
    }

    static func rec2020Gamma(_ v: Double) -> Double {
        let a = v.magnitude
        if a <= rec2020Beta { return 4.5 * v }
        let result = rec2020Alpha * ElementaryMath.pow(a, 0.45) - (rec2020Alpha - 1)
        return v < 0 ? -result : result
    }

    // MARK: Whole conversions to and from XYZ (D65)

    /// Coordinates in one of the predefined RGB or XYZ spaces to CIE XYZ (D65).
    static func predefinedToXYZ(_ c: SIMD3<Double>, space: ColorSpace) -> SIMD3<Double> {
        switch space {
        case .displayP3: Matrix3.linearDisplayP3ToXYZ(gammaDecode(c))
        case .a98RGB: Matrix3.linearA98RGBToXYZ(SIMD3(a98Linear(c.x), a98Linear(c.y), a98Linear(c.z)))
        case .prophotoRGB:
            Matrix3.d50ToD65(
                Matrix3.linearProPhotoRGBToXYZD50(
                    SIMD3(proPhotoLinear(c.x), proPhotoLinear(c.y), proPhotoLinear(c.z))))
        case .rec2020:
            Matrix3.linearRec2020ToXYZ(SIMD3(rec2020Linear(c.x), rec2020Linear(c.y), rec2020Linear(c.z)))
        case .xyzD50: Matrix3.d50ToD65(c)
        default: c
        }
    }

    /// CIE XYZ (D65) to coordinates in one of the predefined RGB or XYZ spaces.
    static func xyzToPredefined(_ xyz: SIMD3<Double>, space: ColorSpace) -> SIMD3<Double> {
        switch space {
        case .displayP3: return gammaEncode(Matrix3.xyzToLinearDisplayP3(xyz))
        case .a98RGB:
            let linear = Matrix3.xyzToLinearA98RGB(xyz)
            return SIMD3(a98Gamma(linear.x), a98Gamma(linear.y), a98Gamma(linear.z))
        case .prophotoRGB:
            let linear = Matrix3.xyzD50ToLinearProPhotoRGB(Matrix3.d65ToD50(xyz))
            return SIMD3(proPhotoGamma(linear.x), proPhotoGamma(linear.y), proPhotoGamma(linear.z))
        case .rec2020:
            let linear = Matrix3.xyzToLinearRec2020(xyz)
            return SIMD3(rec2020Gamma(linear.x), rec2020Gamma(linear.y), rec2020Gamma(linear.z))
        case .xyzD50: return Matrix3.d65ToD50(xyz)
        default: return xyz
        }
    }
}
