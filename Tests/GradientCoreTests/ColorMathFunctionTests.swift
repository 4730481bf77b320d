import Testing

@testable import GradientCore

/// Colour components written with CSS Values 4 math, read by the same tokenizer and evaluator as gradient positions
/// (`CSSMathParser`); Chromium 156 computes the same colours (`rgb(255, 0, 0)`, `rgb(64, 191, 64)`,
/// `rgb(128, 51, 255)`, `rgb(230, 26, 128)` for the first, fifth, third and sixth).
@Suite("Math functions inside colours")
struct ColorMathFunctionTests {
    @Test(
        arguments: [
            ("rgb(min(255, 300) 0 0)", ColorSpace.srgb, SIMD3<Double>(1, 0, 0)),
            ("rgb(max(10%, 20%) clamp(0, 300, 255) 0)", .srgb, [0.2, 1, 0]),
            ("rgb(round(up, 127.2, 1) abs(-51) calc(infinity))", .srgb, [128.0 / 255, 0.2, 1]),
            ("rgb(calc(50% / 1%) 0 0)", .srgb, [50.0 / 255, 0, 0]),
            ("hsl(calc(120deg + 1turn) 50% 50%)", .hsl, [120, 0.5, 0.5]),
            ("hsl(mod(-30, 360) min(100%, 80%) 50%)", .hsl, [330, 0.8, 0.5]),
            ("hwb(calc(1turn / 3) 0% 0%)", .hwb, [120, 0, 0]),
            ("oklch(clamp(0, 0.7, 1) sqrt(0.01) atan2(1, 1))", .oklch, [0.7, 0.1, 45]),
            ("lab(calc(e * 10) sign(-5) pow(2, 3))", .lab, [27.18281828459045, -1, 8]),
        ] as [(String, ColorSpace, SIMD3<Double>)])
    func mathFunctionsGiveTheirValue(text: String, space: ColorSpace, components: SIMD3<Double>) throws {
        let parsed = try color(text, bareHex: false)
        #expect(parsed.space == space)
        #expect(isClose(parsed.components, components, tolerance: 1e-9), "\(parsed.components)")
    }

    @Test func relativeChannelKeywordsTakePartInEveryMathFunction() throws {
        let origin = try color("oklch(from red l c h)", bareHex: false)
        let scaled = try color("oklch(from red calc(l * 0.9) min(c, 0.1) max(h, 200))", bareHex: false)
        #expect(isClose(scaled.components, [origin.components.x * 0.9, 0.1, 200], tolerance: 1e-9))
        let alpha = try color("rgb(from rgb(0 0 0 / 0.8) r g b / clamp(0, alpha / 2, 1))", bareHex: false)
        #expect(abs(alpha.alpha - 0.4) < 1e-9)
    }
}
