import PNGEncoding
import Testing

@Suite("Round trips through libpng")
struct RoundTripTests {
    @Test("every row pattern decodes to the input, in every colour type and bit depth", arguments: RowPattern.allCases)
    func patterns(pattern: RowPattern) throws {
        for (colorType, bitDepth) in allFormats {
            let format = PNGImageFormat(width: 37, height: 23, colorType: colorType, bitDepth: bitDepth)
            try expectRoundTrip(format, rows: pattern.rows(format))
        }
    }

    @Test(
        "odd shapes decode to the input",
        arguments: [(1, 1), (1, 300), (300, 1), (2, 2), (3, 517), (1500, 3), (6000, 5)])
    func shapes(width: Int, height: Int) throws {
        for (colorType, bitDepth) in allFormats {
            let format = PNGImageFormat(width: width, height: height, colorType: colorType, bitDepth: bitDepth)
            for pattern in RowPattern.allCases {
                try expectRoundTrip(format, rows: pattern.rows(format, seed: UInt64(width * 31 + height)))
            }
        }
    }

    @Test("mixed rows decode to the input for many seeds", arguments: 1...12)
    func mixedSeeds(seed: Int) throws {
        let format = PNGImageFormat(width: 50 + seed * 13, height: 40, colorType: seed % 2 == 0 ? .rgb : .rgba)
        try expectRoundTrip(format, rows: RowPattern.mixed.rows(format, seed: UInt64(seed)))
    }

    @Test("tall images span several coder blocks and IDAT chunks", arguments: [(1, 20000), (700, 400)])
    func tall(width: Int, height: Int) throws {
        for pattern in [RowPattern.vertical, .mixed, .alternating, .shifted] {
            let format = PNGImageFormat(width: width, height: height)
            try expectRoundTrip(format, rows: pattern.rows(format))
        }
    }

    @Test("shifted rows decode to the input for many seeds", arguments: 1...12)
    func shiftedSeeds(seed: Int) throws {
        let format = PNGImageFormat(
            width: 200 + seed * 37, height: 60, colorType: seed % 2 == 0 ? .rgb : .rgba,
            bitDepth: seed % 3 == 0 ? 16 : 8)
        try expectRoundTrip(format, rows: RowPattern.shifted.rows(format, seed: UInt64(seed)))
    }

    @Test("a large image reaches the sink in several pieces before finishing")
    func streams() throws {
        let format = PNGImageFormat(width: 512, height: 256)
        let collector = ByteCollector()
        let encoder = try PNGEncoder(format: format, options: streamed, sink: collector.sink)
        for row in RowPattern.random.rows(format) {
            try row.withUnsafeBytes { try encoder.writeRow($0) }
        }
        #expect(collector.callCount > 4)
        try encoder.finish()
        #expect(chunkTypes(collector.bytes).filter { $0 == "IDAT" }.count > 4)
    }
}

@Suite("Periodic rows after run rows")
struct PeriodicRowTests {
    /// A row of `width` pixels repeating the 8-pixel tile `[v, v, v, v, v, v, v, w]`: its Sub filter is mostly zeros,
    /// so the coder copies zeros from wherever they are, including the run row before it.
    static func tiledRow(width: Int, bytesPerPixel: Int, v: UInt8, w: UInt8) -> [UInt8] {
        Array((0..<width).map { [UInt8](repeating: $0 % 8 == 7 ? w : v, count: bytesPerPixel) }.joined())
    }

    @Test("a dithered row decodes right after a repeated, a solid and a solid-step row", arguments: [0, 1, 2])
    func afterRunRows(kind: Int) throws {
        let format = PNGImageFormat(width: 64, height: 6)
        let solid = { (value: UInt8) in [UInt8](repeating: value, count: format.bytesPerRow) }
        let tiled = Self.tiledRow(width: 64, bytesPerPixel: 3, v: 5, w: 9)
        let random = (0..<format.bytesPerRow).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
        let lead: [[UInt8]]
        switch kind {
        case 0: lead = [random, random]  // repeated: [2, 0, 0, …]
        case 1: lead = [random, solid(32)]  // solid: [1, 32, 32, 32, 0, …]
        default: lead = [solid(0), solid(32)]  // solid step: [2, 32, 32, …]
        }
        try expectRoundTrip(format, rows: lead + [tiled, tiled.reversed(), tiled, solid(7)])
    }
}
