import PNGEncoding
import Testing

@Suite("Small image round trip")
struct SmallImageRoundTripTests {
    @Test("a 3×2 RGB image decodes to the rows that were written")
    func roundTrip() throws {
        let rows: [[UInt8]] = [[255, 0, 0, 0, 255, 0, 0, 0, 255], [1, 2, 3, 1, 2, 3, 1, 2, 3]]
        var png: [UInt8] = []
        let encoder = try PNGEncoder(format: PNGImageFormat(width: 3, height: 2, colorType: .rgb, bitDepth: 8)) {
            png.append(contentsOf: $0)
        }
        for row in rows { try row.withUnsafeBytes { try encoder.writeRow($0) } }
        try encoder.finish()
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.width == 3 && decoded.height == 2 && decoded.bitDepth == 8 && decoded.colorType == .rgb)
        guard case .eightBit(let pixels) = decoded.pixels else {
            Issue.record("expected 8-bit pixels")
            return
        }
        #expect(Array(pixels[0..<4]) == [255, 0, 0, 255])
        #expect(Array(pixels[20..<24]) == [1, 2, 3, 255])
    }
}
