import Foundation
import Testing

@testable import GradientCore

@Suite("Skia's arithmetic, as Chromium renders")
struct SkiaArithmeticTests {
    /// `linear-gradient(to right, #e541eb, #c32cb2)` at 320 pixels wide, dithered. Values observed in headless
    /// Chromium (software raster, one tile) at these pixels:
    /// - (312, 1) green: t = 312.5 / 320 = 0.9765625, so 65 + (44 − 65)·t = 44.4921875, plus the dither offset
    ///   (M = 32: (64 − 63)/128 = 0.0078125) is 44.5 exactly, in reals and in 32-bit floats. Skia's store rounds
    ///   ties to even: 44 (rounding half up would give 45).
    /// - (117, 2) blue: 235 + (178 − 235)·0.3671875 = 214.0703125, plus the offset of M = 59 (55/128) is 214.5: 214.
    /// - (152, 0) green: t = 0.4765625; Skia's colour is one fused multiply-add, t·(44/255 − 65/255) + 65/255 in
    ///   float32 = 0.21565564, which with the offset of M = 1 (−61/128 / 255) gives exactly 54.5 → 54. A separately
    ///   rounded product and sum gives 0.21565565, 54.500004 → 55.
    @Test("8-bit pixels are Skia's float32 values rounded to nearest even")
    func float32Rounding() throws {
        let image = try RenderedImage(query: "colors=e541eb,c32cb2&dir=horizontal&width=320&height=8")
        #expect(image.pixel(312, 1).y == 44)
        #expect(image.pixel(117, 2).z == 214)
        #expect(image.pixel(152, 0).y == 54)
    }

    /// `linear-gradient(135deg, #2c3e50 50%, #e74c3c 50%)` at 160×96: the centres of (127, 0), (126, 1), … lie on
    /// the hard stop in reals. Skia's float `pts_to_unit_matrix` gives them t = 0.49999997, so Chromium (software
    /// raster, the box at the origin) draws the first colour there; the matrix taken in doubles gave t = 0.5 and
    /// the second colour.
    @Test("a pixel centre on a diagonal hard stop takes the side Skia's float matrix puts it on")
    func diagonalHardStop() throws {
        let css = "linear-gradient(135deg,%20%232c3e50%2050%25,%20%23e74c3c%2050%25)"
        let image = try RenderedImage(query: "css=\(css)&width=160&height=96")
        for y in 0..<8 {
            #expect(image.pixel(127 - y, y) == SIMD4(0x2C, 0x3E, 0x50, 255))
            #expect(image.pixel(128 - y, y) == SIMD4(0xE7, 0x4C, 0x3C, 255))
        }
    }

    @Test("a dithered horizontal gradient repeats every 8 rows; undithered rows are all equal")
    func horizontalRows() throws {
        let dithered = try RenderedImage(query: "colors=ff7e5f,feb47b&dir=horizontal&width=300&height=24")
        let plain = try RenderedImage(query: "colors=ff7e5f,feb47b&dir=horizontal&width=300&height=24&dither=off")
        for y in 8..<24 {
            for x in 0..<300 {
                #expect(dithered.pixel(x, y) == dithered.pixel(x, y - 8))
                #expect(plain.pixel(x, y) == plain.pixel(x, 0))
            }
        }
    }

    /// At 135° t depends on x + y only, so in reals a row equals the row 8 above shifted right by 8 pixels, with
    /// the dither in the same phase; float32 rounding of t may break that at a few pixels, never at many.
    @Test("a dithered 135° row is the row 8 above shifted by 8 pixels, almost everywhere")
    func diagonalRows() throws {
        let image = try RenderedImage(query: "colors=e96443,904e95&angle=135&width=600&height=64")
        var equal = 0
        var total = 0
        for y in 8..<64 {
            for x in 0..<592 {
                total += 1
                if image.pixel(x, y) == image.pixel(x + 8, y - 8) { equal += 1 }
            }
        }
        #expect(Double(equal) / Double(total) >= 0.99, "\(equal) of \(total)")
    }

    /// `linear-gradient(90deg in oklab, #00f, #ff0)` at 320 pixels wide, dithered, as headless Chromium renders it.
    /// Skia encodes each pixel's linear sRGB with an approximate power function (`approx_powf`), about 10⁻⁴ off the
    /// exact curve; at these pixels that moves a channel across a rounding boundary, so the exact sRGB encoding
    /// gives one less than Chromium in one channel of each.
    @Test("oklab pixels are encoded to sRGB with Skia's approximate power function")
    func oklabEncoding() throws {
        let image = try RenderedImage(query: "css=linear-gradient(90deg%20in%20oklab,%2300f,%23ff0)&width=320&height=8")
        #expect(image.pixel(17, 0) == SIMD4(0, 54, 251, 255))
        #expect(image.pixel(64, 0) == SIMD4(6, 106, 236, 255))
        #expect(image.pixel(113, 0) == SIMD4(65, 143, 219, 255))
        #expect(image.pixel(158, 0) == SIMD4(106, 170, 200, 255))
    }
}
