import Testing

@testable import GradientCore

@Suite("Nesting limits of colour syntax")
struct ColorNestingTests {
    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let mixes =
            String(repeating: "color-mix(in srgb, ", count: 5000) + "red" + String(repeating: ", blue)", count: 5000)
        #expect(parseError(mixes)?.message.contains("nest at most") == true)
        let sums =
            "rgb(calc(" + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000) + ") 0 0)"
        #expect(parseError(sums)?.message.contains("nest too deeply") == true)
        let relative = String(repeating: "rgb(from ", count: 5000) + "red" + String(repeating: " r g b)", count: 5000)
        #expect(parseError(relative)?.message.contains("nest at most") == true)
    }

    @Test func nestingWithinTheLimitWorks() throws {
        let mixes = String(repeating: "color-mix(in srgb, ", count: 10) + "red" + String(repeating: ", red)", count: 10)
        #expect(isClose(try color(mixes).components, [1, 0, 0], tolerance: 1e-12))
    }
}
