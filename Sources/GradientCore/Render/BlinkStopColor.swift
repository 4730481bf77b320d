/// A stop colour as Blink hands it to Skia, in Blink's 32-bit float conversions (`ui/gfx/color_conversions.cc`,
/// ``skColor(written:components:space:)``), and the oklab matrices and Lab white those conversions share.
enum BlinkStopColor {
    static let xyzD65ToLMS = FloatMatrix(
        rows: [0.819_022_443_216_431_9, 0.361_906_256_280_122_1, -0.128_873_782_612_164_14],
        [0.032_983_667_198_027_1, 0.929_286_846_896_554_6, 0.036_144_668_169_998_44],
        [0.048_177_199_566_046_255, 0.264_239_524_944_227_64, 0.633_547_825_813_693_7], scale: 1)
    static let lmsToXYZD65 = xyzD65ToLMS.inverse
    static let oklabToLMS = FloatMatrix(
        rows: [0.999_999_998_450_519_8, 0.396_337_792_173_767_86, 0.215_803_758_060_758_8],
        [1.000_000_008_881_760_8, -0.105_561_342_323_656_35, -0.063_854_174_771_705_9],
        [1.000_000_054_672_410_9, -0.089_484_182_094_965_76, -1.291_485_537_864_091_7], scale: 1)

    /// Blink's D50 white for Lab (`kD50_x`, `kD50_y`, `kD50_z`).
    static let labWhite = SIMD3<Float>(0.9642, 1, 0.8251)
}
