import CZlib
import Foundation
import GradientCore
import Testing

/// The filter type of each row of `png`'s image data (its IDAT chunks inflated, `rowLength` bytes a row with the
/// filter byte).
func pngRowFilterTypes(_ png: [UInt8], rowLength: Int, height: Int) throws -> [UInt8] {
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

extension DecodedGradient {
    /// `css` rendered at `width`×`height` through the whole pipeline and decoded again.
    init(css: String, width: Int, height: Int) throws {
        let encoded = try #require(css.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        try self.init("css=\(encoded)&width=\(width)&height=\(height)")
    }

    /// Checks that every decoded 8-bit row holds the rasterizer's samples (`channels` of the decoded four: 3 for an
    /// opaque image, 4 with alpha), and returns the filter type of each row of the PNG.
    func expectRasterizedRows(channels: Int) throws -> [UInt8] {
        var rasterizer = Rasterizer(spec: spec)
        var row = [UInt8](repeating: 0, count: rasterizer.bytesPerRow)
        guard case .eightBit(let samples) = decoded.pixels else {
            Issue.record("expected 8-bit samples")
            return []
        }
        try #require(rasterizer.bytesPerRow == width * channels)
        for y in 0..<height {
            row.withUnsafeMutableBytes { rasterizer.renderRow(y, into: $0) }
            let decodedRow = (y * width..<(y + 1) * width).flatMap { samples[$0 * 4..<$0 * 4 + channels] }
            #expect(decodedRow == row, "row \(y)")
        }
        return try pngRowFilterTypes(png, rowLength: width * channels + 1, height: height)
    }
}
