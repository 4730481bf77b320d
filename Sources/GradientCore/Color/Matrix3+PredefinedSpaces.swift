/// The matrices of CSS Color 4's sample code for the predefined RGB spaces beyond sRGB, with the published values
/// (each agrees with the one derived from the space's primaries and white point to 2.3e-16).
extension Matrix3 {
    /// Linear-light Display P3 to CIE XYZ (D65).
    static var linearDisplayP3ToXYZ: Matrix3 {
        Matrix3(
            SIMD3(608311 / 1_250_200, 189793 / 714400, 198249 / 1_000_160),
            SIMD3(35783 / 156275, 247089 / 357200, 198249 / 2_500_400),
            SIMD3(0, 32229 / 714400, 5_220_557 / 5_000_800)
        )
    }

    /// CIE XYZ (D65) to linear-light Display P3.
    static var xyzToLinearDisplayP3: Matrix3 {
        Matrix3(
            SIMD3(446124 / 178915, -333277 / 357830, -72051 / 178915),
            SIMD3(-14852 / 17905, 63121 / 35810, 423 / 17905),
            SIMD3(11844 / 330415, -50337 / 660830, 316169 / 330415)
        )
    }

    /// Linear-light A98 RGB to CIE XYZ (D65).
    static var linearA98RGBToXYZ: Matrix3 {
        Matrix3(
            SIMD3(573536 / 994567, 263643 / 1_420_810, 187206 / 994567),
            SIMD3(591459 / 1_989_134, 6_239_551 / 9_945_670, 374412 / 4_972_835),
            SIMD3(53769 / 1_989_134, 351524 / 4_972_835, 4_929_758 / 4_972_835)
        )
    }

    /// CIE XYZ (D65) to linear-light A98 RGB.
    static var xyzToLinearA98RGB: Matrix3 {
        Matrix3(
            SIMD3(1_829_569 / 896150, -506331 / 896150, -308931 / 896150),
            SIMD3(-851781 / 878810, 1_648_619 / 878810, 36519 / 878810),
            SIMD3(16779 / 1_248_040, -147721 / 1_248_040, 1_266_979 / 1_248_040)
        )
    }

    /// Linear-light Rec. 2020 to CIE XYZ (D65).
    static var linearRec2020ToXYZ: Matrix3 {
        Matrix3(
            SIMD3(63_426_534 / 99_577_255, 20_160_776 / 139_408_157, 47_086_771 / 278_816_314),
            SIMD3(26_158_966 / 99_577_255, 472_592_308 / 697_040_785, 8_267_143 / 139_408_157),
            SIMD3(0, 19_567_812 / 697_040_785, 295_819_943 / 278_816_314)
        )
    }

    /// CIE XYZ (D65) to linear-light Rec. 2020.
    static var xyzToLinearRec2020: Matrix3 {
        Matrix3(
            SIMD3(30_757_411 / 17_917_100, -6_372_589 / 17_917_100, -4_539_589 / 17_917_100),
            SIMD3(-19_765_991 / 29_648_200, 47_925_759 / 29_648_200, 467509 / 29_648_200),
            SIMD3(792561 / 44_930_125, -1_921_689 / 44_930_125, 42_328_811 / 44_930_125)
        )
    }

    /// Linear-light ProPhoto RGB to CIE XYZ (D50).
    static var linearProPhotoRGBToXYZD50: Matrix3 {
        Matrix3(
            SIMD3(0.79776664490064230, 0.13518129740053308, 0.03134773412839220),
            SIMD3(0.28807482881940130, 0.71183523424187300, 0.00008993693872564),
            SIMD3(0.00000000000000000, 0.00000000000000000, 0.82510460251046020)
        )
    }

    /// CIE XYZ (D50) to linear-light ProPhoto RGB.
    static var xyzD50ToLinearProPhotoRGB: Matrix3 {
        Matrix3(
            SIMD3(1.34578688164715830, -0.25557208737979464, -0.05110186497554526),
            SIMD3(-0.54463070512490190, 1.50824774284514680, 0.02052744743642139),
            SIMD3(0.00000000000000000, 0.00000000000000000, 1.21196754563894520)
        )
    }
}
