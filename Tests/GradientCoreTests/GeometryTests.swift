import Foundation
import Testing

@testable import GradientCore

/// Red → blue in sRGB at t, as 0…255 values.
private func redBlue(_ t: Double) -> SIMD4<Double> {
    let u = min(max(t, 0), 1)
    return SIMD4((1 - u) * 255, 0, u * 255, 255)
}

/// Checks every pixel of a dither-off red→blue image against `expectedT`, within rounding (0.5 + `tolerance`).
private func expectPixels(
    _ image: RenderedImage, step: Int = 1, tolerance: Double = 0.0001, _ expectedT: (Double, Double) -> Double
) {
    var worst = 0.0
    for y in stride(from: 0, to: image.height, by: step) {
        for x in stride(from: 0, to: image.width, by: step) {
            let expected = redBlue(expectedT(Double(x) + 0.5, Double(y) + 0.5))
            worst = max(worst, maxDifference(image.pixel(x, y), expected))
        }
    }
    #expect(worst <= 0.5 + tolerance, "worst channel error \(worst)")
}

@Suite("Linear geometry")
struct LinearGeometryTests {
    @Test(
        "angle gives t along a line of length |W sin A| + |H cos A| through the centre",
        arguments: [0.0, 45, 90, 137, 180, 270])
    func angles(degrees: Double) throws {
        let (width, height) = (120.0, 70.0)
        let image = try RenderedImage(query: "colors=red,blue&angle=\(degrees)&width=120&height=70&dither=off")
        let radians = degrees * .pi / 180
        let length = abs(width * sin(radians)) + abs(height * cos(radians))
        expectPixels(image) { x, y in
            ((x - width / 2) * sin(radians) - (y - height / 2) * cos(radians)) / length + 0.5
        }
    }

    @Test(
        "angle units deg, rad, grad and turn name the same direction",
        arguments: ["90deg", "1.5707963267948966rad", "100grad", "0.25turn", "90"])
    func angleUnits(angle: String) throws {
        let reference = try GradientSpec(queryItems: [("colors", "red,blue"), ("angle", "90")])
        let spec = try GradientSpec(queryItems: [("colors", "red,blue"), ("angle", angle)])
        #expect(spec.canonicalForm == reference.canonicalForm)
    }

    @Test(
        "corner keywords are magic corners: the 50% line joins the other two corners",
        arguments: [
            ("to-top-right", (0, 0), (159, 59)), ("to-bottom-left", (0, 0), (159, 59)),
            ("to-bottom-right", (159, 0), (0, 59)), ("to-top-left", (159, 0), (0, 59)),
        ])
    func magicCorners(dir: String, cornerA: (Int, Int), cornerB: (Int, Int)) throws {
        let image = try RenderedImage(query: "colors=red,blue&dir=\(dir)&width=160&height=60&dither=off&depth=16")
        let middle = redBlue(0.5)
        // Pixel centres sit half a pixel inside the corner, so allow the colour change over that half pixel.
        #expect(maxDifference(image.pixel(cornerA.0, cornerA.1), middle) < 3)
        #expect(maxDifference(image.pixel(cornerB.0, cornerB.1), middle) < 3)
        let towards: (x: Double, y: Double) = dir.contains("right") ? (1, 0) : (-1, 0)
        let farEnd = dir.contains("top") ? (towards.x > 0 ? (159, 0) : (0, 0)) : (towards.x > 0 ? (159, 59) : (0, 59))
        #expect(image.pixel(farEnd.0, farEnd.1).z > 250)
    }

    @Test(
        "dir keywords match their angles",
        arguments: [
            ("vertical", "180"), ("to-bottom", "180"), ("horizontal", "90"), ("to-right", "90"), ("to-top", "0"),
            ("to-left", "270"),
        ])
    func directionKeywords(dir: String, angle: String) throws {
        let byDir = try GradientSpec(queryItems: [
            ("colors", "red,blue"), ("dir", dir), ("width", "300"), ("height", "100"),
        ])
        let byAngle = try GradientSpec(queryItems: [
            ("colors", "red,blue"), ("angle", angle), ("width", "300"), ("height", "100"),
        ])
        #expect(byDir == byAngle)
    }

    @Test("start and end points place t = 0 and t = 1 with lines of equal colour perpendicular")
    func startEnd() throws {
        let image = try RenderedImage(query: "colors=red,blue&start=0.1,0.2&end=0.9,0.6&width=100&height=50&dither=off")
        let (sx, sy, ex, ey) = (10.0, 10.0, 90.0, 30.0)
        let lengthSquared = (ex - sx) * (ex - sx) + (ey - sy) * (ey - sy)
        expectPixels(image) { x, y in ((x - sx) * (ex - sx) + (y - sy) * (ey - sy)) / lengthSquared }
    }
}

