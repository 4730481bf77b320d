import Testing

@testable import GradientCore

@Suite("color(), color-mix(), relative colours and keyword colours (CSS Color 4 and 5)")
struct ModernColorSyntaxTests {
    @Test(
        arguments: [
            ParsedColorCase("color(srgb 0.5 0.2 0.9)", .srgb, [0.5, 0.2, 0.9], 1.0),
            ParsedColorCase("color(srgb-linear 10% 0.2 1)", .srgbLinear, [0.1, 0.2, 1], 1),
            ParsedColorCase("color(display-p3 1 0 0 / 50%)", .displayP3, [1, 0, 0], 0.5),
            ParsedColorCase("COLOR(A98-RGB 0.1 0.2 0.3 / 0.25)", .a98RGB, [0.1, 0.2, 0.3], 0.25),
            ParsedColorCase("color(prophoto-rgb 1.5 -0.5 0)", .prophotoRGB, [1.5, -0.5, 0], 1),
            ParsedColorCase("color(rec2020 0.3 0.4 0.5)", .rec2020, [0.3, 0.4, 0.5], 1),
            ParsedColorCase("color(xyz 0.2 0.3 50%)", .xyzD65, [0.2, 0.3, 0.5], 1),
            ParsedColorCase("color(xyz-d65 0.2 0.3 0.4)", .xyzD65, [0.2, 0.3, 0.4], 1),
            ParsedColorCase("color( xyz-d50 /* c */ 0.2 0.3 0.4 / 2 )", .xyzD50, [0.2, 0.3, 0.4], 1),
        ] as [ParsedColorCase])
    func colorTakesEveryPredefinedSpace(_ c: ParsedColorCase) throws {
        #expect(try color(c.text).space == c.space)
        try c.check()
    }

    @Test func colorKeepsNoneAsMissing() throws {
        let parsed = try color("color(display-p3 none 0.5 1 / none)")
        #expect(parsed.missing == [.c0, .alpha])
    }

    @Test(
        arguments: [
            ("color(cmyk 1 0 0)", 6, "expected a colour space"),
            ("color(lab 50 0 0)", 6, "expected a colour space"),
            ("color(srgb 1 0)", 14, "color() takes 3 components"),
            ("color(srgb 1, 0, 0)", 12, "takes space-separated components"),
            ("color-mix(in srgb, red 150%, blue)", 23, "between 0% and 100%"),
            ("color-mix(in, red, blue)", 12, "expected a colour space after 'in'"),
            ("color-mix(in srgb longer hue, red, blue)", 18, "polar spaces"),
            ("color-mix(in foo, red, blue)", 13, "expected a colour space after 'in'"),
            ("rgb(from red calc(r+1) g b)", 19, "whitespace on both sides"),
            ("rgb(from red q g b)", 13, "unknown channel keyword \"q\""),
            ("rgb(from red r, g, b)", 14, "not commas"),
            ("light-dark(red)", 14, "expected ','"),
            ("rgb(calc(50% + 10) 0 0)", 13, "cannot add a number to a percentage"),
            ("rgb(calc(10px) 0 0)", 4, "calc() in rgb() gives a length"),
            ("rgb(0 0 0 / min(50%, 0.7))", 21, "min() cannot combine a percentage with a number"),
            ("hsl(calc(120 + 10deg) 50% 50%)", 13, "cannot add an angle to a number"),
            ("rgb(from red calc(q * 2) g b)", 18, "unknown constant in calc(); expected alpha, b, g, r, e, pi"),
            ("rgb(clamp(1, 2) 0 0)", 4, "clamp() takes 3 arguments"),
        ] as [(String, Int, String)])
    func errorsNameTheOffsetAndTheConstruct(text: String, offset: Int, fragment: String) {
        let failure = parseError(text, bareHex: false)
        #expect(failure?.offset == offset, "\(String(describing: failure))")
        #expect(failure?.message.contains(fragment) == true, "\(String(describing: failure))")
    }

    // MARK: color-mix()

    @Test func colorMixNormalisesPercentagesAsCSSColor5() {
        #expect(ColorMix.weights(nil, nil) == (0.5, 0.5, 1))
        #expect(ColorMix.weights(30, nil) == (0.3, 0.7, 1))
        #expect(ColorMix.weights(nil, 25) == (0.75, 0.25, 1))
        #expect(ColorMix.weights(20, 20) == (0.5, 0.5, 0.4))
        #expect(ColorMix.weights(75, 75) == (0.5, 0.5, 1))
        // Chromium 156 computes color-mix(in srgb, red 0%, blue 0%) as color(srgb 0.5 0 0.5 / 0).
        #expect(ColorMix.weights(0, 0) == (0.5, 0.5, 0))
    }

