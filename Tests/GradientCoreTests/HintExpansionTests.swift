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

    /// Without `in`, Blink colours a hint's nine stops by blending in sRGB (`kSRGBLegacy`), then Skia draws between
    /// them in the default space, oklab. The stop at 10% (hint at 30%) has weight 0.1^(ln 0.5 / ln 0.3) of
    /// oklab(0.5 -0.1 0.1) in sRGB, worked out here from Björn Ottosson's OKLab matrices; with the hint written in
    /// oklab (`in oklab`) the same pixel is the oklab blend, a different colour. Chromium 156 draws both within
    /// 0.02/255 (MAE) of this engine (`python3 scripts/css-parity.py` cases).
    @Test("a hint without `in` blends its stops in sRGB when the default space is oklab, as Blink")
    func hintWithoutSpaceBlendsInSRGB() throws {
        let target = referenceOKLabToSRGB(0.5, -0.1, 0.1)
        let weight = pow(0.1, log(0.5) / log(0.3))
        let image = try RenderedImage(
            query: "css=linear-gradient(to right, black, 30%25, oklab(0.5 -0.1 0.1))&width=205&height=2&dither=off")
        #expect(image.spec.stops.count == 11 && image.spec.stops.allSatisfy { $0.hintToNext == nil })
        let pixel = image.pixel(20, 0)  // centre 20.5 of 205: the stop at 10%
        for channel in 0..<3 {
            #expect(abs(pixel[channel] - 255 * weight * target[channel]) <= 1, "channel \(channel)")
        }
        let inOklab = try RenderedImage(
            query: "css=linear-gradient(to right in oklab, black, 30%25, oklab(0.5 -0.1 0.1))"
                + "&width=205&height=2&dither=off")
        #expect(inOklab.spec.stops.count == 2 && inOklab.spec.stops[0].hintToNext == 0.3)
        #expect(maxDifference(inOklab.pixel(20, 0), pixel) >= 10)
    }

    /// Blink also blends in sRGB when it moves a radial gradient's stops before 0 to 0 (`ClampNegativeOffsets`):
    /// red at -30% and oklab(0.5 0.1 0.1) at 100% give, at 0, the sRGB blend 0.3/1.3 of the way; with `in oklab`
    /// the ramp's own colour at 0. Chromium 156 draws both within 0.02/255 (MAE) of this engine.
    @Test("a radial gradient's stops before 0 without `in` take the sRGB blend at 0, as Blink")
    func negativeRadialStopsBlendInSRGB() throws {
        let target = referenceOKLabToSRGB(0.5, 0.1, 0.1)
        let ratio = 0.3 / 1.3
        let spec = try RenderedImage(query: "css=radial-gradient(red -30%25, oklab(0.5 0.1 0.1))").spec
        #expect(spec.stops[0].position == 0)
        let first = ColorSpace.oklab.toSRGB(spec.stops[0].color.components)
        let expected = [1 + (target[0] - 1) * ratio, target[1] * ratio, target[2] * ratio]
        // Blink converts oklab to sRGB in floats through XYZ D50 (skcms's matrices), some 1e-5 off the exact ones.
        for channel in 0..<3 { #expect(abs(first[channel] - expected[channel]) < 3e-5, "channel \(channel)") }
        let inOklab = try RenderedImage(query: "css=radial-gradient(in oklab, red -30%25, oklab(0.5 0.1 0.1))").spec
        #expect(inOklab.stops[0].position == -0.3)
    }
}
