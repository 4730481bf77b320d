import Testing

@testable import GradientCore

/// Blink's conversions of stop colours and its choices of stops, to the bit. Exact floats were read out of headless
/// Chromium 156 with relative colours that serialise them (`color(from … srgb calc(r * 16777216 - B) 0 0)`); pixels
/// are Chromium's dithered 160x96 boxes (`scripts/compare-with-chromium.py --keep`).
@Suite("Blink's stop arithmetic, as Chromium")
struct BlinkArithmeticTests {
    /// `base::DegToRad` as Chromium's build computes it: the hue times the folded constant π/180. With (h · π) / 180
    /// the sRGB colour of rgb(162 0 171) after its trip through oklch was 2 and 4 ulps off.
    @Test("an oklch stop returns to sRGB in Blink's floats")
    func oklchStopBackToSRGB() {
        let written = SIMD3<Double>(Double(Float(162) / 255), 0, Double(Float(171) / 255))
        let srgb = BlinkStopColor.skColor(written: .srgb, components: written, space: .oklch)
        #expect(srgb.x * 16_777_216 == 10_658_467)
        #expect(srgb.z * 16_777_216 == 11_250_605)
    }

    /// Converted from oklab, Blink keeps atan2's hue in −180…180; from other spaces it takes it to 0…360.
    @Test("a hue converted from oklab stays negative, as Blink keeps it")
    func hueFromOklabStaysNegative() {
        let hue = BlinkStopColor.components(written: .oklab, components: SIMD3(0.5, 0.1, -0.1), space: .oklch).z
        #expect(abs(hue + 45) < 1e-4)
        let fromLab = BlinkStopColor.components(written: .lab, components: SIMD3(50, 10, -10), space: .lch).z
        #expect(abs(fromLab - 315) < 1e-3)
    }

    /// Blink pads from 0 to a first stop past 0 with the colour as written; through `decreasing hue` the padding
    /// turned once round the circle when the stop's hue came out a few ulps above the padding's.
    @Test("padding before a first stop in decreasing hue stays the stop's colour")
    func decreasingHuePadding() throws {
        let image = try RenderedImage(
            query: "css=linear-gradient(to right in oklch decreasing hue, rgb(162, 0, 171) 16.7%25, blue)"
                + "&width=160&height=96")
        let chromium: [(x: Int, rgb: SIMD3<Double>)] = [
            (3, [162, 0, 171]), (9, [162, 0, 171]), (15, [163, 0, 172]), (21, [162, 0, 171]), (25, [162, 0, 171]),
        ]
        for (x, expected) in chromium {
            let pixel = image.pixel(x, 48)
            #expect(SIMD3(pixel.x, pixel.y, pixel.z) == expected, "x = \(x): \(pixel) against Chromium's \(expected)")
        }
    }

    /// A first stop past 0 whose hue the conversion into oklch drops (chroma under 0.02) takes its neighbour's hue,
    /// but Blink pads from 0 with the colour as written, whose hue Skia keeps: the padding turns from one hue to the
    /// other. Painted as the stop alone, a third of these pixels were one level off (random seed 3457364815).
    @Test("padding before a near-grey first stop turns from its written hue to the stop's")
    func nearGreyFirstStopPadding() throws {
        let image = try RenderedImage(
            query: "css=conic-gradient(from 49.4912deg in oklch, %2331312a 208.4deg, hsl(62.8 8.7%25 17.3%25) 40.7%25, "
                + "rgb(227, 233, 220) 45.7%25, oklab(0.3272 -0.0031 0.0118) 82.9deg, %23788 99.3%25 174deg)"
                + "&width=160&height=96")
        let chromium: [(x: Int, y: Int, rgb: SIMD3<Double>)] = [
            (136, 0, [49, 49, 42]), (154, 16, [49, 49, 42]), (152, 28, [49, 49, 42]), (118, 48, [49, 49, 42]),
            (92, 58, [49, 49, 42]), (149, 66, [49, 49, 42]), (127, 76, [49, 49, 42]), (158, 94, [49, 49, 42]),
            (144, 8, [48, 49, 42]), (44, 74, [48, 49, 42]), (150, 94, [48, 49, 42]),
            (151, 8, [49, 50, 43]), (79, 72, [49, 50, 43]), (155, 92, [49, 50, 43]),
        ]
        expectPixels(image, chromium)
    }

