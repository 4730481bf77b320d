import Testing

@testable import GradientCore

@Suite("Elementary functions used by colour conversions")
struct ColorMathTests {
    @Test(arguments: [27.0, -8, 1, 0.001, 1e-300, 0x1p-1030, 5e300, 2, 0.5, 123.456, -0.04])
    func cubeRootCubesBackToItsArgument(_ x: Double) {
        let root = ElementaryMath.cbrt(x)
        #expect(((root * root * root) - x).magnitude <= x.magnitude * 1e-15)
    }

    @Test func cubeRootOfPerfectCubesIsExact() {
        #expect(ElementaryMath.cbrt(27) == 3)
        #expect(ElementaryMath.cbrt(-8) == -2)
        #expect(ElementaryMath.cbrt(0) == 0)
    }

    @Test(arguments: [
        (0.5, 0.18946457081379978, 0.7491535384383408),
        (0.7, 0.42484968054675043, 0.8619012621279053),
        (0.3, 0.055602076551067074, 0.6055274787301019),
    ])
    func powersOfTheSRGBTransferFunctionMatchReferenceValues(x: Double, to2_4: Double, toInverse: Double) {
        #expect((ColorMath.pow2_4(x) - to2_4).magnitude < 1e-15)
        #expect((ColorMath.pow1Over2_4(x) - toInverse).magnitude < 1e-15)
    }

    @Test(arguments: [
        (0.0, 0.0, 1.0), (30, 0.5, 0.8660254037844387), (90, 1, 0), (135, 0.7071067811865476, -0.7071067811865476),
        (-30, -0.5, 0.8660254037844387), (200, -0.3420201433256687, -0.9396926207859084),
        (390, 0.5, 0.8660254037844387),
    ])
    func sineAndCosineOfDegreesMatchReferenceValues(degrees: Double, sine: Double, cosine: Double) {
        let (s, c) = ElementaryMath.sinCosDegrees(degrees)
        #expect((s - sine).magnitude < 1e-15)
        #expect((c - cosine).magnitude < 1e-15)
    }

    @Test(arguments: [
        (1.0, 1.0, 45.0), (1, 0, 90), (0, -1, 180), (-1, -1, -135), (0.5, 0.8660254037844387, 30), (0, 0, 0),
        (-1e-9, 1, -5.729577951308232e-08),
    ])
    func arcTangentInDegreesMatchesReferenceValues(y: Double, x: Double, degrees: Double) {
        #expect((ElementaryMath.atan2Degrees(y, x) - degrees).magnitude < 1e-12)
    }

    @Test(arguments: [(-30.0, 330.0), (360, 0), (720.5, 0.5), (-1e-20, 0), (359.5, 359.5)])
    func huesAreNormalisedIntoOneTurn(input: Double, expected: Double) {
        let h = ElementaryMath.normalizedDegrees(input)
        #expect(h >= 0 && h < 360)
        #expect((h - expected).magnitude < 1e-9)
    }

    @Test(arguments: [(2.5, 2.0), (-2.5, -3), (-3, -3), (0, 0), (-0.1, -1), (1e300, 1e300), (-1e300, -1e300)])
    func floorRoundsTowardsNegativeInfinity(x: Double, expected: Double) {
        #expect(ColorMath.floor(x) == expected)
    }
}
