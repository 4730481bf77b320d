import Foundation
import Testing

@testable import GradientCore

@Suite("Elementary functions")
struct ElementaryMathTests {
    private static let samples: [Double] = (0..<2000).map { Double($0) * 0.0137 - 13.7 }

    @Test("sine and cosine in degrees agree with libm and are exact at right angles")
    func sinCos() {
        for degrees in Self.samples.map({ $0 * 31 }) {
            let (s, c) = ElementaryMath.sinCosDegrees(degrees)
            #expect(abs(s - sin(degrees * .pi / 180)) < 1e-14)
            #expect(abs(c - cos(degrees * .pi / 180)) < 1e-14)
        }
        #expect(ElementaryMath.sinCosDegrees(180) == (0, -1))
        #expect(ElementaryMath.sinCosDegrees(-90) == (-1, 0))
        #expect(ElementaryMath.sinCosDegrees(450) == (1, 0))
    }

    @Test("atan2 agrees with libm in every quadrant")
    func atan2Agrees() {
        for (i, y) in Self.samples.enumerated() {
            let x = Self.samples[(i * 7) % Self.samples.count]
            #expect(abs(ElementaryMath.atan2(y, x) - Foundation.atan2(y, x)) < 1e-15 * 4)
        }
        #expect(ElementaryMath.atan2(1, 0) == Double.pi / 2)
        #expect(ElementaryMath.atan2(0, -1) == Double.pi)
    }

    @Test("exp, log, pow and cbrt agree with libm to a few ulps")
    func expLogPow() {
        for x in Self.samples {
            #expect(abs(ElementaryMath.exp(x) - Foundation.exp(x)) <= 4 * Foundation.exp(x).ulp)
            let positive = abs(x) + 1e-3
            #expect(
                abs(ElementaryMath.log(positive) - Foundation.log(positive)) <= 4
                    * max(Foundation.log(positive).ulp, 1e-300))
            #expect(
                abs(ElementaryMath.pow(positive, 2.4) - Foundation.pow(positive, 2.4)) <= 1e-13
                    * Foundation.pow(positive, 2.4))
            #expect(abs(ElementaryMath.cbrt(x) - Foundation.cbrt(x)) <= 2 * Foundation.cbrt(x).ulp + 1e-300)
        }
        #expect(ElementaryMath.pow(0, 2) == 0 && ElementaryMath.pow(5, 0) == 1 && ElementaryMath.cbrt(-27) == -3)
    }
}
