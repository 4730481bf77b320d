import Testing

@testable import GradientCore

private func parse(_ query: String, limits: SpecLimits = .standard) throws -> GradientSpec {
    try GradientSpec(queryItems: try QueryString.decode(Substring(query)), limits: limits)
}

@Suite("Parameter parsing")
struct SpecParsingTests {
    @Test("defaults: 512×512 linear top to bottom, pad, srgb for legacy colours, dithered 8-bit")
    func defaults() throws {
        let spec = try parse("colors=red,blue")
        #expect(spec.pixelWidth == 512 && spec.pixelHeight == 512)
        #expect(spec.geometry == .linear(start: PixelPoint(x: 256, y: 0), end: PixelPoint(x: 256, y: 512)))
        #expect(spec.spread == .pad && spec.space == .srgb && spec.dither && spec.depth == .eight)
        #expect(spec.stops.map(\.position) == [0, 1])
    }

    @Test("a non-legacy colour makes oklab the default space, as CSS")
    func modernColorDefaultsToOklab() throws {
        #expect(try parse("colors=red,oklch(0.7 0.1 200)").space == .oklab)
        #expect(try parse("colors=red,hsl(200+50%25+50%25),hwb(10+10%25+10%25)").space == .srgb)
        #expect(try parse("colors=red,blue&space=oklch&hue=longer").hue == .longer)
    }

    @Test(
        "scale multiplies the pixel size and rounds",
        arguments: [("2", 200, 100), ("1.5", 150, 75), ("3", 300, 150), ("1.333", 133, 67)])
    func scale(scale: String, width: Int, height: Int) throws {
        let spec = try parse("colors=red,blue&width=100&height=50&scale=\(scale)")
        #expect(spec.pixelWidth == width && spec.pixelHeight == height)
    }

    @Test("base and percentage give Slope's PercentageGradient: HSB brightness ± percentage, clamped")
    func percentageGradient() throws {
        let image = try RenderedImage(query: "base=00d293&percentage=0.06&width=1&height=2&dither=off&depth=16")
        // #00d293 has brightness 210/255 = 0.8235; ±0.06 scales every channel by (0.8235 ± 0.06) / 0.8235.
        let top = (210.0 / 255 + 0.06) / (210.0 / 255)
        let bottom = (210.0 / 255 - 0.06) / (210.0 / 255)
        let spec = image.spec
        let first = spec.stops[0].color.components
        let last = spec.stops[1].color.components
        #expect(abs(first.y - 210.0 / 255 * top) < 1e-6 && abs(first.z - 147.0 / 255 * top) < 1e-6 && first.x == 0)
        #expect(abs(last.y - 210.0 / 255 * bottom) < 1e-6 && abs(last.z - 147.0 / 255 * bottom) < 1e-6)
        let clamped = try parse("base=fff&percentage=10%25")
        #expect(clamped.stops[0].color.components == SIMD3(1, 1, 1))
        #expect(abs(clamped.stops[1].color.components.x - 0.9) < 1e-6)
    }