@Suite("Radial geometry")
struct RadialGeometryTests {
    @Test(
        "extent keywords size the ending shape as CSS",
        arguments: [
            ("circle", "closest-side", "50%25,50%25", 50.0, 50.0), ("circle", "farthest-side", "50%25,50%25", 100, 100),
            ("circle", "closest-corner", "50%25,50%25", 111.80339887498948, 111.80339887498948),
            ("circle", "farthest-corner", "50%25,50%25", 111.80339887498948, 111.80339887498948),
            ("ellipse", "closest-side", "50%25,50%25", 100, 50), ("ellipse", "farthest-side", "50%25,50%25", 100, 50),
            ("ellipse", "farthest-corner", "50%25,50%25", 141.4213562373095, 70.71067811865476),
            ("circle", "closest-side", "25%25,25%25", 25, 25), ("circle", "farthest-side", "25%25,25%25", 150, 150),
            ("circle", "closest-corner", "25%25,25%25", 55.90169943749474, 55.90169943749474),
            ("circle", "farthest-corner", "25%25,25%25", 167.70509831248424, 167.70509831248424),
            ("ellipse", "closest-side", "0.25,0.25", 50, 25), ("ellipse", "farthest-side", "50px,25px", 150, 75),
            ("ellipse", "closest-corner", "25%25,25%25", 70.71067811865476, 35.35533905932738),
            ("ellipse", "farthest-corner", "25%25,25%25", 212.13203435596427, 106.06601717798213),
        ])
    func extents(shape: String, size: String, center: String, radiusX: Double, radiusY: Double) throws {
        let image = try RenderedImage(
            query:
                "type=radial&colors=red,blue&shape=\(shape)&size=\(size)&center=\(center)&width=200&height=100&dither=off"
        )
        let centered = center.hasPrefix("50%")
        let cx = centered ? 100.0 : 50.0
        let cy = centered ? 50.0 : 25.0
        expectPixels(image, step: 3) { x, y in
            (((x - cx) / radiusX) * ((x - cx) / radiusX) + ((y - cy) / radiusY) * ((y - cy) / radiusY)).squareRoot()
        }
    }

    @Test("explicit radii: one length is a circle, two are an ellipse in px or %")
    func explicitRadii() throws {
        let circle = try RenderedImage(query: "type=radial&colors=red,blue&size=30&width=100&height=80&dither=off")
        expectPixels(circle) { x, y in (((x - 50) * (x - 50) + (y - 40) * (y - 40)).squareRoot()) / 30 }
        let ellipse = try RenderedImage(
            query: "type=radial&colors=red,blue&size=40px,25%25&width=100&height=80&dither=off")
        expectPixels(ellipse) { x, y in
            (((x - 50) / 40) * ((x - 50) / 40) + ((y - 40) / 20) * ((y - 40) / 20)).squareRoot()
        }
    }

    @Test("stop positions in px are along the horizontal radius, and scale with scale")
    func pixelStops() throws {
        let image = try RenderedImage(
            query: "type=radial&colors=red@10px,blue@30px&size=40&width=50&height=30&scale=2&dither=off")
        expectPixels(image) { x, y in
            let distance = ((x - 50) * (x - 50) + (y - 30) * (y - 30)).squareRoot()
            return (distance - 20) / 40
        }
    }

    /// Blink hands Skia r0 = r1 = 0 for an ending shape of zero width or height, with every length stop at 0 and
    /// percentages kept; Skia paints the last colour (pad) or the stops' average over the period (repeat). Checked
    /// against Chromium 156 with `python3 scripts/css-parity.py`'s renderer (headless `--screenshot`, 64x48): the
    /// first three draw solid blue, the repeating one rgb(76, 51, 128) (red 0, blue 0.6, lime 1: 0.3 red + 0.5 blue
    /// + 0.2 lime).
    @Test(
        "an ending shape of zero width or height draws the last colour, as Chromium",
        arguments: [
            "radial-gradient(ellipse 0px 20px at right, black 5px, blue 17px)",
            "radial-gradient(circle 0px, red 5px, blue 10px)",
            "radial-gradient(closest-side at left, red, blue)",
        ])
    func degenerateEllipse(css: String) throws {
        let image = try RenderedImage(query: "css=\(css)&width=64&height=48&dither=off")
        for (x, y) in [(0, 0), (63, 24), (32, 24), (10, 47)] {
            #expect(image.pixel(x, y) == SIMD4(0, 0, 255, 255), "\(css) at \(x), \(y)")
        }
        #expect(image.spec.stops.allSatisfy { $0.position == 0 } || css.contains("closest-side"))
    }

