import Testing

@testable import GradientCore

/// Skia's CPU dither stage (SkRasterPipeline), transcribed: Y ^= X, then interleave the bits of Y and X.
private func skiaPattern(dx: UInt32, dy: UInt32) -> UInt32 {
    let x = dx
    var y = dy
    y ^= x
    return (y & 1) << 5 | (x & 1) << 4 | (y & 2) << 2 | (x & 2) << 1 | (y & 4) >> 1 | (x & 4) >> 2
}

@Suite("Ordered dither")
struct DitherTests {
    @Test("the pattern is Skia's for every pixel of the 8×8 tile and beyond")
    func matchesSkia() {
        for y in 0..<24 {
            for x in 0..<24 {
                #expect(Dither.patternValue(x: x, y: y) == Int(skiaPattern(dx: UInt32(x), dy: UInt32(y))))
                let expected = (Double(skiaPattern(dx: UInt32(x), dy: UInt32(y))) * (2 / 128.0) - 63 / 128.0) / 255
                #expect(Dither.offset(x: x, y: y) == expected)
            }
        }
    }

    @Test("the first row is Skia's documented 1/64 × [0 48 12 60 …], and the tile holds each of 0…63 once")
    func tileShape() {
        #expect((0..<4).map { Dither.patternValue(x: $0, y: 0) } == [0, 48, 12, 60])
        #expect(Set((0..<64).map { Dither.patternValue(x: $0 & 7, y: $0 >> 3) }) == Set(0..<64))
        #expect(Dither.table.allSatisfy { abs($0) < 0.5 / 255 })
    }

    @Test("a dithered flat colour averages to its exact value over each 8×8 tile")
    func preservesMean() throws {
        let image = try RenderedImage(query: "colors=%23404040,%23505050&dir=horizontal&width=400&height=64")
        let plain = try RenderedImage(query: "colors=%23404040,%23505050&dir=horizontal&width=400&height=64&depth=16")
        for tile in stride(from: 0, to: 400, by: 40) {
            var sum = 0.0
            var exact = 0.0
            for y in 0..<8 {
                for x in tile..<(tile + 8) {
                    sum += image.pixel(x, y).x
                    exact += plain.pixel(x, y).x
                }
            }
            #expect(abs(sum - exact) / 64 < 0.1, "tile at \(tile)")
        }
    }

    /// A repeating gradient on an ending shape of zero width is Skia's degenerate gradient, a colour shader: Skia
    /// strips the dither from constant shaders, so every pixel is the same (the stops' average, (1/3, 1/3, 1/3)
    /// here, which a dither would split between 85 and 86).
    @Test("a degenerate gradient's one colour is not dithered")
    func degenerateGradientIsNotDithered() throws {
        let image = try RenderedImage(
            query: "css=repeating-radial-gradient(closest-side at left, red, lime, blue, red)&width=32&height=16")
        let first = image.pixel(0, 0)
        #expect(first == [85, 85, 85, 255])
        for y in 0..<16 {
            for x in 0..<32 { #expect(image.pixel(x, y) == first, "(\(x), \(y))") }
        }
    }

    /// Skia averages the stops as Blink hands them over, unclipped sRGB: a stop outside sRGB pulls a channel of
    /// the average below 0, and only the average is clipped.
    @Test("a degenerate gradient averages unclipped colours")
    func degenerateAverageIsUnclipped() throws {
        let image = try RenderedImage(
            query: "css=repeating-radial-gradient(closest-side at left, color(srgb 1 -1 0), color(srgb 1 0.5 0))"
                + "&width=8&height=8")
        #expect(image.pixel(3, 3) == [255, 0, 0, 255])
    }

    @Test("dithered pixels follow round(value × 255 + offset × 255) exactly")
    func exactRounding() throws {
        let image = try RenderedImage(query: "colors=%23404040,%23505050&dir=horizontal&width=400&height=64")
        for y in [0, 3, 7, 12] {
            for x in stride(from: 0, to: 400, by: 7) {
                let value = (64.0 + 16.0 * (Double(x) + 0.5) / 400) / 255
                let expected = Double(Int((value + Dither.offset(x: x, y: y)) * 255 + 0.5))
                #expect(image.pixel(x, y).x == expected, "pixel \(x),\(y)")
            }
        }
    }
}