    /// A stop Blink holds without a hue takes, on each side, the hue its neighbour in Blink's list holds: between two
    /// near-greys, a hint's stops hold none (0), so each end starts from hue 0 and the hint's outer stops turn to the
    /// ends' own hues. Taking each other's hues instead, every pixel here was off (random seed 248929685).
    @Test("between two stops without a hue, a hint's stops hold none and each stop takes its neighbour's")
    func hintStopsBetweenNearGreys() throws {
        let image = try RenderedImage(
            query: "css=linear-gradient(69.5654deg in oklch, lab(33.12 2.25 2.18) 16.3%25, 37.8%25, "
                + "hsl(297.4 5.9%25 19%25))&width=160&height=96")
        let chromium: [(x: Int, y: Int, rgb: SIMD3<Double>)] = [
            (0, 50, [82, 76, 76]), (4, 86, [82, 76, 75]), (17, 91, [83, 76, 76]), (18, 32, [76, 69, 68]),
            (22, 78, [82, 76, 77]), (27, 92, [83, 77, 78]), (33, 66, [75, 69, 67]), (113, 32, [58, 52, 57]),
            (119, 39, [57, 51, 56]), (120, 2, [56, 49, 54]), (128, 43, [57, 51, 55]), (145, 84, [57, 50, 55]),
            (154, 84, [56, 49, 53]), (157, 10, [54, 46, 49]),
        ]
        expectPixels(image, chromium)
    }

    /// A radial gradient's stop before 0 moves to 0 with the colour Blink blends there in the space, along the hue
    /// method; the interval from it to the next stop is fixed up afresh, and with `longer hue` turns the other way
    /// round the circle than the interval through 0 did. Drawn along the unclamped interval, these pixels were up to
    /// 186 levels off.
    @Test("a radial gradient's stop before 0 is clamped to 0 in the space, its hues fixed up afresh")
    func radialStopBeforeZeroInHueSpace() throws {
        let image = try RenderedImage(
            query: "css=radial-gradient(circle in oklch longer hue, %23c84 -20%25, %2348c 60%25, %23fff)"
                + "&width=160&height=96")
        let chromium: [(x: Int, y: Int, rgb: SIMD3<Double>)] = [
            (32, 27, [100, 130, 208]), (32, 73, [85, 133, 207]), (46, 51, [186, 108, 164]), (51, 76, [162, 114, 191]),
            (55, 19, [172, 110, 180]), (57, 95, [94, 131, 208]), (76, 34, [199, 122, 64]), (81, 84, [177, 110, 177]),
            (98, 33, [205, 108, 113]), (99, 83, [161, 113, 191]), (118, 73, [133, 121, 205]),
            (120, 77, [111, 127, 208]), (123, 33, [135, 120, 204]), (127, 73, [85, 133, 207]),
        ]
        expectPixels(image, chromium)
    }

    /// Blink computes a linear gradient's end points from its angle in floats, through the tangent of the direction
    /// and the perpendicular through a corner (`EndPointsFromAngle`): at 89.99° the line comes out exactly level.
    /// Computed in doubles through the sine and cosine, these pixels were one level off.
    @Test("a linear gradient's end points are Blink's float ones")
    func linearEndPointsInFloats() throws {
        let image = try RenderedImage(query: "css=linear-gradient(89.99deg, %23f06, %2306f)&width=160&height=96")
        let chromium: [(x: Int, y: Int, rgb: SIMD3<Double>)] = [
            (4, 66, [247, 3, 106]), (12, 4, [235, 7, 113]), (30, 75, [206, 20, 131]), (31, 10, [205, 20, 132]),
            (37, 20, [196, 24, 138]), (37, 36, [196, 24, 138]), (55, 5, [167, 35, 155]), (68, 10, [146, 43, 167]),
            (122, 84, [59, 78, 219]), (129, 27, [49, 82, 226]), (155, 18, [8, 99, 251]), (157, 79, [4, 100, 253]),
        ]
        expectPixels(image, chromium)
    }

    /// A hint's nine stops in oklab are Blink's blends of its own oklab colours, handed to Skia in sRGB and converted
    /// back, not blends of Skia's colours: each pixel here was one level off in one channel.
    @Test("a hint's stops in oklab are Blink's blends, through sRGB")
    func hintStopsInOklab() throws {
        let image = try RenderedImage(
            query: "css=linear-gradient(in oklab, rgb(160, 154, 155) 0.6%25, 38.1%25, lch(12.24 6 109.48) 83.7%25)"
                + "&width=160&height=96")
        let chromium: [(x: Int, y: Int, rgb: SIMD3<Double>)] = [
            (4, 5, [149, 143, 144]), (3, 8, [142, 138, 137]), (2, 13, [131, 127, 126]), (2, 16, [125, 122, 120]),
            (3, 18, [122, 119, 117]), (1, 25, [110, 106, 103]), (7, 27, [106, 103, 100]), (7, 38, [89, 87, 83]),
            (0, 40, [85, 84, 79]), (6, 51, [69, 69, 63]), (7, 53, [66, 66, 60]),
        ]
        expectPixels(image, chromium)
    }

