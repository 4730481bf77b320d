import Testing

@testable import GradientCore

@Suite("The predefined RGB and XYZ spaces of CSS Color 4")
struct PredefinedSpaceTests {
    /// Expected values computed independently in double precision: each space's matrix derived from its
    /// primaries and white point (not the published matrices), D50 adaptation by Bradford from the white points,
    /// and the transfer functions as the specifications define them.
    @Test(
        arguments: [
            ConversionCase(.displayP3, [1, 0, 0], [0.917487557325, 0.200286807741, 0.138560591211], 1e-9),
            ConversionCase(.displayP3, [0, 0, 1], [0, 0, 0.959588026676], 1e-9),
            ConversionCase(.displayP3, [0.2, 0.4, 0.6], [0.249851333138, 0.395240072219, 0.584033770793], 1e-9),
            ConversionCase(.a98RGB, [1, 0, 0], [0.858591602295, 0, 0], 1e-6),
            ConversionCase(.a98RGB, [0.2, 0.4, 0.6], [0.281431625299, 0.39940515013, 0.587886651311], 1e-6),
            ConversionCase(.rec2020, [1, 0, 0], [0.79197713582, 0.230975684811, 0.0737614749382], 1e-9),
            ConversionCase(.rec2020, [0, 0, 1], [0.168369346566, 0.0511304200484, 0.946784083313], 1e-9),
            ConversionCase(.rec2020, [0.2, 0.4, 0.6], [0.250128307372, 0.336705382336, 0.537793567456], 1e-9),
            ConversionCase(.prophotoRGB, [1, 0, 0], [0.702248075228, 0.275720531025, 0.10354766465], 1e-9),
            ConversionCase(.prophotoRGB, [0.2, 0.4, 0.6], [0.287661355919, 0.319551532681, 0.504537907869], 1e-9),
            ConversionCase(.xyzD65, [1, 0, 0], [0.412390799266, 0.212639005872, 0.0193308187156], 1e-9),
            ConversionCase(.xyzD65, [0, 0, 1], [0.180480788402, 0.0721923153607, 0.95053215225], 1e-9),
            ConversionCase(.xyzD50, [1, 0, 0], [0.436065746874, 0.222493177111, 0.0139239214632], 1e-9),
            ConversionCase(.xyzD50, [0.2, 0.4, 0.6], [0.111187459082, 0.121927403966, 0.24083403015], 1e-9),
            // White is (1, 1, 1) in every RGB space and the white point's XYZ in the XYZ spaces.
            ConversionCase(.displayP3, [1, 1, 1], [1, 1, 1], 1e-9),
            ConversionCase(.a98RGB, [1, 1, 1], [1, 1, 1], 1e-9),
            ConversionCase(.rec2020, [1, 1, 1], [1, 1, 1], 1e-9),
            ConversionCase(.prophotoRGB, [1, 1, 1], [1, 1, 1], 1e-9),
            ConversionCase(.xyzD65, [1, 1, 1], [0.3127 / 0.3290, 1, (1 - 0.3127 - 0.3290) / 0.3290], 1e-9),
            ConversionCase(.xyzD50, [1, 1, 1], [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585], 1e-9),
        ] as [ConversionCase])
    func sRGBConvertsToIndependentlyComputedValues(_ c: ConversionCase) {
        let converted = c.space.fromSRGB(c.input)
        #expect(isClose(converted, c.expected, tolerance: c.tolerance), "\(converted)")
    }

    @Test(arguments: [ColorSpace.displayP3, .a98RGB, .prophotoRGB, .rec2020, .xyzD50, .xyzD65])
    func conversionsRoundTripIncludingOutOfGamutAndNegativeValues(_ space: ColorSpace) {
        let samples: [SIMD3<Double>] = [
            [0, 0, 0], [0.001, 0.01, 0.02], [0.5, 0.25, 0.75], [1.2, -0.3, 0.4], [-0.02, 1, 2],
        ]
        for sample in samples {
            let back = space.toSRGB(space.fromSRGB(sample))
            #expect(isClose(back, sample, tolerance: 1e-9), "\(space) \(sample) → \(back)")
        }
    }

