import Testing

@testable import GradientCore

/// Tolerance for components computed from the text: a few ulps of values up to a few hundred.
private let tolerance = 1e-9

/// One parsing expectation.
struct ParseCase: Sendable, CustomTestStringConvertible {
    var text: String
    var space: ColorSpace
    var components: SIMD3<Double>
    var alpha: Double = 1
    var missing: MissingComponents = []
    var testDescription: String { text }

    init(
        _ text: String, _ space: ColorSpace, _ components: SIMD3<Double>, alpha: Double = 1,
        missing: MissingComponents = []
    ) {
        self.text = text
        self.space = space
        self.components = components
        self.alpha = alpha
        self.missing = missing
    }

    func check(isLegacy: Bool) throws {
        let parsed = try color(text, bareHex: false)
        #expect(parsed.space == space)
        #expect(isClose(parsed.components, components, tolerance: tolerance), "\(parsed.components)")
        #expect((parsed.alpha - alpha).magnitude < tolerance)
        #expect(parsed.missing == missing)
        // A `none` makes even rgb(), hsl() and hwb() modern colours, as Chromium counts them.
        #expect(parsed.isLegacy == (isLegacy && missing.isEmpty))
    }
}

@Suite("Parsing colour functions")
struct FunctionColorParsingTests {
    @Test(arguments: [
        ParseCase("rgb(255, 0, 0)", .srgb, [1, 0, 0]),
        // The comma syntax holds alpha in 8 bits, rounded half away from zero, as Chromium does; the space syntax not.
        ParseCase("rgba(255,0,0,0.5)", .srgb, [1, 0, 0], alpha: 128.0 / 255),
        ParseCase("rgba(0, 0, 0, 0.3)", .srgb, [0, 0, 0], alpha: 77.0 / 255),
        ParseCase("rgba(0, 0, 0, 0.7)", .srgb, [0, 0, 0], alpha: 179.0 / 255),
        ParseCase("rgba(100.4, 50.6, 0, 0.999)", .srgb, [100.4 / 255, 50.6 / 255, 0], alpha: 1),
        ParseCase("rgb(0 0 0 / 0.3)", .srgb, [0, 0, 0], alpha: 0.3),
        ParseCase("rgb(100%, 50%, 0%)", .srgb, [1, 0.5, 0]),
        ParseCase("rgb( 10 , 20 , 30 , 40% )", .srgb, [10.0 / 255, 20.0 / 255, 30.0 / 255], alpha: 102.0 / 255),
        ParseCase("rgb(255 128 0 / 50%)", .srgb, [1, 128.0 / 255, 0], alpha: 0.5),
        ParseCase("rgb(50% 128 none)", .srgb, [0.5, 128.0 / 255, 0], missing: .c2),
        ParseCase("rgb(300 -20 0)", .srgb, [1, 0, 0]),
        ParseCase("rgb(150% -5% 0)", .srgb, [1, 0, 0]),
        ParseCase("RGB(1e2 +.5e1 0)", .srgb, [100.0 / 255, 5.0 / 255, 0]),
        ParseCase("rgb(0 0 0 / none)", .srgb, [0, 0, 0], alpha: 0, missing: .alpha),
        ParseCase("rgba(0 0 0 / 2)", .srgb, [0, 0, 0], alpha: 1),
        ParseCase("rgba(0, 0, 0, -1)", .srgb, [0, 0, 0], alpha: 0),
        ParseCase("rgb(/* c */1/**/2 3)", .srgb, [1.0 / 255, 2.0 / 255, 3.0 / 255]),
        ParseCase("rgb(1\n2\t3/.5)", .srgb, [1.0 / 255, 2.0 / 255, 3.0 / 255], alpha: 0.5),
        ParseCase("rgb(none none none / 1)", .srgb, [0, 0, 0], missing: [.c0, .c1, .c2]),
        ParseCase("rgb(127.5 0 0)", .srgb, [0.5, 0, 0]),
    ])
    func rgbTakesNumbersAndPercentagesInBothSyntaxes(_ c: ParseCase) throws {
        try c.check(isLegacy: true)
    }

