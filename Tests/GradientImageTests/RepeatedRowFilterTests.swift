import CZlib
import Foundation
import GradientCore
import GradientImage
import PNGEncoding
import Testing

/// Translucent dithered horizontal gradients wider than 1,023 pixels repeat the row 8 above from beyond deflate's
/// window; the encoder Average-filters those rows where a trial on one period says it codes them smaller.
@Suite("Average-filtered repeated RGBA rows")
struct RepeatedRowFilterTests {
    /// The filter type of each row of `png`'s image data (one IDAT stream, `rowLength` bytes a row with the filter
    /// byte).
    private static func filterTypes(of png: [UInt8], rowLength: Int, height: Int) throws -> [UInt8] {
        var compressed: [UInt8] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { compressed += png[offset + 8..<offset + 8 + length] }
            offset += 12 + length
        }
        var inflated = [UInt8](repeating: 0, count: rowLength * height)
        var size = uLong(inflated.count)
        let status = uncompress(&inflated, &size, compressed, uLong(compressed.count))
        try #require(status == Z_OK && Int(size) == inflated.count)
        return (0..<height).map { inflated[$0 * rowLength] }
    }

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
        let encoded = try #require(css.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let image = try DecodedGradient("css=\(encoded)&width=\(width)&height=40")
        var rasterizer = Rasterizer(spec: image.spec)
        var row = [UInt8](repeating: 0, count: rasterizer.bytesPerRow)
        guard case .eightBit(let samples) = image.decoded.pixels else {
            Issue.record("expected 8-bit samples")
            return
        }
        try #require(image.decoded.colorType == .rgba && rasterizer.bytesPerRow == width * 4)
        for y in 0..<image.height {
            row.withUnsafeMutableBytes { rasterizer.renderRow(y, into: $0) }
            #expect(Array(samples[y * width * 4..<(y + 1) * width * 4]) == row, "row \(y)")
        }
        let filters = try Self.filterTypes(of: image.png, rowLength: width * 4 + 1, height: image.height)
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
            queryItems: try QueryString.decode(Substring("css=\(encoded)&width=1200&height=40")))
        let first = try GradientPNG.renderPNG(spec)
        for _ in 0..<3 {
            #expect(try GradientPNG.renderPNG(spec) == first)
        }
    }
}
