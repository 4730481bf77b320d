import Testing

@testable import GradientCore

/// One conversion into an interpolation space and the components expected to be missing there.
struct MissingCase: Sendable, CustomTestStringConvertible {
    var text: String
    var space: ColorSpace
    var missing: MissingComponents
    var testDescription: String { "\(text) in \(space.rawValue)" }

    init(_ text: String, _ space: ColorSpace, _ missing: MissingComponents) {
        self.text = text
        self.space = space
        self.missing = missing
    }
}

@Suite("Preparing colours for interpolation")
struct ColorInterpolationTests {
    @Test(arguments: [
        // Carried forward to analogous components.
        MissingCase("lch(50 30 none)", .oklch, .c2),
        MissingCase("oklch(0.5 0.1 none)", .hsl, .c0),
        MissingCase("hsl(none 50% 50%)", .hwb, .c0),
        MissingCase("hwb(none 20% 20%)", .lch, .c2),
        MissingCase("lch(none 30 120)", .oklab, .c0),
        MissingCase("oklab(none 0.1 0.1)", .lch, .c0),
        MissingCase("oklab(0.5 none 0.1)", .lab, .c1),
        MissingCase("lab(50 20 none)", .oklab, .c2),
        MissingCase("rgb(none 0 0)", .srgbLinear, .c0),
        MissingCase("rgb(10 none 0)", .srgbLinear, .c1),
        MissingCase("rgb(1 2 3 / none)", .oklab, .alpha),
        // Not analogous to anything in the target space.
        MissingCase("rgb(none 100 0)", .oklab, []),
        MissingCase("oklab(0.5 none 0.1)", .srgb, []),
        MissingCase("hwb(120 none 0%)", .lch, []),
        MissingCase("hsl(120 100% none)", .lab, []),
        MissingCase("lab(none 20 30)", .hsl, []),
        // Powerless hues become missing in polar spaces.
        MissingCase("white", .oklch, .c2),
        MissingCase("white", .lch, .c2),
        MissingCase("white", .hsl, .c0),
        MissingCase("white", .hwb, .c0),
        MissingCase("black", .hsl, .c0),
        MissingCase("#808080", .hwb, .c0),
        MissingCase("#808080", .oklch, .c2),
        MissingCase("lab(50 0 0)", .lch, .c2),
        MissingCase("lab(100 0 0)", .hsl, .c0),
        MissingCase("oklab(1 0 0)", .hsl, .c0),
        MissingCase("oklab(0.5 0 0)", .hwb, .c0),
        MissingCase("hwb(200 60% 40%)", .oklch, .c2),
        MissingCase("hsl(120 0% 50%)", .lch, .c2),
        MissingCase("oklch(0.6 0 240)", .lch, .c2),
        MissingCase("transparent", .oklch, .c2),
        // Both at once: the carried chroma is 0 for the conversion, so the hue is powerless too.
        MissingCase("hsl(120 none 50%)", .oklch, [.c1, .c2]),
        MissingCase("lch(50 none 30)", .oklch, [.c1, .c2]),
        MissingCase("lch(50 none 30)", .hsl, [.c0, .c1]),
        // Chromatic colours keep their hue.
        MissingCase("red", .oklch, []),
        MissingCase("red", .hsl, []),
        MissingCase("oklch(0.5 0.2 30)", .lch, []),
        MissingCase("lab(50 1 0)", .lch, []),
        MissingCase("rgb(128 128 129)", .hsl, []),
    ])
    func missingComponentsCarryForwardAndPowerlessHuesGoMissing(_ c: MissingCase) throws {
        let converted = try color(c.text).interpolationColor(in: c.space)
        #expect(converted.missing == c.missing)
        for index in 0..<3 where c.missing.contains(.component(index)) {
            #expect(converted.components[index] == 0)
        }
    }

    @Test(arguments: [
        ("hsl(120 0% 50%)", ColorSpace.hsl), ("lch(50 0 120)", .lch), ("oklch(1 0 45 / 0.5)", .oklch),
        ("hwb(10 70% 70%)", .hwb), ("rgb(1 none 3)", .srgb), ("lab(none 0 0)", .lab),
    ])
    func aColourAlreadyInTheSpaceKeepsItsComponents(text: String, space: ColorSpace) throws {
        let parsed = try color(text)
        let converted = parsed.interpolationColor(in: space)
        #expect(converted.components == parsed.components)
        #expect(converted.alpha == parsed.alpha)
        #expect(converted.missing == parsed.missing)
    }

    @Test func convertedComponentsAreTheColourInTheNewSpace() throws {
        let red = try color("red").interpolationColor(in: .oklab)
        #expect(isClose(red.components, [0.627955, 0.224863, 0.125846], tolerance: 1e-6))
        #expect(red.alpha == 1)
        let half = try color("#ff000080").interpolationColor(in: .lab)
        #expect((half.alpha - 128.0 / 255).magnitude < 1e-12)
        let whiteHue = try color("white").interpolationColor(in: .oklch)
        #expect((whiteHue.components.x - 1).magnitude < 1e-7)
        #expect(whiteHue.components.y.magnitude < 1e-7)
    }

    @Test func missingComponentsCountAsZeroForTheConversion() throws {
        let withNone = try color("lch(50 30 none)").interpolationColor(in: .lab)
        let withZero = try color("lch(50 30 0)").interpolationColor(in: .lab)
        #expect(isClose(withNone.components, withZero.components, tolerance: 1e-9))
        let hslNone = try color("hsl(none 100% 50%)").interpolationColor(in: .srgb)
        #expect(isClose(hslNone.components, [1, 0, 0], tolerance: 1e-12))
    }
}
