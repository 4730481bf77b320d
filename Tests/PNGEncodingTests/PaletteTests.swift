import PNGEncoding
import SeededRandom
import Testing

@Suite("Indexed colour")
struct PaletteTests {
    /// Rows of `width` pixels drawn from `colors` (3 or 4 samples each) in the shapes gradients take: the row
    /// above repeated, the row 8 above repeated, 8 pixels repeated along the row, and rows with no pattern.
    private func structuredRows(colors: [[UInt8]], width: Int, height: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        var rows: [[UInt8]] = []
        for y in 0..<height {
            let shape = Int.random(in: 0..<4, using: &generator)
            if shape == 0 && y >= 1 {
                rows.append(rows[y - 1])
            } else if shape == 1 && y >= 8 {
                rows.append(rows[y - 8])
            } else if shape == 2 {
                let period = (0..<8).map { _ in colors[Int.random(in: 0..<colors.count, using: &generator)] }
                rows.append((0..<width).flatMap { period[$0 % 8] })
            } else {
                rows.append((0..<width).flatMap { _ in colors[Int.random(in: 0..<colors.count, using: &generator)] })
            }
        }
        return rows
    }

    private func distinctColors(_ count: Int, bytesPerColor: Int) -> [[UInt8]] {
        (0..<count).map { index in
            let rgb = [UInt8(index & 0xFF), UInt8((index * 7) & 0xFF), UInt8(index >> 8)]
            return bytesPerColor == 4 ? rgb + [UInt8(255 - (index % 3) * 100)] : rgb
        }
    }

    @Test(
        "an image of at most 256 colours is written with a palette and decodes to the same pixels",
        arguments: [(3, 256, 1), (4, 256, 2), (3, 1, 3), (4, 17, 4), (3, 200, 5)])
    func roundTrip(bytesPerColor: Int, colorCount: Int, seed: UInt64) throws {
        let format = PNGImageFormat(width: 203, height: 61, colorType: bytesPerColor == 4 ? .rgba : .rgb)
        let colors = distinctColors(colorCount, bytesPerColor: bytesPerColor)
        let rows = structuredRows(colors: colors, width: format.width, height: format.height, seed: seed)
        let palette = try #require(censusPalette(format, rows: rows))
        let used = Set(
            rows.flatMap { row in
                stride(from: 0, to: row.count, by: bytesPerColor).map { Array(row[$0..<$0 + bytesPerColor]) }
            })
        #expect(palette.count == used.count)
        #expect(Array(palette.samples.prefix(bytesPerColor)) == Array(rows[0].prefix(bytesPerColor)))
        let png = try encodePNG(format, palette: palette, rows: rows)
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.colorType == .indexed && decoded.bitDepth == 8)
        #expect(decoded.pixels == expectedPixels(format, rows: rows))
        // The second reading: inflate and unfilter the indices, then look each one up in the palette.
        let indexFormat = PNGImageFormat(width: format.width, height: format.height, colorType: .indexed)
        let filtered = try inflate(idatData(png), expectedCount: format.height * (format.width + 1))
        let indexRows = try #require(RoundTripCheck.unfilter(filtered, format: indexFormat))
        for (y, indices) in indexRows.enumerated() {
            let samples = indices.flatMap { index in
                palette.samples[Int(index) * bytesPerColor..<(Int(index) + 1) * bytesPerColor]
            }
            #expect(samples == rows[y], "row \(y)")
        }
    }

    @Test("tRNS holds alpha up to the last colour that is not opaque, and only when there is one")
    func transparency() throws {
        for (alphas, expected) in [([255, 255, 255], nil), ([255, 0, 255], [255, 0]), ([9, 255, 255], [9])]
            as [([UInt8], [UInt8]?)]
        {
            let colors = alphas.enumerated().map { [UInt8($0.offset), 10, 20, $0.element] }
            let format = PNGImageFormat(width: 3, height: 1, colorType: .rgba)
            let palette = try #require(PNGPalette(samples: colors.flatMap { $0 }, bytesPerColor: 4))
            let png = try encodePNG(format, palette: palette, rows: [colors.flatMap { $0 }])
            #expect(chunkData("tRNS", in: png) == expected)
            #expect(chunkData("PLTE", in: png) == [0, 10, 20, 1, 10, 20, 2, 10, 20])
            #expect(try PNGDecoder.decode(png).pixels == .eightBit(colors.flatMap { $0 }))
        }
    }

    @Test("the 257th colour ends the census; 16-bit images are never indexed")
    func tooManyColors() {
        let format = PNGImageFormat(width: 257, height: 2)
        let rows: [[UInt8]] = [
            Array(distinctColors(256, bytesPerColor: 3).joined()) + [0, 0, 0],
            Array(distinctColors(257, bytesPerColor: 3).joined()),
        ]
        let census = PNGPaletteCensus(format: format)
        let firstAccepted = rows[0].withUnsafeBytes { census.add($0) }
        let secondAccepted = rows[1].withUnsafeBytes { census.add($0) }
        #expect(firstAccepted && !secondAccepted)
        #expect(census.palette == nil)
        let deep = PNGPaletteCensus(format: PNGImageFormat(width: 1, height: 1, bitDepth: 16))
        let deepAccepted = [UInt8](repeating: 0, count: 6).withUnsafeBytes { deep.add($0) }
        #expect(!deepAccepted)
        #expect(deep.palette == nil)
    }

    @Test("a colour missing from the palette, a palette of the wrong width or a repeated colour is refused")
    func refusals() throws {
        let palette = try #require(PNGPalette(samples: [1, 2, 3, 4, 5, 6], bytesPerColor: 3))
        let format = PNGImageFormat(width: 2, height: 2)
        let encoder = try PNGEncoder(format: format, palette: palette, options: streamed) { _ in }
        try [UInt8]([1, 2, 3, 4, 5, 6]).withUnsafeBytes { try encoder.writeRow($0) }
        #expect(throws: PNGError.colorOutsidePalette(row: 1)) {
            try [UInt8]([1, 2, 3, 4, 5, 7]).withUnsafeBytes { try encoder.writeRow($0) }
        }
        #expect(throws: PNGError.self) {
            try PNGEncoder(format: PNGImageFormat(width: 2, height: 2, colorType: .rgba), palette: palette) { _ in }
        }
        #expect(throws: PNGError.self) {
            try PNGEncoder(format: PNGImageFormat(width: 2, height: 2, bitDepth: 16), palette: palette) { _ in }
        }
        #expect(PNGPalette(samples: [1, 2, 3, 1, 2, 3], bytesPerColor: 3) == nil)
        #expect(PNGPalette(samples: [1, 2, 3, 4], bytesPerColor: 3) == nil)
        #expect(PNGPalette(samples: [], bytesPerColor: 3) == nil)
    }
}