    @Test func colorMixInSRGBIsThePremultipliedAverage() throws {
        let mixed = try color("color-mix(in srgb, red, blue)")
        #expect(mixed.space == .srgb && !mixed.isLegacy)
        #expect(isClose(mixed.components, [0.5, 0, 0.5], tolerance: 1e-12))
        let translucent = try color("color-mix(in srgb, rgb(255 0 0 / 0.5) 25%, blue)")
        // Premultiplied: red weighs 0.25 × 0.5, blue 0.75 × 1; alpha 0.875.
        #expect(abs(translucent.alpha - 0.875) < 1e-12)
        #expect(isClose(translucent.components, [0.125 / 0.875, 0, 0.75 / 0.875], tolerance: 1e-12))
        let faded = try color("color-mix(in srgb, red 20%, blue 20%)")
        #expect(abs(faded.alpha - 0.4) < 1e-12)
        #expect(isClose(faded.components, [0.5, 0, 0.5], tolerance: 1e-12))
    }

    @Test func colorMixWithoutASpaceMixesInOklab() throws {
        let implicit = try color("color-mix(red, blue 30%)")
        let explicit = try color("color-mix(in oklab, red, blue 30%)")
        #expect(implicit == explicit)
    }

    @Test func tailwindOpacityKeepsTheColourAndHalvesAlpha() throws {
        let mixed = try color("color-mix(in oklab, red 50%, transparent)")
        let red = try color("red").interpolationColor(in: .oklab)
        #expect(mixed.space == .oklab)
        #expect(isClose(mixed.components, red.components, tolerance: 1e-12))
        #expect(abs(mixed.alpha - 0.5) < 1e-12)
    }

    @Test(
        arguments: [("shorter", 60.0), ("longer", 240), ("increasing", 60), ("decreasing", 240)] as [(String, Double)])
    func colorMixHonoursTheHueMethod(method: String, hue: Double) throws {
        let mixed = try color("color-mix(in hsl \(method) hue, hsl(0 100% 50%), hsl(120 100% 50%))")
        #expect(abs(mixed.components.x - hue) < 1e-9, "\(mixed.components)")
    }

    @Test func colorMixTakesTheOtherColoursComponentForNone() throws {
        let mixed = try color("color-mix(in oklch, oklch(0.5 none 40), oklch(0.7 0.2 none))")
        #expect(isClose(mixed.components, [0.6, 0.2, 40], tolerance: 1e-12))
    }

    /// The canonical spec (and so the ETag) of a gradient with `color-mix()` is that of its resolved colour.
    @Test func colorMixSharesTheCanonicalFormOfItsResolvedColour() throws {
        func canonical(_ query: String) throws -> String {
            try GradientSpec(queryItems: QueryString.decode(Substring(query))).canonicalForm
        }
        let mixed = try canonical("css=linear-gradient(color-mix(in srgb, red 50%25, blue), white)")
        let resolved = try canonical("css=linear-gradient(color(srgb 0.5 0 0.5), white)")
        #expect(mixed == resolved)
        let parameterMixed = try canonical("colors=color-mix(in srgb, red 50%25, blue),white")
        let parameterResolved = try canonical("colors=color(srgb 0.5 0 0.5),white")
        #expect(parameterMixed == parameterResolved)
        #expect(parameterMixed == mixed)
    }

    // MARK: Relative colours

    @Test(
        arguments: [
            ParsedColorCase("rgb(from red r g b)", .srgb, [1, 0, 0], 1.0),
            ParsedColorCase("rgb(from red calc(r / 2) g calc(b + 51))", .srgb, [0.5, 0, 0.2], 1),
            ParsedColorCase("rgb(from rgb(10 20 30 / 0.3) b g r)", .srgb, [30.0 / 255, 20.0 / 255, 10.0 / 255], 0.3),
            ParsedColorCase("hsl(from red calc(h + 120) s l)", .hsl, [120, 1, 0.5], 1),
            ParsedColorCase("hwb(from white h w calc(b + 10))", .hwb, [0, 1, 0.1], 1),
            ParsedColorCase("lab(from lab(50 20 -30) l calc(a * 2) b / 0.5)", .lab, [50, 40, -30], 0.5),
            ParsedColorCase("oklab(from oklab(0.5 0.1 -0.1) calc(l + 0.25) a b)", .oklab, [0.75, 0.1, -0.1], 1),
            ParsedColorCase("lch(from lch(50 30 200) l c calc(h - 20))", .lch, [50, 30, 180], 1),
            ParsedColorCase("oklch(from oklch(0.7 0.15 200) l c h / alpha)", .oklch, [0.7, 0.15, 200], 1),
            ParsedColorCase(
                "oklch(from oklch(0.7 0.15 200 / 40%) l calc(c * (1 + 1)) h)", .oklch, [0.7, 0.3, 200], 0.4),
            ParsedColorCase("color(from red srgb r g b / calc(alpha / 4))", .srgb, [1, 0, 0], 0.25),
            ParsedColorCase(
                "color(from color(srgb-linear 0.5 0.25 0) srgb-linear calc(r * 2) g 1)", .srgbLinear, [1, 0.25, 1], 1),
            ParsedColorCase(
                "color(from white xyz x y z)", .xyzD65, [0.3127 / 0.3290, 1, (1 - 0.3127 - 0.3290) / 0.3290], 1),
            ParsedColorCase("rgb(from color-mix(in srgb, red, blue) r g b)", .srgb, [0.5, 0, 0.5], 1),
            ParsedColorCase("rgb(from red calc(pi * 0 + 255) 0 0)", .srgb, [1, 0, 0], 1),
        ] as [ParsedColorCase])
    func relativeColoursResolveChannelKeywords(_ c: ParsedColorCase) throws {
        #expect(try color(c.text).space == c.space)
        try c.check()
    }

