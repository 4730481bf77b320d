import Testing

@testable import GradientCore

/// Stops converted into oklch or lch with little or no chroma, drawn as Chromium draws them (``BlinkStopColor``). The
/// expected pixels are Chromium 156's, row 24 of a 64x48 box at x = 2, 14, 26, 38, 50, 62, from the page
/// `scripts/css-parity.py` screenshots (headless `chromium --screenshot`, dither on, hence the tolerance of 2).
@Suite("oklch and lch stops of little chroma, as Chromium")
struct ChromiumPolarStopTests {
    private func expectRow(_ css: String, _ expected: [SIMD3<Double>]) throws {
        let image = try RenderedImage(
            query: "css=\(css.replacingOccurrences(of: "%", with: "%25"))&width=64&height=48&dither=off")
        for (index, x) in stride(from: 2, to: 64, by: 12).enumerated() {
            let pixel = image.pixel(x, 24)
            let difference = SIMD3(pixel.x, pixel.y, pixel.z) - expected[index]
            #expect(
                max(abs(difference.x), abs(difference.y), abs(difference.z)) <= 2,
                "\(css) at x = \(x): \(pixel) against Chromium's \(expected[index])")
        }
    }

    /// Blink's float conversions put white off the oklab axis; Skia then sees a chroma of about 8e-5 with the hue
    /// 170°, not the neighbour's 133°: the first half of the ramp is bluer than the CSS ramp.
    @Test("white towards a green starts from the hue Skia sees in Blink's white")
    func whiteTowardsGreen() throws {
        try expectRow(
            "linear-gradient(to right in oklch, white, rgb(103 169 38))",
            [[246, 252, 250], [208, 238, 222], [173, 224, 189], [143, 208, 151], [119, 190, 107], [104, 171, 49]])
    }

    /// An achromatic stop's hue in Skia's eyes is the direction of a difference of about 1e-5 between Blink's white
    /// and Skia's: it hangs on the last bit of every float operation on the way (Blink's conversions with skcms_ext's
    /// transfer curves, Skia's linearisation with its fused multiply-adds, a correctly rounded `cbrtf`), and one bit
    /// off turns it by tenths of a degree, or, beside red, by tens. With dither on, row 48 of a 160x96 box is Chromium
    /// 156's to the bit (`scripts/compare-with-chromium.py --keep`; before, 50% and 93% of the pixels were).
    @Test(
        "an achromatic stop is drawn as Chromium draws it, to the bit",
        arguments: [
            (
                "linear-gradient(to right in oklch, white, rgb(103 169 38))",
                [
                    (3, [251, 254, 253]), (9, [243, 251, 247]), (15, [235, 249, 242]), (21, [227, 246, 237]),
                    (27, [219, 243, 231]), (33, [212, 240, 225]), (39, [205, 238, 219]), (45, [197, 235, 213]),
                    (51, [190, 232, 206]), (57, [183, 229, 199]), (63, [177, 226, 193]), (69, [170, 223, 186]),
                    (75, [164, 220, 178]), (81, [157, 216, 171]), (87, [152, 213, 163]), (93, [146, 210, 155]),
                    (99, [140, 207, 147]), (105, [135, 203, 139]), (111, [130, 200, 131]), (117, [126, 196, 121]),
                    (123, [122, 193, 112]), (129, [118, 189, 103]), (135, [114, 185, 93]), (141, [111, 181, 82]),
                    (147, [108, 178, 70]), (153, [105, 174, 56]), (159, [104, 170, 40]),
                ]
            ),
            (
                "linear-gradient(to right in oklch, red, white, blue)",
                [
                    (3, [255, 45, 0]), (9, [255, 78, 0]), (15, [255, 103, 0]), (21, [255, 124, 20]),
                    (27, [255, 143, 48]), (33, [253, 160, 71]), (39, [250, 176, 95]), (45, [247, 191, 118]),
                    (51, [245, 205, 142]), (57, [244, 217, 166]), (63, [244, 229, 190]), (69, [246, 240, 214]),
                    (75, [250, 249, 238]), (81, [248, 253, 255]), (87, [221, 242, 255]), (93, [194, 230, 255]),
                    (99, [167, 219, 255]), (105, [140, 206, 255]), (111, [114, 193, 255]), (117, [87, 178, 255]),
                    (123, [59, 163, 255]), (129, [24, 147, 255]), (135, [0, 130, 255]), (141, [0, 111, 255]),
                    (147, [0, 90, 255]), (153, [0, 63, 255]), (159, [0, 12, 255]),
                ]
            ),
        ] as [(String, [(x: Int, chromium: SIMD3<Double>)])])
    func achromaticStopToTheBit(css: String, expected: [(x: Int, chromium: SIMD3<Double>)]) throws {
        let image = try RenderedImage(query: "css=\(css)&width=160&height=96")
        for (x, chromium) in expected {
            let pixel = image.pixel(x, 48)
            #expect(SIMD3(pixel.x, pixel.y, pixel.z) == chromium, "\(css) at x = \(x): \(pixel) against \(chromium)")
        }
    }

    /// Blink makes the hue of a colour converted into oklch missing up to a chroma of 0.02: rgb(200 185 185) (chroma
    /// 0.017, hue 17.5°) takes blue's hue, so the ramp never passes through pink.
    @Test("a converted colour of chroma at most 0.02 takes its neighbour's hue")
    func lowChromaTakesNeighbourHue() throws {
        try expectRow(
            "linear-gradient(to right in oklch, rgb(200 185 185), blue)",
            [[175, 185, 204], [137, 164, 218], [100, 141, 229], [62, 115, 239], [23, 83, 247], [0, 24, 254]])
        let spec = try RenderedImage(query: "css=linear-gradient(in oklch, rgb(200 185 185), rgb(200 180 180))").spec
        #expect(spec.stops[0].color.missing.contains(.c2))
        #expect(!spec.stops[1].color.missing.contains(.c2))
    }

    /// Blink's lch white has chroma 0.0188 (its D50 white differs from skcms's sRGB matrix); it takes blue's hue,
    /// and Skia, whose D50 differs again, sees a chroma above its powerless 0.01 at a hue of its own: the ramp
    /// passes through sky blue, where the CSS ramp (white with blue's hue) passes through violet (221, 201, 255).
    @Test("white towards blue in lch passes through the hue Skia sees in Blink's white")
    func lchWhiteTowardsBlue() throws {
        try expectRow(
            "linear-gradient(to right in lch, white, blue)",
            [[240, 248, 255], [173, 214, 255], [113, 176, 255], [53, 135, 255], [0, 90, 255], [0, 23, 255]])
    }

    /// Blink blends a hint's nine stops from its own colours (white at orange's hue), so only the interval from
    /// white to the first of them shows the hue Skia sees in Blink's white; blending Skia's colours instead carries
    /// that hue through all nine (MAE 9.7 against Chromium).
    @Test("a hint beside an achromatic stop is blended from Blink's colours")
    func hintBesideWhite() throws {
        try expectRow(
            "linear-gradient(to right in oklch, white, 40%, orange)",
            [[249, 252, 243], [255, 227, 193], [255, 210, 156], [255, 195, 120], [255, 181, 82], [255, 167, 22]])
    }

    /// Skia gives a stop of powerless hue (black, next to a hint) the hue of the stop beside it in its own list, a
    /// hint stop: with `longer hue` the interval then turns a full 360° the increasing way. Chromium 156 draws this
    /// css-parity string (seeds 1–9 rendered in full) with (69, 50, 59) over white at (55, 10) on the ring just past
    /// black; taking black's hue from the far stop turned the ring green, (47, 58, 44).
    @Test("a powerless stop beside a hint takes the hue of the hint's first stop")
    func powerlessBesideHint() throws {
        let css =
            "repeating-radial-gradient(circle 3.6em in lch longer hue, color(rec2020 0.68 0.61 48% / 0.73) 44%, "
            + "currentColor, 44vw, #Cbf)"
        let image = try RenderedImage(
            query: "css=\(css.replacingOccurrences(of: "%", with: "%25"))&width=64&height=48&dither=off")
        let pixel = image.pixel(55, 10)
        let overWhite = SIMD3(pixel.x, pixel.y, pixel.z) * (pixel.w / 255) + SIMD3(repeating: 255 - pixel.w)
        let difference = overWhite - SIMD3(69, 50, 59)
        #expect(max(abs(difference.x), abs(difference.y), abs(difference.z)) <= 2, "\(overWhite)")
    }

    /// Blink blends a hint's nine stops along the longer arc, and Skia then takes the longer arc again between each
    /// two of them: the ramp turns round the hue circle once per interval (one blend of the pair: MAE 89).
    @Test("a hint with longer hue turns the longer way in every one of Blink's intervals")
    func longerHueHint() throws {
        try expectRow(
            "linear-gradient(to right in hwb longer hue, hwb(16deg 36% 6%), 30%, hwb(200 10% 10%))",
            [[122, 85, 238], [235, 63, 68], [160, 233, 52], [223, 42, 232], [231, 89, 34], [26, 95, 229]])
    }

    /// A hint on a stop becomes, in Blink, a copy of the colour on its other side: an interval between two equal
    /// colours, which `longer hue` turns once round the circle (Chromium 156, row 48 of a 160x96 box, through
    /// `scripts/compare-with-chromium.py --keep`). Drawing that interval as one colour left a solid blue: 0% identical.
    @Test("a hint on a stop with longer hue turns once round the hue circle", arguments: ["hsl", "hwb"])
    func hintOnStopTurnsRoundTheCircle(space: String) throws {
        try expectMiddleRow(
            "linear-gradient(to right in \(space) longer hue, red, 0%25, blue)",
            [
                (4, [43, 0, 255]), (36, [255, 0, 161]), (68, [255, 145, 0]), (100, [59, 255, 0]), (132, [0, 255, 247]),
                (156, [0, 33, 255]),
            ])
    }

    /// Blink pads a first stop past 0 with the colour as written, handed to Skia without the conversion into hsl that
    /// the stop itself takes: the two hues differ by float noise, and `decreasing hue` turns once round the circle
    /// between them (Chromium 156, row 48 of a 160x96 box, `scripts/compare-with-chromium.py --keep`). Padding with
    /// the stop's own colour drew that stretch flat: 80% identical.
    @Test("a first stop past 0 is padded from the colour as written")
    func paddingFromTheWrittenColour() throws {
        try expectMiddleRow(
            "linear-gradient(to right in hsl decreasing hue, %23d3953e 20%25, %23d05 75.6%25)",
            [
                (0, [211, 135, 62]), (10, [153, 62, 211]), (20, [62, 211, 172]), (30, [211, 191, 62]),
                (60, [223, 85, 33]), (150, [221, 0, 85]),
            ])
    }

    /// Expects the pixels of row 48 of `css` (URL-encoded) at 160x96, dither off, within 2 of Chromium's at each x.
    private func expectMiddleRow(_ css: String, _ expected: [(x: Int, chromium: SIMD3<Double>)]) throws {
        let image = try RenderedImage(query: "css=\(css)&width=160&height=96&dither=off")
        for (x, chromium) in expected {
            let pixel = image.pixel(x, 48)
            let difference = SIMD3(pixel.x, pixel.y, pixel.z) - chromium
            #expect(
                max(abs(difference.x), abs(difference.y), abs(difference.z)) <= 2,
                "\(css) at x = \(x): \(pixel) against Chromium's \(chromium)")
        }
    }
}
