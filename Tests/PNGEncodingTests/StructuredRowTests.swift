import CZlib
import PNGEncoding
import SeededRandom
import Testing

@Suite("Rows coded by what they are")
struct StructuredRowTests {
    @Test(
        "dithered tiles, diagonals, verticals and irregular pieces decode to the input",
        arguments: [RowPattern.ditherTile, .ditherDiagonal, .orderedDitherVertical, .pieces, .rings])
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

    @Test(
        "a dithered vertical gradient's rows copy their period from the rows above: as small as zlib level 9 makes them"
    )
    func periodicRowsCopyTheirPeriodFromAbove() throws {
        for colorType in [PNGColorType.rgb, .rgba] {
            let format = PNGImageFormat(width: 1170, height: 640, colorType: colorType)
            let rows = RowPattern.orderedDitherVertical.rows(format)
            let png = try encodePNG(format, rows: rows)
            let unfiltered: [UInt8] = rows.flatMap { [UInt8(0)] + $0 }
            var zlibCount = UInt(compressBound(UInt(unfiltered.count)))
            var zlibBytes = [UInt8](repeating: 0, count: Int(zlibCount))
            #expect(compress2(&zlibBytes, &zlibCount, unfiltered, UInt(unfiltered.count), 9) == Z_OK)
            // 0.999× (RGB) and 0.995× (RGBA) zlib's bytes; 1.09× and 1.08× when the period was copied only from
            // ranked row distances or Up-filtered.
            #expect(png.count * 100 <= Int(zlibCount) * 102)
            try expectRoundTrip(format, rows: rows)
        }
    }

    @Test("a diagonal's shifted rows cost their copies and the 8 pixels that enter")
    func diagonalRowsAreShiftedCopies() throws {
        let format = PNGImageFormat(width: 1200, height: 630)
        let png = try encodePNG(format, rows: RowPattern.ditherDiagonal.rows(format))
        #expect(png.count < 8 * 3_601 + 622 * 60)
    }

    @Test(
        "an undithered radial gradient's smooth rows, past the opening ones, cost about what zlib level 9 makes of them"
    )
    func smoothRowsAreCopies() throws {
        let format = PNGImageFormat(width: 900, height: 300)
        let rows = RowPattern.rings.rows(format)
        let png = try encodePNG(format, rows: rows)
        var filtered: [UInt8] = []
        for row in rows {
            filtered.append(1)
            filtered += row.indices.map { $0 < 3 ? row[$0] : row[$0] &- row[$0 - 3] }
        }
        var zlibCount = UInt(compressBound(UInt(filtered.count)))
        var zlibBytes = [UInt8](repeating: 0, count: Int(zlibCount))
        #expect(compress2(&zlibBytes, &zlibCount, filtered, UInt(filtered.count), 9) == Z_OK)
        // 14,511 bytes against zlib's 13,202 on this synthetic ramp (on the preset corpus' radial backgrounds, whose
        // steps move less regularly, the copies come out smaller than zlib's); a row of literals
        // and single-byte zero runs would be several times larger.
        #expect(png.count * 100 <= Int(zlibCount) * 115)
        try expectRoundTrip(format, rows: rows)
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
        // A repeated row is 14 copies, one of them from the row above across the filter byte: under 39 bits a row
        // (coded row by row, two literals and a shorter closing copy made it 41).
        #expect((png.count - firstRow.count) * 8 < 629 * 39)
        try expectRoundTrip(format, rows: rows)
    }

    @Test(
        "runs of 1 to 9 repeated rows between other rows decode to the input, across widths around the copy edges",
        arguments: [1, 2, 28, 85, 86, 87, 171, 172, 600, 11_000])
    func repeatedRunsOfEveryLength(width: Int) throws {
        var generator = SeededGenerator(seed: UInt64(width))
        for (colorType, bitDepth) in allFormats {
            let format = PNGImageFormat(width: width, height: 60, colorType: colorType, bitDepth: bitDepth)
            var rows: [[UInt8]] = []
            var runLength = 1
            while rows.count < format.height {
                let solid = Bool.random(using: &generator)
                let pixel = (0..<format.bytesPerPixel).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let row =
                    solid
                    ? Array(repeatElement(pixel, count: width).joined())
                    : (0..<format.bytesPerRow).map { _ in UInt8.random(in: 0...3, using: &generator) }
                rows += repeatElement(row, count: runLength + 1)
                runLength = runLength % 9 + 1
            }
            try expectRoundTrip(format, rows: Array(rows.prefix(format.height)))
        }
    }
}
