import Testing

@testable import GradientCore

/// A colour text with the coordinates Chromium 156 computes for it (`getComputedStyle`, printed to 6 significant
/// digits from its 32-bit floats), in `space`.
struct ChromiumComputedCase: Sendable, CustomTestStringConvertible {
    var text: String
    var space: ColorSpace
    var components: SIMD3<Double>
    var alpha: Double
    var tolerance: Double
    var testDescription: String { text }

    init(_ text: String, _ space: ColorSpace, _ components: SIMD3<Double>, _ alpha: Double, _ tolerance: Double) {
        self.text = text
        self.space = space
        self.components = components
        self.alpha = alpha
        self.tolerance = tolerance
    }
}

@Suite("Relative colours and color-mix() against Chromium's computed values")
struct ChromiumComputedColorTests {
    @Test(
        arguments: [
            ChromiumComputedCase("hsl(from red calc(h + 120) s l)", .srgb, [0, 1, 0], 1, 1e-6),
            ChromiumComputedCase(
                "hsl(from rgb(200 100 50) h calc(s / 2) l / 0.5)", .srgb, [0.637255, 0.441177, 0.343137], 0.5, 2e-6),
            ChromiumComputedCase("hwb(from teal h calc(w + 10) b)", .srgb, [0.1, 0.501961, 0.501961], 1, 2e-6),
            ChromiumComputedCase("lab(from red l calc(a / 2) b)", .lab, [54.29, 40.4099, 69.8997], 1, 1e-2),
            ChromiumComputedCase(
                "oklch(from rgb(10 200 30 / 0.4) l calc(c * 0.5) h)", .oklch, [0.72282, 0.119247, 143.158], 0.4, 1e-2),
            ChromiumComputedCase("rgb(from hsl(120 50% 50%) r g b)", .srgb, [0.25, 0.75, 0.25], 1, 1e-6),
            // Chromium converts in 32-bit floats with skcms' matrices and D50 white: its Lab and OKLCh differ from
            // CSS Color 4's double-precision values by up to 0.015 (a, b, hue), its RGB spaces by up to 1.2e-4.
            ChromiumComputedCase(
                "color(from red display-p3 r g b)", .displayP3, [0.91753, 0.200241, 0.138502], 1, 1e-4),
            ChromiumComputedCase("color(from red xyz-d50 x y z)", .xyzD50, [0.436066, 0.222488, 0.013916], 1, 1e-4),
            ChromiumComputedCase(
                "color-mix(in srgb, rgb(255 0 0 / 0.5) 25%, blue)", .srgb, [0.142857, 0, 0.857143], 0.875, 1e-6),
            ChromiumComputedCase(
                "color-mix(in hsl longer hue, hsl(0 100% 50%), hsl(120 100% 50%))", .srgb, [0, 0, 1], 1, 1e-6),
            ChromiumComputedCase(
                "color-mix(in oklch, oklch(0.5 none 40), oklch(0.7 0.2 none))", .oklch, [0.6, 0.2, 40], 1, 1e-6),
            ChromiumComputedCase(
                "color-mix(in lab, red 10%, blue 30%)", .lab, [35.7465, 71.4311, -66.5513], 0.4, 2e-2),
            ChromiumComputedCase(
                "color-mix(in display-p3, red, lime)", .displayP3, [0.68805, 0.592734, 0.218383], 1, 2e-4),
            ChromiumComputedCase("color-mix(in xyz, red, lime)", .xyzD65, [0.385027, 0.463895, 0.0692461], 1, 1e-4),
        ] as [ChromiumComputedCase])
    func matchesChromium(_ c: ChromiumComputedCase) throws {
        let parsed = try color(c.text, bareHex: false)
        let converted = c.space.fromSRGB(parsed.space.toSRGB(parsed.components))
        #expect(isClose(converted, c.components, tolerance: c.tolerance), "\(converted)")
        #expect(abs(parsed.alpha - c.alpha) < 1e-6)
    }
}
