import PNGEncoding
import Testing

@Suite("The IDAT zlib stream")
struct ZlibStreamTests {
    @Test("inflates to exactly the expected filtered rows")
    func filteredBytes() throws {
        let format = PNGImageFormat(width: 3, height: 6)
        let rows: [[UInt8]] = [
            [10, 20, 30, 10, 20, 30, 10, 20, 30],
            [10, 20, 30, 10, 20, 30, 10, 20, 30],
            [11, 20, 29, 11, 20, 29, 11, 20, 29],
            [1, 2, 3, 4, 5, 6, 7, 8, 10],
            [1, 2, 3, 4, 5, 6, 7, 8, 10],
            [0, 0, 0, 0, 0, 0, 0, 0, 0],
        ]
        let expected: [UInt8] =
            [1, 10, 20, 30, 0, 0, 0, 0, 0, 0]
            + [2, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            + [2, 1, 0, 255, 1, 0, 255, 1, 0, 255]
            + [1, 1, 2, 3, 3, 3, 3, 3, 3, 4]
            + [2, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            // A flat row (here, one colour after a token-coded row) goes to zlib unfiltered.
            + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        let png = try encodePNG(format, rows: rows)
        #expect(try inflate(idatData(png), expectedCount: expected.count) == expected)
        try expectRoundTrip(format, rows: rows)
    }

    @Test("starts with a zlib header and contains one IHDR, IDAT chunks and IEND, nothing else")
    func chunkLayout() throws {
        let format = PNGImageFormat(width: 40, height: 40)
        let png = try encodePNG(format, rows: RowPattern.mixed.rows(format))
        #expect(Array(png[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10])
        let types = chunkTypes(png)
        #expect(types.first == "IHDR")
        #expect(types.last == "IEND")
        #expect(Set(types) == ["IHDR", "IDAT", "IEND"])
        let stream = idatData(png)
        #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
        #expect(stream[0] & 0x0F == 8)
    }
}
