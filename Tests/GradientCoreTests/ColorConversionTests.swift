import Testing

@testable import GradientCore

/// A conversion with its expected result and the tolerance that applies to it.
struct ConversionCase: Sendable, CustomTestStringConvertible {
    var space: ColorSpace
    var input: SIMD3<Double>
    var expected: SIMD3<Double>
    var tolerance: Double
    var testDescription: String { "\(space.rawValue) \(input)" }

    init(_ space: ColorSpace, _ input: SIMD3<Double>, _ expected: SIMD3<Double>, _ tolerance: Double) {
        self.space = space
        self.input = input
        self.expected = expected
        self.tolerance = tolerance
    }
}

@Suite("Converting between colour spaces")
struct ColorConversionTests {
    @Test(
        arguments: [
            // Published reference values, to the precision stated by each tolerance.
            ConversionCase(.oklab, [1, 0, 0], [0.627955, 0.224863, 0.125846], 1e-6),
            ConversionCase(.oklch, [1, 0, 0], [0.627955, 0.257683, 29.2339], 1e-4),
            ConversionCase(.lab, [1, 0, 0], [54.29, 80.80, 69.89], 0.01),
            // CSS Color 4's sample code evaluated independently in double precision.
            ConversionCase(.oklab, [1, 0, 0], [0.6279553639214313, 0.22486306842627424, 0.12584627733058495], 1e-12),
            ConversionCase(.oklch, [1, 0, 0], [0.6279553639214313, 0.25768330380536064, 29.233880279627872], 1e-10),
            ConversionCase(.lab, [1, 0, 0], [54.29054140467193, 80.80492817043522, 69.89096476862427], 1e-10),
            ConversionCase(.lch, [1, 0, 0], [54.29054140467193, 106.83718160321469, 40.85765650501162], 1e-10),
            ConversionCase(.oklab, [1, 1, 1], [1, 0, 0], 1e-7),
            ConversionCase(.lab, [1, 1, 1], [100, 0, 0], 1e-5),
            ConversionCase(.oklab, [0, 0, 0], [0, 0, 0], 1e-12),
            ConversionCase(.lab, [0, 0, 1], [29.56830197909668, 68.28736460254686, -112.0297095251052], 1e-10),
            ConversionCase(.oklab, [0, 0, 1], [0.4520137181744237, -0.0324569751707976, -0.3115281656775778], 1e-12),
            ConversionCase(.srgbLinear, [0.5, 1, 0.04], [0.21404114048223255, 1, 0.04 / 12.92], 1e-15),
            ConversionCase(.srgbLinear, [-0.5, 0, 0], [-0.21404114048223255, 0, 0], 1e-15),
            ConversionCase(.hsl, [0, 128.0 / 255, 0], [120, 1, 64.0 / 255], 1e-12),
            ConversionCase(.hsl, [1, 0.5, 0.5], [0, 1, 0.75], 1e-12),
            ConversionCase(.hsl, [0.2, 0.4, 0.6], [210, 0.5, 0.4], 1e-12),
            ConversionCase(.hwb, [0.2, 0.8, 0.2], [120, 0.2, 0.2], 1e-12),
            ConversionCase(.hwb, [0.5, 0.5, 0.5], [0, 0.5, 0.5], 1e-12),
        ] as [ConversionCase])
    func sRGBConvertsToKnownReferenceValues(_ c: ConversionCase) {
        let converted = c.space.fromSRGB(c.input)
        #expect(isClose(converted, c.expected, tolerance: c.tolerance), "\(converted)")
    }

    @Test(
        arguments: [
            ConversionCase(.hsl, [120, 1, 0.25], [0, 0.5, 0], 1e-12),
            ConversionCase(.hsl, [0, 1, 0.5], [1, 0, 0], 1e-12),
            ConversionCase(.hsl, [240, 1, 0.5], [0, 0, 1], 1e-12),
            ConversionCase(.hsl, [60, 1, 0.5], [1, 1, 0], 1e-12),
            ConversionCase(.hsl, [480, 1, 0.5], [0, 1, 0], 1e-12),
            ConversionCase(.hsl, [-60, 1, 0.5], [1, 0, 1], 1e-12),
            ConversionCase(.hsl, [300, 0, 0.3], [0.3, 0.3, 0.3], 1e-12),
            ConversionCase(.hwb, [120, 0.2, 0.2], [0.2, 0.8, 0.2], 1e-12),
            ConversionCase(.hwb, [0, 0.6, 0.6], [0.5, 0.5, 0.5], 1e-12),
            ConversionCase(.hwb, [200, 1, 0], [1, 1, 1], 1e-12),
            ConversionCase(.hwb, [30, 0, 0], [1, 0.5, 0], 1e-12),
            ConversionCase(.srgbLinear, [0.21404114048223255, 0, 1], [0.5, 0, 1], 1e-12),
        ] as [ConversionCase])
    func cylindricalAndLinearCoordinatesConvertToKnownSRGB(_ c: ConversionCase) {
        #expect(isClose(c.space.toSRGB(c.input), c.expected, tolerance: c.tolerance))
    }

    @Test func lchAndOklchConvertToTheirRectangularForms() {
        let red = ColorSpace.lch.toSRGB(ColorSpace.lch.fromSRGB([1, 0, 0]))
        #expect(isClose(red, [1, 0, 0], tolerance: 1e-9))
        let fromPolar = ColorSpace.oklch.toSRGB([0.7, 0.1, 150])
        let fromRectangular = ColorSpace.oklab.toSRGB([0.7, 0.1 * -0.8660254037844387, 0.05])
        #expect(isClose(fromPolar, fromRectangular, tolerance: 1e-12))
    }

    private static let samples: [SIMD3<Double>] = [
        [0.2, 0.4, 0.6], [1, 0, 0], [0, 1, 0], [0, 0, 1], [0.9, 0.9, 0.1], [0.05, 0.5, 0.95], [0.5, 0.5, 0.5],
        [1, 1, 1], [0.001, 0.002, 0.0005], [0.75, 0.25, 0.5],
    ]

    private static let outOfGamut: [SIMD3<Double>] = [[1.2, -0.1, 0.5], [-0.3, 0.4, 1.5], [2, 2, 2]]

    @Test(arguments: ColorSpace.allCases)
    func sRGBRoundTripsThroughEverySpace(space: ColorSpace) {
        var inputs = Self.samples
        if space != .hsl && space != .hwb { inputs += Self.outOfGamut }
        for rgb in inputs {
            let back = space.toSRGB(space.fromSRGB(rgb))
            #expect(isClose(back, rgb, tolerance: 1e-9), "\(space) \(rgb) → \(back)")
        }
    }

    @Test(arguments: [ColorSpace.hsl, .hwb, .lch, .oklch])
    func polarSpacesGiveHuesInOneTurn(space: ColorSpace) {
        for rgb in Self.samples + Self.outOfGamut {
            let hue = space.fromSRGB(rgb)[space.hueIndex!]
            #expect(hue >= 0 && hue < 360)
        }
    }

    @Test func polarFlagsAndHueIndices() {
        #expect(ColorSpace.allCases.filter(\.isPolar) == [.oklch, .lch, .hsl, .hwb])
        #expect(ColorSpace.hsl.hueIndex == 0)
        #expect(ColorSpace.hwb.hueIndex == 0)
        #expect(ColorSpace.lch.hueIndex == 2)
        #expect(ColorSpace.oklch.hueIndex == 2)
        #expect(ColorSpace.oklab.hueIndex == nil)
        #expect(ColorSpace(rawValue: "srgb-linear") == .srgbLinear)
    }
}
