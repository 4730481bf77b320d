import Foundation
import GradientCore
import GradientImage
import PNGEncoding
import Testing

/// Translucent dithered horizontal gradients wider than 1,023 pixels repeat the row 8 above from beyond deflate's
/// window; the encoder Average-filters those rows where a trial on one period says it codes them smaller.
@Suite("Average-filtered repeated RGBA rows")
struct RepeatedRowFilterTests {
    @Test(
        "rows decode to the rasterizer's samples; Average only where the trial chooses it",
        arguments: [
            ("linear-gradient(90deg, rgba(0,0,0,0.8), rgba(255,255,255,0.2))", 1200, true),
            ("linear-gradient(90deg, rgba(255,0,0,1), rgba(0,0,255,0.5))", 2400, true),
            ("linear-gradient(90deg, rgba(83,83,48,0.3), rgba(87,73,228,0.5))", 2400, false),
            // Rows the window reaches (1,000 × 4 × 8 bytes): Sub, as before.
            ("linear-gradient(90deg, rgba(0,0,0,0.8), rgba(255,255,255,0.2))", 1000, false),
        ])
    func translucentHorizontalRamps(css: String, width: Int, averaged: Bool) throws {
        let image = try DecodedGradient(css: css, width: width, height: 64)
        try #require(image.decoded.colorType == .rgba)
        let filters = try image.expectRasterizedRows(channels: 4)
        #expect(filters[8...].allSatisfy { $0 == 3 } == averaged, "\(filters)")
        #expect(filters[..<8].contains(3) == false)
    }

    /// The first period's rows have no row a period above: a slot never filled must not count as one, whatever its
    /// memory holds (a render after another of the same image once found the earlier render's row 7 there, took it
    /// for row −1, and chose Sub where the first render chose Average).
    @Test("the same image rendered again in one process gives the same bytes")
    func repeatedRendersAgree() throws {
        let css = "linear-gradient(90deg, rgba(0,0,0,0.8), rgba(255,255,255,0.2))"
        let encoded = try #require(css.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let spec = try GradientSpec(
            queryItems: try QueryString.decode(Substring("css=\(encoded)&width=1200&height=64")))
        // Renders back to back, nothing allocated between them (not `DecodedGradient`, whose decoding moves the
        // heap): the next render's row slots are then where the last render's rows were.
        let first = try GradientPNG.renderPNG(spec)
        for _ in 0..<3 {
            #expect(try GradientPNG.renderPNG(spec) == first)
        }
    }
}