    /// Stops all at one position past 1 keep only the first and the last in Blink; with no space written and both
    /// of those legacy colours, Chromium draws in sRGB, so #56b stays #56b under the dither (in oklab one dither
    /// cell in 64 rounds up).
    @Test("coincident stops past the end with legacy ends are drawn in sRGB")
    func coincidentStopsKeepTheirEnds() throws {
        let image = try RenderedImage(
            query: "css=radial-gradient(ellipse at center, %2356b 101.7%25, lch(45.72 49.22 290.14) 44.5%25, "
                + "%236265bc 96.6%25)&width=160&height=96")
        #expect(image.spec.space == .srgb)
        for y in stride(from: 0, to: 96, by: 5) {
            for x in stride(from: 0, to: 160, by: 3) {
                let pixel = image.pixel(x, y)
                #expect(SIMD3(pixel.x, pixel.y, pixel.z) == [85, 102, 187], "(\(x), \(y)): \(pixel)")
            }
        }
        let oklab = try RenderedImage(
            query: "css=radial-gradient(ellipse at center, %2356b 101.7%25, lch(45.72 49.22 290.14) 101.7%25)"
                + "&width=160&height=96")
        #expect(oklab.spec.space == .oklab)
    }

    /// A translucent layer over another, as real CSS writes it: the alpha of `rgba(…, 0.5)` is 128/255 in Blink,
    /// and Skia blends a dithered layer through `load_8888_dst`, `srcover` and `store_8888`. Chromium's first
    /// 8×4 pixels; at the alpha as written 44.7% of the image matched, 100% now.
    @Test("a translucent layer over another blends Blink's 8-bit alpha as Skia's blitter does")
    func translucentLayerOverAnother() throws {
        let image = try RenderedImage(
            query: "css=linear-gradient(rgba(255,255,255,0.5), rgba(255,255,255,0.5)), "
                + "linear-gradient(90deg, %23f12711, %23f5af19)&width=160&height=96")
        let chromium: [[SIMD3<Double>]] = [
            [
                [248, 147, 136], [248, 148, 136], [248, 148, 136], [249, 149, 137], [248, 148, 136], [248, 150, 137],
                [248, 150, 136], [249, 151, 137],
            ],
            [
                [248, 147, 136], [248, 148, 136], [248, 148, 136], [248, 149, 136], [248, 149, 136], [248, 149, 136],
                [248, 150, 137], [248, 150, 136],
            ],
            [
                [248, 147, 136], [248, 148, 136], [248, 148, 136], [248, 149, 136], [248, 149, 136], [249, 150, 137],
                [248, 150, 136], [249, 151, 137],
            ],
            [
                [248, 148, 136], [248, 148, 136], [248, 148, 136], [248, 149, 136], [248, 149, 136], [248, 150, 136],
                [248, 150, 136], [248, 150, 136],
            ],
        ]
        expectPixels(
            image, chromium.enumerated().flatMap { y, row in row.enumerated().map { x, rgb in (x, y, rgb) } })
    }

    /// Skia's blitter takes the fused `srcover_rgba_8888` only without dither; a dithered layer goes through
    /// `load_8888_dst`, `srcover` and `store_8888`, whose float steps round one pixel of this real-CSS case the
    /// other way (Chromium's pixel; the fused stage gives 164 in blue).
    @Test("a dithered layer is blended as load, srcover and store, not the fused stage")
    func ditheredLayerTakesTheUnfusedBlend() throws {
        let image = try RenderedImage(
            query: "css=radial-gradient(at 0%25 0%25, %23ff6a88 0, transparent 50%25), "
                + "radial-gradient(at 100%25 100%25, %23ff99ac 0, transparent 50%25), "
                + "linear-gradient(%23ffecd2, %23fcb69f)&width=160&height=96")
        let pixel = image.pixel(82, 91)
        #expect(SIMD3(pixel.x, pixel.y, pixel.z) == [253, 175, 165], "\(pixel)")
    }

    /// Expects each pixel of `image` to be Chromium's colour.
    private func expectPixels(_ image: RenderedImage, _ chromium: [(x: Int, y: Int, rgb: SIMD3<Double>)]) {
        for (x, y, expected) in chromium {
            let pixel = image.pixel(x, y)
            #expect(SIMD3(pixel.x, pixel.y, pixel.z) == expected, "(\(x), \(y)): \(pixel) against \(expected)")
        }
    }
}
