import Testing

@testable import GradientCore

@Suite("Colour interpolation")
struct InterpolationTests {
    @Test("CSS Color 4's worked example: premultiplied sRGB mix at 50% gives rgb(46.8% 20.4% 77.6% / .5)")
    func cssColor4Example() throws {
        let image = try RenderedImage(
            query:
                "colors=rgb(24%25+12%25+98%25+/+.4),rgb(62%25+26%25+64%25+/+.6)&dir=horizontal&width=3&height=1&depth=16"
        )
        let middle = image.pixel(1, 0) / 255
        let expected = SIMD4(0.468, 0.204, 0.776, 0.5)
        #expect(maxDifference(middle, expected) < 2e-5, "\(middle)")
    }

    @Test("transparent → white never passes through grey", arguments: ["on", "off"])
    func transparentToWhite(dither: String) throws {
        let image = try RenderedImage(
            query: "colors=transparent,white&dir=horizontal&width=300&height=9&dither=\(dither)")
        #expect(!image.isOpaque)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                if p.w > 0 { #expect(p.x == 255 && p.y == 255 && p.z == 255, "pixel \(x),\(y) is \(p)") }
            }
        }
        #expect(image.pixel(0, 0).w <= 1 && image.pixel(299, 0).w == 255)
    }

    @Test("opaque stops give RGB output, any translucency RGBA")
    func opacity() throws {
        #expect(try RenderedImage(query: "colors=red,blue&width=4&height=4").isOpaque)
        #expect(try !RenderedImage(query: "colors=red,%230000ff80&width=4&height=4").isOpaque)
        #expect(try !RenderedImage(query: "colors=red,blue&spread=none&width=4&height=4").isOpaque)
    }

    @Test(
        "hue methods choose the arc in oklch",
        arguments: [
            ("shorter", 326.61), ("longer", 146.61), ("increasing", 146.61), ("decreasing", 326.61),
        ])
    func hueMethods(method: String, expectedHue: Double) throws {
        let spec = try GradientSpec(queryItems: [("colors", "red,blue"), ("space", "oklch"), ("hue", method)])
        let ramp = ColorRamp(spec: spec)
        let middle = ramp.interpolated(at: 0.5)
        var hue = middle[2].truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        #expect(abs(hue - expectedHue) < 0.05, "hue \(hue)")
    }

    @Test(
        "hue fix-up follows CSS Color 4 §12.4",
        arguments: [
            (HueInterpolation.shorter, 10.0, 350.0, 370.0, 350.0), (.shorter, 350, 10, 350, 370),
            (.longer, 10, 30, 370, 30),
            (.longer, 30, 10, 30, 370), (.increasing, 350, 10, 350, 370), (.decreasing, 10, 350, 370, 350),
            (.increasing, 10, 350, 10, 350),
        ])
    func hueFixUp(method: HueInterpolation, a: Double, b: Double, expectedA: Double, expectedB: Double) {
        var first = a
        var second = b
        ColorRamp.fixHues(&first, &second, method: method)
        #expect(first == expectedA && second == expectedB)
    }

    /// The spec holds white's hue missing (CSS); the ramp holds what Chromium draws: Blink gives white blue's hue
    /// at its own chroma of 5e-5 and Skia sees that, past Blink's off-axis white, at 234° (worked out in 32-bit
    /// floats from Blink's matrices; Chromium 156's pixels agree, see ChromiumPolarStopTests).
    @Test("an achromatic stop takes the hue Skia sees in the colour Blink hands it")
    func powerlessHue() throws {
        let spec = try GradientSpec(queryItems: [("colors", "white,blue"), ("space", "oklch")])
        #expect(spec.stops[0].color.missing.contains(.c2))
        let ramp = ColorRamp(spec: spec)
        let blueHue = spec.stops[1].color.components.z
        #expect(abs(ramp.interpolated(at: 0).z - 234) < 1)
        #expect(abs(ramp.interpolated(at: 1).z - blueHue) < 1e-4)
    }

    @Test("a hint moves the midpoint colour to the hint", arguments: [0.2, 0.7])
    func hintMovesMidpoint(hint: Double) throws {
        let image = try RenderedImage(query: "colors=black,\(hint),white&dir=horizontal&width=1000&height=1&depth=16")
        let x = Int(hint * 1000)
        #expect(abs(image.pixel(x, 0).x / 255 - 0.5) < 0.003)
    }

    @Test(
        "spread modes outside the stops",
        arguments: [
            ("pad", SIMD4<Double>(255, 0, 0, 255), SIMD4<Double>(0, 0, 255, 255)),
            ("none", SIMD4<Double>(0, 0, 0, 0), SIMD4<Double>(0, 0, 0, 0)),
        ])
    func padAndNone(spread: String, before: SIMD4<Double>, after: SIMD4<Double>) throws {
        let image = try RenderedImage(
            query: "colors=red@25%25,blue@75%25&dir=horizontal&width=100&height=1&dither=off&spread=\(spread)")
        #expect(image.pixel(10, 0) == before)
        #expect(image.pixel(90, 0) == after)
    }

    @Test("repeat and reflect continue the period")
    func repeatAndReflect() throws {
        let repeated = try RenderedImage(
            query: "colors=black@0,white@25%25&dir=horizontal&width=100&height=1&dither=off&spread=repeat&depth=16")
        let reflected = try RenderedImage(
            query: "colors=black@0,white@25%25&dir=horizontal&width=100&height=1&dither=off&spread=reflect&depth=16")
        for x in 0..<100 {
            let u = (Double(x) + 0.5) / 25
            let fraction = u - u.rounded(.down)
            let mirrored = Int(u) % 2 == 1 ? 1 - fraction : fraction
            #expect(abs(repeated.pixel(x, 0).x - fraction * 255) < 0.01)
            #expect(abs(reflected.pixel(x, 0).x - mirrored * 255) < 0.01)
        }
    }

    @Test("a repeating gradient with a zero-length period is its average colour, as CSS")
    func zeroPeriodAverage() throws {
        let image = try RenderedImage(query: "colors=red@50%25,blue@50%25&spread=repeat&width=8&height=8&dither=off")
        #expect(maxDifference(image.pixel(3, 3), SIMD4(127.5, 0, 127.5, 255)) <= 0.5)
        let three = try RenderedImage(
            query: "colors=black@0.3,white@0.3,black@0.3&spread=reflect&width=8&height=8&depth=16")
        #expect(abs(three.pixel(0, 0).x - 127.5) < 0.02)
    }

    @Test("one stop draws a solid colour")
    func oneStop() throws {
        let image = try RenderedImage(query: "colors=%23336699&width=5&height=5&dither=off")
        #expect(image.pixel(4, 4) == SIMD4(0x33, 0x66, 0x99, 255))
    }

    @Test("equal positions make a hard edge")
    func hardEdge() throws {
        let image = try RenderedImage(query: "colors=red@50%25,blue@50%25&dir=horizontal&width=10&height=1&dither=off")
        #expect(image.pixel(4, 0) == SIMD4(255, 0, 0, 255))
        #expect(image.pixel(5, 0) == SIMD4(0, 0, 255, 255))
    }

    @Test("16-bit output keeps precision the 8-bit rounding loses")
    func sixteenBit() throws {
        let image = try RenderedImage(query: "colors=%23404040,%23505050&dir=horizontal&width=400&height=1&depth=16")
        let expected = (64.0 + 16.0 * 200.5 / 400) / 255
        #expect(abs(image.pixel(200, 0).x / 255 - expected) < 1 / 65535.0)
    }
}
