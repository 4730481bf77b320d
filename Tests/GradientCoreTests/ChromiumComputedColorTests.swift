import Testing

@testable import GradientCore

/// Colour texts with the coordinates Chromium 156 computes for them (`getComputedStyle`, printed to 6
/// significant digits from its 32-bit floats).
@Suite("Relative colours and color-mix() against Chromium's computed values")
struct ChromiumComputedColorTests {
    @Test(
        arguments: [
            ParsedColorCase("hsl(from red calc(h + 120) s l)", .srgb, [0, 1, 0], 1, 1e-6),
            ParsedColorCase(
                "hsl(from rgb(200 100 50) h calc(s / 2) l / 0.5)", .srgb, [0.637255, 0.441177, 0.343137], 0.5, 2e-6),
            ParsedColorCase("hwb(from teal h calc(w + 10) b)", .srgb, [0.1, 0.501961, 0.501961], 1, 2e-6),
            ParsedColorCase("lab(from red l calc(a / 2) b)", .lab, [54.29, 40.4099, 69.8997], 1, 1e-2),
            ParsedColorCase(
                "oklch(from rgb(10 200 30 / 0.4) l calc(c * 0.5) h)", .oklch, [0.72282, 0.119247, 143.158], 0.4, 1e-2),
            ParsedColorCase("rgb(from hsl(120 50% 50%) r g b)", .srgb, [0.25, 0.75, 0.25], 1, 1e-6),
            ParsedColorCase("oklch(from red calc(l * 0.9) c h)", .oklch, [0.56517, 0.257704, 29.2346], 1, 1e-2),
            ParsedColorCase(
                "oklch(from red calc(l * 0.9) min(c, 0.1) max(h, 200))", .oklch, [0.56517, 0.1, 200], 1, 1e-4),
            ParsedColorCase("oklch(clamp(0, 0.7, 1) sqrt(0.01) atan2(1, 1))", .oklch, [0.7, 0.1, 45], 1, 1e-9),
            // Chromium converts in 32-bit floats with skcms' matrices and D50 white: its Lab and OKLCh differ from
            // CSS Color 4's double-precision values by up to 0.015 (a, b, hue), its RGB spaces by up to 1.2e-4.
            ParsedColorCase(
                "color(from red display-p3 r g b)", .displayP3, [0.91753, 0.200241, 0.138502], 1, 1e-4),
            ParsedColorCase("color(from red xyz-d50 x y z)", .xyzD50, [0.436066, 0.222488, 0.013916], 1, 1e-4),
            ParsedColorCase(
                "color-mix(in srgb, rgb(255 0 0 / 0.5) 25%, blue)", .srgb, [0.142857, 0, 0.857143], 0.875, 1e-6),
            ParsedColorCase(
                "color-mix(in hsl longer hue, hsl(0 100% 50%), hsl(120 100% 50%))", .srgb, [0, 0, 1], 1, 1e-6),
            ParsedColorCase(
                "color-mix(in oklch, oklch(0.5 none 40), oklch(0.7 0.2 none))", .oklch, [0.6, 0.2, 40], 1, 1e-6),
            ParsedColorCase(
                "color-mix(in lab, red 10%, blue 30%)", .lab, [35.7465, 71.4311, -66.5513], 0.4, 2e-2),
            ParsedColorCase(
                "color-mix(in display-p3, red, lime)", .displayP3, [0.68805, 0.592734, 0.218383], 1, 2e-4),
            ParsedColorCase("color-mix(in xyz, red, lime)", .xyzD65, [0.385027, 0.463895, 0.0692461], 1, 1e-4),
        ] as [ParsedColorCase])
    func matchesChromium(_ c: ParsedColorCase) throws {
        try c.check()
    }
}