    // MARK: Keywords

    /// Values as Chromium 156 computes them on Linux in the light scheme (`getComputedStyle`).
    @Test(
        arguments: [
            ("currentcolor", [0, 0, 0]), ("ButtonBorder", [0, 0, 0]), ("ActiveCaption", [1, 1, 1]),
            ("AccentColor", [0, 0x75 / 255.0, 1]), ("SelectedItem", [0x19 / 255.0, 0x67 / 255.0, 0xD2 / 255.0]),
            ("CurrentColor", [0, 0, 0]), ("Canvas", [1, 1, 1]),
            ("CanvasText", [0, 0, 0]), ("LinkText", [0, 0, 0xEE / 255.0]),
            ("ButtonFace", [0xEF / 255.0, 0xEF / 255.0, 0xEF / 255.0]),
            ("GrayText", [0x80 / 255.0, 0x80 / 255.0, 0x80 / 255.0]), ("Mark", [1, 1, 0]),
            ("light-dark(red, blue)", [1, 0, 0]), ("light-dark( color(srgb 0 1 0) , black )", [0, 1, 0]),
        ] as [(String, [Double])])
    func keywordColoursTakeTheirLightSchemeValues(text: String, components: [Double]) throws {
        let parsed = try color(text, bareHex: false)
        let expected = SIMD3(components[0], components[1], components[2])
        #expect(isClose(parsed.space.toSRGB(parsed.components), expected, tolerance: 1e-12))
        #expect(parsed.alpha == 1)
    }

    @Test func highlightIsTranslucentAsInChromium() throws {
        let parsed = try color("Highlight")
        #expect(isClose(parsed.components, [0, 65.0 / 255, 198.0 / 255], tolerance: 1e-12))
        #expect(parsed.alpha == 0.8)
    }

    // MARK: Rendering

    /// Chromium hands gradient stops to Skia without gamut mapping (`ToGradientStopSkColor4f`) and stores the
    /// result into the sRGB canvas clamped: an out-of-gamut colour is clipped per channel. Display P3's green is
    /// (-0.51, 1.02, -0.31) in sRGB, so it draws as pure green, where CSS gamut mapping would not.
    @Test func outOfGamutColoursAreClippedPerChannel() throws {
        for query in [
            "css=linear-gradient(color(display-p3 0 1 0), color(display-p3 0 1 0))",
            "colors=color(display-p3 0 1 0),color(display-p3 0 1 0)&space=display-p3",
        ] {
            let image = try RenderedImage(query: query + "&width=8&height=2&dither=off")
            #expect(image.pixel(4, 1) == [0, 255, 0, 255], "\(query)")
        }
    }

    @Test func aGradientOfModernColoursRenders() throws {
        let image = try RenderedImage(
            query: "css=linear-gradient(to right, color-mix(in oklab, red 50%25, transparent) 0 20%25, "
                + "rgb(from blue r calc(g %2B 255) b) 40%25 60%25, light-dark(Canvas, black) 80%25)"
                + "&width=10&height=1&dither=off")
        #expect(maxDifference(image.pixel(0, 0), [255, 0, 0, 128]) <= 1, "\(image.pixel(0, 0))")
        #expect(maxDifference(image.pixel(5, 0), [0, 255, 255, 255]) <= 1, "\(image.pixel(5, 0))")
        #expect(maxDifference(image.pixel(9, 0), [255, 255, 255, 255]) <= 1, "\(image.pixel(9, 0))")
    }
}
