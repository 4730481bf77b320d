import SeededRandom
import Testing

@testable import PNGEncoding

/// Rows that repeat a row whole dither periods above replay that row's match: the bytes must be those of matching
/// every row.
@Suite("Replaying the match of a row some dither periods above")
struct PeriodRowReplayTests {
    /// A dithered horizontal ramp per channel, from `start` to `end`: every row the row 8 above.
    private static func ditheredHorizontal(_ format: PNGImageFormat, start: [Int], end: [Int]) -> [[UInt8]] {
        let channels = format.colorType.channelCount
        let bytesPerSample = format.bitDepth / 8
        return (0..<format.height).map { y in
            var row: [UInt8] = []
            row.reserveCapacity(format.bytesPerRow)
            for x in 0..<format.width {
                let threshold = Double(skiaDitherThresholds[y % 8][x % 8]) / 64 - 0.5
                for channel in 0..<channels {
                    let share = Double(x) / Double(max(1, format.width - 1))
                    let value = Double(start[channel]) + share * Double(end[channel] - start[channel]) + threshold
                    let sample = min(max(Int(value.rounded()), 0), 255)
                    if bytesPerSample == 2 {
                        row.append(UInt8(sample))
                        row.append(UInt8(truncatingIfNeeded: sample * 37))
                    } else {
                        row.append(UInt8(sample))
                    }
                }
            }
            return row
        }
    }

    /// `rows` with, every so often, a solid row, a repeat of the row before or one changed byte in place of a row.
    private static func interrupted(_ rows: [[UInt8]], seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        var result = rows
        for index in 1..<result.count where Int.random(in: 0..<40, using: &generator) == 0 {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: result[index] = Array(repeating: result[index][0], count: result[index].count)
            case 1: result[index] = result[index - 1]
            default: result[index][Int.random(in: 0..<result[index].count, using: &generator)] &+= 1
            }
        }
        return result
    }

    private static func encode(
        _ format: PNGImageFormat, palette: PNGPalette? = nil, rows: [[UInt8]], replaying: Bool
    ) throws -> (png: [UInt8], replayed: Int) {
        let collector = ByteCollector()
        let encoder = try PNGEncoder(
            format: format, palette: palette, replaysPeriodRows: replaying, sink: collector.sink)
        for row in rows {
            try row.withUnsafeBytes { try encoder.writeRow($0) }
        }
        try encoder.finish()
        return (collector.bytes, encoder.replayedRowCount)
    }

    /// Checks that replaying gives the bytes of matching every row, that those decode to `rows`, and returns how
    /// many rows were replayed.
    private static func expectSameBytes(
        _ format: PNGImageFormat, palette: PNGPalette? = nil, rows: [[UInt8]],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let replayed = try encode(format, palette: palette, rows: rows, replaying: true)
        let matched = try encode(format, palette: palette, rows: rows, replaying: false)
        #expect(matched.replayed == 0, sourceLocation: sourceLocation)
        #expect(replayed.png == matched.png, sourceLocation: sourceLocation)
        if palette == nil {
            let decoded = try PNGDecoder.decode(replayed.png)
            #expect(decoded.pixels == expectedPixels(format, rows: rows), sourceLocation: sourceLocation)
        }
        return replayed.replayed
    }

    @Test(
        "a dithered horizontal ramp replays most rows, in the bytes of matching each (1920 wide: GradientImageTests)",
        arguments: [(1200, PNGColorType.rgb, 8), (1000, .rgba, 8), (640, .rgb, 16), (300, .rgb, 8)])
    func ditheredRamp(width: Int, colorType: PNGColorType, bitDepth: Int) throws {
        let format = PNGImageFormat(width: width, height: 200, colorType: colorType, bitDepth: bitDepth)
        let rows = Self.ditheredHorizontal(format, start: [255, 0, 0, 255], end: [0, 0, 255, 128])
        let replayed = try Self.expectSameBytes(format, rows: rows)
        #expect(replayed > 100)
    }

    @Test(
        "solid and repeated rows and changed bytes among the repeating rows keep the bytes of matching each",
        arguments: [(1920, UInt64(1)), (1200, 2), (4100, 3), (300, 4)])
    func interruptedRamp(width: Int, seed: UInt64) throws {
        let format = PNGImageFormat(width: width, height: 240)
        let rows = Self.interrupted(
            Self.ditheredHorizontal(format, start: [10, 200, 90], end: [250, 20, 100]), seed: seed)
        _ = try Self.expectSameBytes(format, rows: rows)
    }

    @Test(
        "tiles, diagonals and the other row patterns keep the bytes of matching each",
        arguments: [RowPattern.ditherTile, .ditherDiagonal, .dithered, .mixed, .shifted, .horizontal])
    func patterns(pattern: RowPattern) throws {
        for width in [37, 1200, 1920] {
            let format = PNGImageFormat(width: width, height: 96)
            _ = try Self.expectSameBytes(format, rows: pattern.rows(format, seed: UInt64(width)))
        }
    }

    @Test("rows longer than deflate's window (no history) still replay, in the bytes of matching each")
    func rowsBeyondTheWindow() throws {
        let format = PNGImageFormat(width: 11000, height: 64)
        let rows = Self.ditheredHorizontal(format, start: [0, 90, 255], end: [255, 90, 0])
        _ = try Self.expectSameBytes(format, rows: rows)
    }

    @Test("palette rows that repeat the row 8 above keep the bytes of matching each")
    func paletteRows() throws {
        let format = PNGImageFormat(width: 1500, height: 120)
        let rows = Self.ditheredHorizontal(format, start: [20, 60, 90], end: [60, 20, 140])
        let palette = try #require(censusPalette(format, rows: rows))
        _ = try Self.expectSameBytes(format, palette: palette, rows: rows)
    }
}
