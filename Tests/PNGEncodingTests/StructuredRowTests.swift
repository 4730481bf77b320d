import PNGEncoding
import Testing

@Suite("Rows coded by what they are")
struct StructuredRowTests {
    @Test(
        "dithered tiles, diagonals and irregular pieces decode to the input",
        arguments: [RowPattern.ditherTile, .ditherDiagonal, .pieces])
    func structuredPatterns(pattern: RowPattern) throws {
        for (colorType, bitDepth) in allFormats {
            for (width, height) in [(5, 40), (37, 23), (300, 120), (1500, 30)] {
                let format = PNGImageFormat(width: width, height: height, colorType: colorType, bitDepth: bitDepth)
                try expectRoundTrip(format, rows: pattern.rows(format, seed: UInt64(width + height)))
            }
        }
    }

    @Test("rows that repeat the row 8 above cost a few bytes each, not a row of literals")
    func tileRowsAreCopies() throws {
        let format = PNGImageFormat(width: 1200, height: 630)
        let rows = RowPattern.ditherTile.rows(format)
        let png = try encodePNG(format, rows: rows)
        // 622 copied rows of 3,601 bytes: 14 copies each, about 27 bytes with their 13-bit distances.
        let firstRows = try encodePNG(PNGImageFormat(width: 1200, height: 8), rows: Array(rows.prefix(8)))
        #expect(png.count - firstRows.count < 622 * 40)
    }

    @Test("a diagonal's shifted rows cost their copies and the 8 pixels that enter")
    func diagonalRowsAreShiftedCopies() throws {
        let format = PNGImageFormat(width: 1200, height: 630)
        let png = try encodePNG(format, rows: RowPattern.ditherDiagonal.rows(format))
        #expect(png.count < 8 * 3_601 + 622 * 60)
    }

    @Test("irregular rows beyond zlib's share still find their long copies")
    func piecesFindCopies() throws {
        let format = PNGImageFormat(width: 1000, height: 200)
        let rows = RowPattern.pieces.rows(format)
        let png = try encodePNG(format, rows: rows)
        // Noise does not compress; three pieces in four are copies of 24–120 bytes: well under half the 600 KB.
        #expect(png.count < format.height * format.bytesPerRow / 2)
        try expectRoundTrip(format, rows: rows)
    }
}

@Suite("Repeated rows after copy-coded rows")
struct RepeatedAfterTokensTests {
    @Test("a horizontal gradient whose first row is coded as copies still codes its repeated rows as runs of zeros")
    func repeatedRowsStayCheap() throws {
        let format = PNGImageFormat(width: 1200, height: 630)
        let rows = RowPattern.horizontal.rows(format)
        let png = try encodePNG(format, rows: rows)
        let firstRow = try encodePNG(PNGImageFormat(width: 1200, height: 1), rows: [rows[0]])
        // A repeated row is 14 copies of zeros, about 5 bytes; copies from the row above would cost 25.
        #expect(png.count - firstRow.count < 629 * 8)
        try expectRoundTrip(format, rows: rows)
    }
}
