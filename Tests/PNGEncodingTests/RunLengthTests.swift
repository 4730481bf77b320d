import PNGEncoding
import Testing

/// Row lengths around the edges of the run coder: zero runs shorter than a copy (< 3 bytes),
/// exactly one copy of 258, one more, and multiples of 258. Widths 66 (RGBA 8-bit) and 98
/// (RGBA 16-bit) leave 2 bytes of a stepped row after its copies.
@Suite("Run lengths at the copy-length edges")
struct RunLengthTests {
    @Test(
        "solid, repeated and stepped rows of edge lengths decode to the input",
        arguments: [1, 2, 3, 4, 66, 85, 86, 87, 88, 98, 172, 173, 258, 259, 344, 516, 517, 1032])
    func edgeWidths(width: Int) throws {
        for (colorType, bitDepth) in allFormats {
            let format = PNGImageFormat(width: width, height: 9, colorType: colorType, bitDepth: bitDepth)
            for pattern in [RowPattern.solid, .vertical, .horizontal, .mixed, .ramps] {
                try expectRoundTrip(format, rows: pattern.rows(format, seed: UInt64(width)))
            }
        }
    }

    @Test("rows whose byte count is a multiple of 258 or one more", arguments: [258, 259, 516, 517, 774, 775])
    func byteCounts(bytesPerRow: Int) throws {
        for (colorType, bitDepth) in allFormats {
            let bytesPerPixel = colorType.channelCount * bitDepth / 8
            let width = max(1, bytesPerRow / bytesPerPixel)
            let format = PNGImageFormat(width: width, height: 7, colorType: colorType, bitDepth: bitDepth)
            try expectRoundTrip(format, rows: RowPattern.mixed.rows(format, seed: 5))
            try expectRoundTrip(format, rows: RowPattern.vertical.rows(format))
        }
    }
}