    @Test func names() {
        #expect(ColorSpace(cssName: "xyz") == .xyzD65)
        #expect(ColorSpace(cssName: "display-p3") == .displayP3)
        #expect(ColorSpace(cssName: "a98-rgb") == .a98RGB)
        #expect(ColorSpace(cssName: "prophoto-rgb") == .prophotoRGB)
        #expect(ColorSpace(cssName: "rec2020") == .rec2020)
        #expect(ColorSpace(cssName: "xyz-d50") == .xyzD50)
        #expect(ColorSpace(cssName: "p3") == nil)
    }

    /// The middle of red → blue in XYZ is the sRGB encoding of the mean XYZ, which is the mean of linear-light
    /// sRGB because the map is linear: 0.5 linear is 187.5 once encoded.
    @Test(arguments: ["xyz", "xyz-d65", "xyz-d50"])
    func xyzMidpointIsTheEncodedMeanOfLinearLight(_ space: String) throws {
        let image = try RenderedImage(
            query: "css=linear-gradient(to right in \(space), red, blue)&width=101&height=1&dither=off&depth=16")
        let middle = image.pixel(50, 0)
        let encodedHalf = (1.055 * ElementaryMath.pow(0.5, 1 / 2.4) - 0.055) * 255
        #expect(abs(middle.x - encodedHalf) < 0.6 && abs(middle.z - encodedHalf) < 0.6 && middle.y < 0.6, "\(middle)")
    }

    /// Interpolating in XYZ draws the pixels of linear-light sRGB, as Blink draws it, but for the stops' float noise:
    /// Blink hands Skia a stop it holds in srgb-linear through skcms's approximate inverse sRGB curve and one it holds
    /// in XYZ through the precise curve, some 1e-5 apart.
    @Test(arguments: ["xyz", "xyz-d50"])
    func xyzDrawsAsLinearLightSRGB(_ space: String) throws {
        let base = "&width=97&height=3&depth=16"
        let xyz = try RenderedImage(
            query: "css=linear-gradient(in \(space), rgb(200 30 40 / 0.6), teal 40%25, %23fe08)" + base)
        let linear = try RenderedImage(
            query: "css=linear-gradient(in srgb-linear, rgb(200 30 40 / 0.6), teal 40%25, %23fe08)" + base)
        for y in 0..<3 {
            for x in 0..<97 {
                #expect(maxDifference(xyz.pixel(x, y), linear.pixel(x, y)) <= 0.02, "(\(x), \(y))")
            }
        }
    }

    /// The middle of red → blue in Display P3, computed independently (stops converted to P3, averaged, converted
    /// back): (127.92, 9.85, 145.15) in 8-bit sRGB.
    @Test func displayP3MidpointMatchesTheClosedForm() throws {
        for query in [
            "css=linear-gradient(to right in display-p3, red, blue)", "colors=red,blue&space=display-p3&dir=horizontal",
        ] {
            let image = try RenderedImage(query: query + "&width=101&height=1&dither=off&depth=16")
            let middle = image.pixel(50, 0)
            #expect(maxDifference(middle, [127.918, 9.847, 145.153, 255]) < 0.05, "\(query): \(middle)")
        }
    }

    @Test func everySpaceDrawsPremultipliedAndKeepsItsEnds() throws {
        for space in ["display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz", "xyz-d50", "xyz-d65"] {
            let image = try RenderedImage(
                query: "css=linear-gradient(to right in \(space), %2300f8, transparent)&width=65&height=1&dither=off")
            #expect(maxDifference(image.pixel(0, 0), [0, 0, 255, 136]) <= 1, "\(space)")
            // Premultiplied: a transparent end does not pull the colour towards black.
            let middle = image.pixel(32, 0)
            #expect(middle.z >= 254 && middle.x <= 1 && middle.y <= 1, "\(space): \(middle)")
        }
    }

    @Test func xyzIsAnAliasOfXYZD65InTheCanonicalForm() throws {
        let alias = try ImageRequest(queryItems: QueryString.decode("css=linear-gradient(in xyz, red, blue)"))
        let full = try ImageRequest(queryItems: QueryString.decode("css=linear-gradient(in xyz-d65, red, blue)"))
        let parameter = try ImageRequest(queryItems: QueryString.decode("colors=red,blue&space=xyz&dir=vertical"))
        #expect(alias.spec.canonicalForm == full.spec.canonicalForm)
        #expect(alias.spec.canonicalForm == parameter.spec.canonicalForm)
        #expect(alias.spec.canonicalForm.contains(" xyz-d65 "))
    }
}
