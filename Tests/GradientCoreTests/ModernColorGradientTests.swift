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
}
