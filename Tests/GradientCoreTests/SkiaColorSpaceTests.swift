import Testing

@testable import GradientCore

@Suite("Skia's colour spaces and transfer functions, as Chromium converts gradient colours")
struct SkiaColorSpaceTests {
    /// skcms inverts the sRGB curve with its own approximate `powf`: these are the bits of
    /// `skcms_TransferFunction_invert(&SkNamedTransferFn::kSRGB)`.
    @Test("the inverted sRGB curve has skcms's bits")
    func invertedSRGB() {
        let inverse = SkiaTransferFunction.sRGB.inverted
        #expect(inverse.g.bitPattern == 0x3ED5_5555)
        #expect(inverse.a.bitPattern == 0x3F91_9280)
        #expect(inverse.b == 0)
        #expect(inverse.c.bitPattern == 0x414E_B852)
        #expect(inverse.d.bitPattern == 0x3B4D_2E31)
        #expect(inverse.e.bitPattern == 0xBD61_2800)
        #expect(inverse.f == 0)
    }

    @Test("a pure power curve inverts to the reciprocal power, drawn by the gamma stage")
    func invertedGamma() {
        let inverse = SkiaTransferFunction.gamma(2.2).inverted
        #expect(inverse.isPurePower)
        #expect(inverse.g == 1 / Float(2.2))
    }

    /// Each space's matrix to linear-light sRGB, against CSS Color 4's (D50 spaces through its Bradford matrix):
    /// Skia's are the ICC fixed-point and float primaries, so they agree to about 1e-4.
    @Test(
        "the gamut matrices agree with CSS Color 4's",
        arguments: [
            (SkiaColorSpace.displayP3, ColorSpace.displayP3), (.a98RGB, .a98RGB), (.proPhotoRGB, .prophotoRGB),
            (.rec2020, .rec2020), (.xyzD50, .xyzD50),
        ])
    func gamutMatrices(skia: SkiaColorSpace, css: ColorSpace) {
        let steps = SkiaColorSteps(from: skia, to: .linearSRGB)
        let matrix = try! #require(steps.matrix)
        let rows = [matrix.rows.0, matrix.rows.1, matrix.rows.2]
        for column in 0..<3 {
            var unit = SIMD3<Double>()
            unit[column] = 1
            let expected = Matrix3.xyzToLinearSRGB(ColorConversion.predefinedToXYZ(unit, space: css))
            for row in 0..<3 {
                #expect(abs(Double(rows[row][column]) - expected[row]) < 3e-4, "\(css) \(row),\(column)")
            }
        }
    }

    @Test("the steps between one space and itself do nothing; to linear sRGB they only linearize")
    func identitySteps() {
        #expect(SkiaColorSteps(from: .sRGB, to: .sRGB).isIdentity)
        let steps = SkiaColorSteps(from: .sRGB, to: .linearSRGB)
        #expect(steps.matrix == nil && steps.encode == nil && steps.linearize == .sRGB)
    }

    /// Blink converts `color(display-p3 1 0 0)` to sRGB for Skia with skcms's approximations: within 1e-4 of
    /// CSS Color 4's exact (1.0930, -0.2267, -0.1501).
    @Test("Blink's sRGB for a Display P3 red is CSS Color 4's within skcms's approximation")
    func blinkDisplayP3Red() {
        let blink = BlinkStopColor.skColor(space: .displayP3, components: SIMD3(1, 0, 0))
        let exact = ColorSpace.displayP3.toSRGB(SIMD3(1, 0, 0))
        for index in 0..<3 { #expect(abs(blink[index] - exact[index]) < 1e-3) }
    }
}
