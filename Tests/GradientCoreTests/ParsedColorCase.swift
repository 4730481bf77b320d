import Testing

@testable import GradientCore

/// A colour text with the space, components and alpha it parses to, and the tolerance on the components.
struct ParsedColorCase: Sendable, CustomTestStringConvertible {
    var text: String
    var space: ColorSpace
    var components: SIMD3<Double>
    var alpha: Double
    var tolerance: Double
    var testDescription: String { text }

    init(
        _ text: String, _ space: ColorSpace, _ components: SIMD3<Double>, _ alpha: Double,
        _ tolerance: Double = 1e-9
    ) {
        self.text = text
        self.space = space
        self.components = components
        self.alpha = alpha
        self.tolerance = tolerance
    }

    /// Expects the text to parse, as CSS text, to a non-legacy colour with this alpha and, in this space, these
    /// components.
    func check() throws {
        let parsed = try color(text, bareHex: false)
        let converted =
            parsed.space == space ? parsed.components : space.fromSRGB(parsed.space.toSRGB(parsed.components))
        #expect(isClose(converted, components, tolerance: tolerance), "\(converted)")
        #expect(abs(parsed.alpha - alpha) < 1e-6)
        #expect(!parsed.isLegacy)
    }
}