    @Test(arguments: [
        ParseCase("hsl(120, 100%, 50%)", .hsl, [120, 1, 0.5]),
        ParseCase("hsla(120, 100%, 50%, 0.25)", .hsl, [120, 1, 0.5], alpha: 0.25),
        ParseCase("hsl(120deg 100% 25%)", .hsl, [120, 1, 0.25]),
        ParseCase("hsl(0.5turn 50 50)", .hsl, [180, 0.5, 0.5]),
        ParseCase("hsl(-120 50% 50%)", .hsl, [240, 0.5, 0.5]),
        ParseCase("hsl(720 100% 50%)", .hsl, [0, 1, 0.5]),
        ParseCase("hsla(3.141592653589793rad, 10%, 20%, .3)", .hsl, [180, 0.1, 0.2], alpha: 0.3),
        ParseCase("hsl(100grad -10% 50%)", .hsl, [90, 0, 0.5]),
        ParseCase("hsl(none 0% 50% / none)", .hsl, [0, 0, 0.5], alpha: 0, missing: [.c0, .alpha]),
        ParseCase("HSL(30DEG 20% 120%)", .hsl, [30, 0.2, 1.2]),
    ])
    func hslTakesAHueAndClampsOnlyNegativeSaturation(_ c: ParseCase) throws {
        try c.check(isLegacy: true)
    }

    @Test(arguments: [
        ParseCase("hwb(0 0% 0%)", .hwb, [0, 0, 0]),
        ParseCase("hwb(90deg 20% 30% / 0.5)", .hwb, [90, 0.2, 0.3], alpha: 0.5),
        ParseCase("hwb(none 50 50)", .hwb, [0, 0.5, 0.5], missing: .c0),
        ParseCase("hwb(1turn 70% 60%)", .hwb, [0, 0.7, 0.6]),
    ])
    func hwbTakesSpaceSeparatedHueWhitenessAndBlackness(_ c: ParseCase) throws {
        try c.check(isLegacy: true)
    }

    @Test(arguments: [
        ParseCase("lab(50 20 -30)", .lab, [50, 20, -30]),
        ParseCase("lab(50% 100% -100%)", .lab, [50, 125, -125]),
        ParseCase("lab(150 0 0)", .lab, [100, 0, 0]),
        ParseCase("lab(-5 0 0 / 0.5)", .lab, [0, 0, 0], alpha: 0.5),
        ParseCase("lab(none 10 none)", .lab, [0, 10, 0], missing: [.c0, .c2]),
        ParseCase("LAB(1e1 2E1 -3e+1)", .lab, [10, 20, -30]),
    ])
    func labClampsLightnessAndScalesPercentages(_ c: ParseCase) throws {
        try c.check(isLegacy: false)
    }

    @Test(arguments: [
        ParseCase("lch(50 30 270)", .lch, [50, 30, 270]),
        ParseCase("lch(50% 100% 0.25turn)", .lch, [50, 150, 90]),
        ParseCase("lch(50 -10 400)", .lch, [50, 0, 40]),
        ParseCase("lch(120 20 none / 10%)", .lch, [100, 20, 0], alpha: 0.1, missing: .c2),
    ])
    func lchClampsLightnessAndChroma(_ c: ParseCase) throws {
        try c.check(isLegacy: false)
    }

    @Test(arguments: [
        ParseCase("oklab(0.5 0.1 -0.1)", .oklab, [0.5, 0.1, -0.1]),
        ParseCase("oklab(50% 100% -50%)", .oklab, [0.5, 0.4, -0.2]),
        ParseCase("oklab(1.5 0 0)", .oklab, [1, 0, 0]),
        ParseCase("oklab(-1 none 0 / none)", .oklab, [0, 0, 0], alpha: 0, missing: [.c1, .alpha]),
    ])
    func oklabClampsLightnessToOneAndScalesPercentages(_ c: ParseCase) throws {
        try c.check(isLegacy: false)
    }

    @Test(arguments: [
        ParseCase("oklch(0.7 0.15 180)", .oklch, [0.7, 0.15, 180]),
        ParseCase("oklch(70% 50% 90deg / 25%)", .oklch, [0.7, 0.2, 90], alpha: 0.25),
        ParseCase("OKLCH(0.5 0.1 none)", .oklch, [0.5, 0.1, 0], missing: .c2),
        ParseCase("oklch(2 -0.1 -90)", .oklch, [1, 0, 270]),
    ])
    func oklchClampsLightnessAndChroma(_ c: ParseCase) throws {
        try c.check(isLegacy: false)
    }
}
