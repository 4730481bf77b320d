import Foundation
import Testing

@testable import GradientCore

@Suite("Colour hints as Blink draws them")
struct HintExpansionTests {
    /// Blink's nine stops for a hint at relative position h between stops at 0 and 1, and their weights
    /// p^(ln 0.5 / ln h), written out from `ReplaceColorHintsWithColorStops`.
    private func blinkStops(hint h: Double) -> [(position: Double, weight: Double)] {
        let positions: [Double]
        if h > 0.5 {
            positions = (0..<7).map { h * (7 + Double($0)) / 13 } + [h + (1 - h) / 3, h + (1 - h) * 2 / 3]
        } else {
            positions = [h / 3, h * 2 / 3] + (0..<7).map { h + (1 - h) * Double($0) / 13 }
        }
        return positions.map { ($0, pow($0, log(0.5) / log(h))) }
    }

    @Test("a hint becomes nine stops on the hint curve", arguments: [0.2, 0.7, 0.05])
    func nineStops(hint: Double) {
        let black = SIMD4<Double>(0, 0, 0, 1)
        let white = SIMD4<Double>(1, 1, 1, 1)
        let segments = ColorRamp.hintSegments(start: 0, hint: hint, end: 1, from: black, to: white)
        let expected = [(0.0, 0.0)] + blinkStops(hint: hint) + [(1.0, 1.0)]
        #expect(segments.count == 10)
        for (index, segment) in segments.enumerated() {
            #expect(abs(segment.start - expected[index].0) < 1e-6)
            #expect(abs(segment.end - expected[index + 1].0) < 1e-6)
            #expect(abs(segment.from.x - expected[index].1) < 1e-6)
            #expect(abs(segment.to.x - expected[index + 1].1) < 1e-6)
            #expect(segment.from.w == 1 && segment.to.w == 1)
        }
    }

    @Test("a hint half way is no hint; a hint on a stop becomes a stop of the other colour")
    func degenerateHints() {
        let red = SIMD4<Double>(1, 0, 0, 1)
        let blue = SIMD4<Double>(0, 0, 1, 1)
        let middle = ColorRamp.hintSegments(start: 0.2, hint: 0.4, end: 0.6, from: red, to: blue)
        #expect(middle.count == 1 && middle[0].start == 0.2 && middle[0].end == 0.6)
        let onLeft = ColorRamp.hintSegments(start: 0.2, hint: 0.2, end: 0.6, from: red, to: blue)
        #expect(onLeft.count == 2 && onLeft[1].from == blue && onLeft[1].to == blue && onLeft[1].start == 0.2)
        let onRight = ColorRamp.hintSegments(start: 0.2, hint: 0.6, end: 0.6, from: red, to: blue)
        #expect(onRight.count == 2 && onRight[0].from == red && onRight[0].to == red && onRight[0].end == 0.6)
    }

    /// `linear-gradient(90deg, black, 20%, white)` at 1000 pixels: between Blink's stops the colour is linear, so
    /// a pixel centre half way between two stops has the average of their weights, not the exact curve's value.
    @Test("pixels between Blink's stops follow the straight line between them")
    func linearBetweenStops() throws {
        let image = try RenderedImage(
            query: "css=linear-gradient(90deg,black,20%25,white)&width=1000&height=1&depth=16")
        let stops = [(0.0, 0.0)] + blinkStops(hint: 0.2) + [(1.0, 1.0)]
        for index in 0..<(stops.count - 1) {
            let (start, end) = (stops[index], stops[index + 1])
            let x = Int(((start.0 + end.0) / 2 * 1000).rounded(.down))
            let t = (Double(x) + 0.5) / 1000
            let expected = start.1 + (end.1 - start.1) * (t - start.0) / (end.0 - start.0)
            #expect(abs(image.pixel(x, 0).x / 255 - expected) < 2e-5, "pixel \(x)")
        }
    }
}
