import Testing

@testable import GradientCore

@Suite("Modern colours in css= gradients")
struct ModernColorGradientTests {
    @Test(
        arguments: [
            "linear-gradient(45deg, color(srgb 0.5 0.2 0.9), red)",
            "linear-gradient(color-mix(in srgb, red, blue), red)",
            "radial-gradient(circle, light-dark(red, blue), currentcolor, Canvas)",
            "conic-gradient(rgb(from red r g b) 10%, oklch(from blue l c h / alpha), CanvasText)",
            "linear-gradient(in display-p3, red, color(display-p3 0 1 0) 50%, blue)",
            "repeating-linear-gradient(in xyz, color-mix(in oklch longer hue, red 30%, blue) 0 10px, white 20px)",
        ])
    func chromiumAcceptedStringsParse(_ css: String) throws {
        let spec = try GradientSpec(queryItems: [("css", css), ("width", "16"), ("height", "16")])
        #expect(spec.stops.count >= 2)
    }

    /// Chromium counts `rgb()`, `hsl()` and `hwb()` with a `none` as modern colours: a gradient holding one
    /// defaults to oklab (`linear-gradient(to right, rgb(none 0 0), blue)` draws as with `in oklab`, MAE 0 against
    /// Chromium 156 with it, 7/255 with sRGB; css-parity's full render of seeds 1–9 found it).
    @Test(
        "a legacy colour function with none makes the default space oklab",
        arguments: ["rgb(none 0 0)", "hsl(none 50% 50%)", "hwb(120 none 10%)", "rgb(0 0 255 / none)"])
    func noneIsModern(_ color: String) throws {
        let spec = try GradientSpec(queryItems: [("css", "linear-gradient(\(color), blue)")])
        #expect(spec.space == .oklab)
        let legacy = try GradientSpec(queryItems: [("css", "linear-gradient(rgb(0 0 0), hsl(0 50% 50%), blue)")])
        #expect(legacy.space == .srgb)
    }
}