    @Test(
        "malformed requests are refused with the parameter and the offending token",
        arguments: [
            ("colors=red,blue&bogus=1", "bogus", "unknown parameter \"bogus\""),
            ("colors=red,blue&=blue", "query", "a query item has a value but no name: \"=blue\""),
            ("colors=red,blue&width=10&width=20", "width", "width is given more than once"),
            ("colors=red,blue&width=", "width", "width must not be empty"),
            ("colors=red,blue&width=abc", "width", "width must be an integer from 1 to 8192, got \"abc\""),
            ("colors=red,blue&width=0", "width", "got \"0\""),
            ("colors=red,blue&height=8193", "height", "got \"8193\""),
            ("colors=red,blue&width=12.5", "width", "got \"12.5\""),
            ("colors=red,blue&width=99999999999999999999", "width", "an integer from 1 to 8192"),
            ("colors=red,blue&scale=5", "scale", "a number from 1 to 4"),
            ("colors=red,blue&scale=nan", "scale", "got \"nan\""),
            ("colors=red,blue&type=spiral", "type", "one of conic, linear, mesh, radial"),
            ("colors=red,blorp", "colors", "invalid colour \"blorp\""),
            ("colors=red,blue@fast", "colors", "got \"fast\""),
            ("colors=red,blue@1@2@3", "colors", "at most two positions"),
            ("colors=30%25,red,blue", "colors", "colour hint must stand between two colour stops"),
            ("colors=red,blue,30%25", "colors", "colour hint must stand between two colour stops"),
            ("colors=red,30%25,40%25,blue", "colors", "colour hint must stand between two colour stops"),
            ("colors=red,,blue", "colors", "empty stop"),
            ("type=conic&colors=red@10px,blue", "colors", "not pixels"),
            ("colors=red@90deg,blue", "colors", "angles apply to conic gradients"),
            ("dir=vertical", "colors", "colors is required"),
            ("colors=red,blue&base=red&percentage=0.1", "base", "cannot be combined with colors"),
            ("base=red", "percentage", "percentage is required"),
            ("colors=red,blue&percentage=0.1", "percentage", "percentage goes with base"),
            ("base=red&percentage=2", "percentage", "a fraction from 0 to 1"),
            ("colors=red,blue&start=0,0", "end", "start and end go together"),
            ("colors=red,blue&start=0,0&end=1,1&angle=45", "angle", "cannot be combined with start and end"),
            ("colors=red,blue&start=0,0,0&end=1,1", "start", "x,y"),
            ("colors=red,blue&center=10,10", "center", "cannot be combined with type=linear"),
            ("type=conic&colors=red,blue&shape=circle", "shape", "cannot be combined with type=conic"),
            ("type=radial&colors=red,blue&from=10", "from", "cannot be combined with type=radial"),
            ("type=radial&colors=red,blue&shape=circle&size=10,20", "size", "for a circle"),
            ("type=radial&colors=red,blue&shape=ellipse&size=10", "size", "for an ellipse"),
            ("type=radial&colors=red,blue&size=-5", "size", "got \"-5\""),
            ("colors=red,blue&hue=longer", "hue", "applies to polar spaces"),
            ("colors=red,blue&space=cmyk", "space", "one of a98-rgb, display-p3, hsl, hwb, lab"),
            ("colors=red,blue&dither=maybe", "dither", "one of 0, 1, false, off, on, true"),
            ("colors=red,blue&depth=12", "depth", "one of 16, 8"),
            ("colors=red,blue&format=jpeg", "format", "one of auto, avif, png, svg, webp"),
            ("colors=red,blue&angle=north", "angle", "an angle"),
            ("colors=red,blue&angle=1e300", "angle", "got \"1e300\""),
            ("type=radial&colors=red,blue&size=1e305,1e305", "size", "got \"1e305,1e305\""),
            ("colors=red@1e12px,blue", "colors", "got \"1e12px\""),
            ("colors=red,blue&dir=diagonal", "dir", "one of horizontal"),
            ("colors=red,blue&dir=diagonal&angle=45", "dir", "one of horizontal"),
            ("css=linear-gradient(red,blue)&colors=red,blue", "colors", "cannot be combined with css"),
            ("preset=omolon&colors=red,blue", "colors", "cannot be combined with preset"),
            ("preset=omolon&base=red&percentage=0.1", "base", "cannot be combined with preset"),
            ("preset=omolon&percentage=0.1", "percentage", "cannot be combined with preset"),
            ("preset=omolon&css=linear-gradient(red,blue)", "preset", "cannot be combined with css"),
            ("css=linear-gradient(red,blue)&preset=omolon", "preset", "cannot be combined with css"),
        ])
    func refusals(query: String, parameter: String, fragment: String) {
        do {
            let spec = try parse(query)
            Issue.record("accepted \(query) as \(spec.canonicalForm)")
        } catch let error as SpecError {
            #expect(error.parameter == parameter)
            #expect(error.detail.contains(fragment), "\(error.detail)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("too many stops are refused before they are parsed")
    func tooManyStops() {
        let colors = Array(repeating: "red", count: 257).joined(separator: ",")
        #expect(throws: SpecError.tooManyStops(count: 257, limit: 256)) { try parse("colors=" + colors) }
        #expect(throws: Never.self) {
            try parse("colors=" + Array(repeating: "red", count: 256).joined(separator: ","))
        }
    }

    @Test(
        "sizes past the pixel limits are refused before any allocation",
        arguments: [
            "width=8192&height=8192", "width=8192&height=4097", "width=5000&height=4000&scale=4",
            "width=8192&height=10&scale=2.1",
        ])
    func tooLarge(size: String) {
        #expect(throws: SpecError.self) { try parse("colors=red,blue&" + size) }
    }

    @Test(
        "the largest allowed image is accepted",
        arguments: ["width=8192&height=4096", "width=4096&height=2048&scale=2"])
    func largestAllowed(size: String) throws {
        let spec = try parse("colors=red,blue&" + size)
        #expect(spec.pixelWidth * spec.pixelHeight == 33_554_432)
    }

    @Test("limits are configurable")
    func customLimits() {
        let limits = SpecLimits(maxCSSDimension: 100, maxPixelSide: 150, maxPixels: 10_000, maxStops: 2)
        #expect(throws: SpecError.self) { try parse("colors=red,blue&width=101", limits: limits) }
        #expect(throws: SpecError.self) { try parse("colors=red,blue&width=100&height=100&scale=2", limits: limits) }
        #expect(throws: SpecError.self) { try parse("colors=red,blue&width=100&height=101", limits: limits) }
        #expect(throws: SpecError.tooManyStops(count: 3, limit: 2)) {
            try parse("colors=red,green,blue", limits: limits)
        }
    }

    @Test(
        "bad percent-encoding names the parameter", arguments: ["colors=red%2", "colors=red%zz,blue", "colors=%FF%FE"])
    func badPercentEncoding(query: String) {
        #expect(throws: QueryStringError.self) { try QueryString.decode(Substring(query)) }
    }

    @Test("error details quote tokens safely and shortly")
    func quotingIsSafe() {
        let error = SpecError.invalidValue(
            parameter: "width", token: "\"<b>\u{1}" + String(repeating: "x", count: 200), expected: "an integer")
        #expect(error.detail.hasPrefix("width must be an integer, got \"\\\"<b>\\u{1}xxx"))
        #expect(error.detail.count < 120)
    }
}
