import Testing

@testable import PNGEncoding

/// ``PNGEncoderOptions``: undithered rows are also tried Paeth-filtered; other rows never are.
@Suite("Encoder options")
struct EncoderOptionsTests {
    /// An undithered 135° ramp: blue steps every 5 pixels, green every 60, each row a pixel further along.
    private static let rows: [[UInt8]] = (0..<96).map { y in
        (0..<600).flatMap { x -> [UInt8] in
            let position = x + y
            return [255, UInt8(truncatingIfNeeded: 100 + position / 60), UInt8(truncatingIfNeeded: position / 5)]
        }
    }

    /// The filter types of the encoded rows (streamed: the image is small enough to hold), and the decoded pixels
    /// checked against the rows.
    private static func filterTypes(_ options: PNGEncoderOptions) throws -> Set<UInt8> {
        let format = PNGImageFormat(width: 600, height: rows.count)
        let collector = ByteCollector()
        let encoder = try PNGEncoder(format: format, options: options, sink: collector.sink)
        for row in rows {
            try row.withUnsafeBytes { try encoder.writeRow($0) }
        }
        try encoder.finish()
        let decoded = try PNGDecoder.decode(collector.bytes)
        #expect(decoded.pixels == expectedPixels(format, rows: rows))
        let stride = format.bytesPerRow + 1
        let filtered = try inflate(idatData(collector.bytes), expectedCount: rows.count * stride)
        return Set((0..<rows.count).map { filtered[$0 * stride] })
    }

    @Test("undithered rows tried from the row above take Paeth where it wins; by default none does")
    func paethForUnditheredRows() throws {
        #expect(try Self.filterTypes(PNGEncoderOptions(undithered: true, referencePixelLimit: 0)).contains(4))
        #expect(try !Self.filterTypes(streamed).contains(4))
    }
}