    @Test("a repeating ending shape of zero width draws Skia's average of the stops over their period")
    func degenerateRepeatingAverage() throws {
        let image = try RenderedImage(
            query: "css=repeating-radial-gradient(closest-side at left, red, blue 30%25, lime 50%25)"
                + "&width=64&height=48&dither=off")
        for (x, y) in [(0, 0), (63, 24), (5, 40)] {
            #expect(maxDifference(image.pixel(x, y), SIMD4(0.3 * 255, 0.2 * 255, 0.5 * 255, 255)) <= 0.5)
        }
        // Lengths go to 0, so the hint sits on the first stop: Blink makes it a stop of the next colour, black,
        // which then fills the whole period (Chromium 156 draws solid black; css-parity seed 2).
        let hinted = try RenderedImage(
            query: "css=repeating-radial-gradient(0 0, oklch(58%25 0.2 116) 44vh, clamp(17px, 54%25, 61px), "
                + "currentcolor)&width=64&height=48&dither=off")
        #expect(hinted.pixel(10, 10) == SIMD4(0, 0, 0, 255))
    }

    /// Blink moves the radius to stops past the end; with all of them at one position Skia draws a hard edge there.
    @Test("stops all at one position past the radius draw the first colour inside that circle, the last outside")
    func coincidentStopsPastTheRadius() throws {
        for css in ["radial-gradient(circle 16px, red 30px, blue)", "radial-gradient(circle 16px, red 187.5%25, blue)"]
        {
            let image = try RenderedImage(query: "css=\(css)&width=64&height=48&dither=off")
            #expect(image.pixel(32 + 29, 24) == SIMD4(255, 0, 0, 255), "\(css)")
            #expect(image.pixel(32 + 10, 24) == SIMD4(255, 0, 0, 255), "\(css)")
            #expect(image.pixel(0, 0) == SIMD4(0, 0, 255, 255), "\(css)")
        }
    }

    @Test("an ellipse of zero height renders the last colour, or the average when repeating")
    func degenerateZeroHeight() throws {
        let padded = try RenderedImage(query: "type=radial&colors=red,blue&size=10px,0px&width=20&height=20&dither=off")
        #expect(padded.pixel(3, 7) == SIMD4(0, 0, 255, 255))
        let repeated = try RenderedImage(
            query: "type=radial&colors=red,blue&size=10px,0px&spread=repeat&width=20&height=20&dither=off")
        #expect(maxDifference(repeated.pixel(3, 7), SIMD4(127.5, 0, 127.5, 255)) <= 0.5)
    }
}

@Suite("Conic geometry")
struct ConicGeometryTests {
    /// Chromium's angle is Skia's 7th-degree polynomial for atan (`xy_to_unit_angle`), within 2.7·10⁻⁵ of a turn of
    /// the exact angle, plus 32-bit float rounding: within 0.008 of an 8-bit step on a one-turn ramp. The centre
    /// (36, 18.6) keeps every pixel centre off the 45° seam, where t jumps from 1 to 0 and rounding may fall either
    /// side.
    @Test("t turns clockwise from `from`, 0 pointing up", arguments: ["0", "90", "0.125turn", "-30deg"])
    func fromAngle(from: String) throws {
        let image = try RenderedImage(
            query: "type=conic&colors=red,blue&from=\(from)&width=90&height=60&center=40%25,31%25&dither=off")
        let fromDegrees = NumberSyntax.angleDegrees(Substring(from))!
        expectPixels(image, tolerance: 0.008) { x, y in
            let angle = atan2(x - 36, -(y - 18.6)) * 180 / .pi
            var turns = (angle - fromDegrees) / 360
            turns -= floor(turns)
            return turns
        }
    }

    @Test("angle stop positions are fractions of a turn")
    func angleStops() throws {
        let byAngle = try GradientSpec(queryItems: [("type", "conic"), ("colors", "red@90deg,blue@0.5turn")])
        let byFraction = try GradientSpec(queryItems: [("type", "conic"), ("colors", "red@25%,blue@0.5")])
        #expect(byAngle.canonicalForm == byFraction.canonicalForm)
    }
}
