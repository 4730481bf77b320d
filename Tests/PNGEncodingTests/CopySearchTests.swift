import CZlib
import SeededRandom
import Testing

@testable import PNGEncoding

/// The searches for copies beyond the ranked distances: the anchors of ``AnchorIndex``, ``HashMatcher``'s second
/// chains on busy rows, and hard-edged rows and rows that repeat with a few breaks sent to zlib unfiltered.
@Suite("Copies found beyond the ranked distances")
struct CopySearchTests {
    private static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// zlib level 9's bytes for `data`.
    private static func zlibLevel9Count(_ data: [UInt8]) -> Int {
        var count = UInt(compressBound(UInt(data.count)))
        var bytes = [UInt8](repeating: 0, count: Int(count))
        #expect(compress2(&bytes, &count, data, UInt(data.count), 9) == Z_OK)
        return Int(count)
    }

    /// The rows Sub-filtered, each with its filter byte, as one stream.
    private static func subFiltered(_ rows: [[UInt8]], bytesPerPixel: Int) -> [UInt8] {
        rows.flatMap { row in
            [UInt8(1)] + row.indices.map { row[$0] &- ($0 >= bytesPerPixel ? row[$0 - bytesPerPixel] : 0) }
        }
    }

    @Test("an anchor finds a copy from any distance into the history or the row, and only one whose bytes match")
    func anchorsFindCopies() throws {
        let format = PNGImageFormat(width: 64, height: 8)
        let history = FilteredRowHistory(format: format)
        let length = history.rowLength
        let earlier = Self.randomBytes(3 * length, seed: 7)
        for row in 0..<3 {
            history.current.update(from: Array(earlier[row * length..<(row + 1) * length]), count: length)
            history.commitCurrent()
        }
        history.indexAnchors()
        let anchors = try #require(history.anchors)
        // The current row: random, but for 100 bytes of the first history row taken at an odd offset, and a
        // repeat of its own bytes 20..<60 at 150.
        var current = Self.randomBytes(length, seed: 8)
        current.replaceSubrange(10..<110, with: earlier[37..<137])
        current.replaceSubrange(150..<190, with: current[20..<60])
        history.current.update(from: current, count: length)
        let available = history.historyByteCount
        anchors.beginRow(rowLength: length)

        let fromHistory = anchors.longestCopy(
            history.current, at: 10, limit: 100, available: available)
        #expect(fromHistory.length == 100)
        #expect(fromHistory.distance == 3 * length + 10 - 37)

        let fromRow = anchors.longestCopy(
            history.current, at: 150, limit: 40, available: available)
        #expect(fromRow.length == 40)
        #expect(fromRow.distance == 130)

        // A later match of the row with other bytes where the repeat stood: the earlier match's anchors are
        // forgotten, and nothing the anchors return is a copy that does not hold.
        current.replaceSubrange(20..<60, with: Self.randomBytes(40, seed: 9))
        history.current.update(from: current, count: length)
        anchors.beginRow(rowLength: length)
        let afterChange = anchors.longestCopy(
            history.current, at: 150, limit: 40, available: available)
        #expect(afterChange.distance != 130)
        #expect(
            (0..<afterChange.length).allSatisfy {
                history.current[150 + $0] == history.current[150 + $0 - afterChange.distance]
            })
    }

    /// Two colours in rings 10 pixels wide around a point off the image's centre: hard edges, too many for flat rows.
    private static func hardRings(_ format: PNGImageFormat) -> [[UInt8]] {
        let channels = format.colorType.channelCount
        return (0..<format.height).map { y in
            var row: [UInt8] = []
            for x in 0..<format.width {
                let dx = Double(x) - Double(format.width) * 0.4
                let dy = Double(y) - Double(format.height) * 0.45
                let light = Int((dx * dx + dy * dy).squareRoot() / 10) % 2 == 0
                for channel in 0..<channels {
                    row.append(channel == 3 ? 255 : light ? 255 : UInt8(204 - 40 * channel))
                }
            }
            return row
        }
    }

    @Test("rows of many hard edges go to zlib unfiltered, near what zlib level 9 makes of the unfiltered image")
    func hardEdgedRowsGoToZlibUnfiltered() throws {
        for colorType in [PNGColorType.rgb, .rgba] {
            let format = PNGImageFormat(width: 1200, height: 630, colorType: colorType)
            let rows = Self.hardRings(format)
            let png = try encodePNG(format, rows: rows)
            let unfiltered = rows.flatMap { [UInt8(0)] + $0 }
            // 1.19× (RGB) and 1.18× (RGBA), zlib searching chains of 1,024 (1.01× and 1.06× with level 9's 4,096);
            // 1.71× and 1.68× through HashMatcher's sparse search.
            #expect(png.count * 100 <= Self.zlibLevel9Count(unfiltered) * 125)
            try expectRoundTrip(format, rows: rows)
        }
    }

    /// A dithered ramp repeating every 40 pixels of distance from the top-left corner: rows busy with literals.
    private static func ditheredRepeatingRings(_ format: PNGImageFormat) -> [[UInt8]] {
        (0..<format.height).map { y in
            var row: [UInt8] = []
            for x in 0..<format.width {
                let distance = (Double(x * x + y * y)).squareRoot()
                let share = distance.truncatingRemainder(dividingBy: 40) / 40
                let threshold = Double(skiaDitherThresholds[y % 8][x % 8]) / 64 - 0.5
                for (start, end) in [(230.0, 145.0), (100.0, 152.0), (101.0, 229.0)] {
                    row.append(UInt8(min(max((start + share * (end - start) + threshold).rounded(), 0), 255)))
                }
            }
            return row
        }
    }

    @Test("busy dithered rows find the short copies of second chains: near zlib level 9's bytes")
    func busyRowsFindShortCopies() throws {
        let format = PNGImageFormat(width: 1200, height: 630)
        let rows = Self.ditheredRepeatingRings(format)
        let png = try encodePNG(format, rows: rows)
        let zlib = Self.zlibLevel9Count(Self.subFiltered(rows, bytesPerPixel: 3))
        // 1.08× zlib level 9's bytes of the same Sub-filtered rows; 1.48× without the second chains.
        #expect(png.count * 100 <= zlib * 115)
        try expectRoundTrip(format, rows: rows)
    }

    /// A dithered vertical ramp from (15, 32, 39) to (44, 83, 100), with `overlay` mixed over each pixel: the weight
    /// of white there (0 to 1).
    private static func ditheredVerticalRamp(
        _ format: PNGImageFormat, overlay: (_ x: Int, _ y: Int) -> Double
    ) -> [[UInt8]] {
        (0..<format.height).map { y in
            let share = Double(y) / Double(format.height - 1)
            var row: [UInt8] = []
            for x in 0..<format.width {
                let threshold = Double(skiaDitherThresholds[y % 8][x % 8]) / 64 - 0.5
                let white = overlay(x, y)
                for (start, end) in [(15.0, 44.0), (32.0, 83.0), (39.0, 100.0)] {
                    let value = (start + share * (end - start)) * (1 - white) + 255 * white
                    row.append(UInt8(min(max((value + threshold).rounded(), 0), 255)))
                }
            }
            return row
        }
    }

    /// The rows Up-filtered, each with its filter byte, as one stream.
    private static func upFiltered(_ rows: [[UInt8]]) -> [UInt8] {
        rows.indices.flatMap { y in
            [UInt8(2)] + rows[y].indices.map { rows[y][$0] &- (y > 0 ? rows[y - 1][$0] : 0) }
        }
    }

    @Test(
        "a bar or a grid over a dithered vertical ramp: rows that repeat with a few breaks code near zlib level 9's bytes",
        arguments: ["bar", "grid"])
    func rowsRepeatingWithBreaks(overlay: String) throws {
        let format = PNGImageFormat(width: 1200, height: 630)
        let rows = Self.ditheredVerticalRamp(format) { x, y in
            overlay == "bar" ? (588..<612).contains(x) ? 1 : 0 : x % 40 < 2 || y % 40 < 2 ? 0.15 : 0
        }
        let png = try encodePNG(format, rows: rows)
        let upZlib = Self.zlibLevel9Count(Self.upFiltered(rows))
        let unfilteredZlib = Self.zlibLevel9Count(rows.flatMap { [UInt8(0)] + $0 })
        // Bar: 0.99× the smaller of zlib level 9's Up-filtered and unfiltered bytes (1.41× with these rows
        // Sub-filtered through the structural matcher); grid: 1.05× (1.35×).
        #expect(png.count * 100 <= min(upZlib, unfilteredZlib) * 108)
        try expectRoundTrip(format, rows: rows)
    }

    /// 30° stripes 100 pixels apart, dithered between two close colours: a few dozen colours in all.
    private static func ditheredAngledStripes(_ format: PNGImageFormat) -> [[UInt8]] {
        (0..<format.height).map { y in
            var row: [UInt8] = []
            for x in 0..<format.width {
                let along = Double(x) * 0.5 + Double(y) * 0.866
                let phase = along.truncatingRemainder(dividingBy: 100) / 50
                let share = phase <= 1 ? phase : 2 - phase
                let threshold = Double(skiaDitherThresholds[y % 8][x % 8]) / 64 - 0.5
                for (start, end) in [(30.0, 42.0), (60.0, 82.0), (114.0, 152.0)] {
                    row.append(UInt8((start + share * (end - start) + threshold).rounded()))
                }
            }
            return row
        }
    }

    @Test("dense palette rows after a busy one find zlib's short copies: near zlib level 9's bytes of the indices")
    func busyPaletteRowsGoToZlib() throws {
        let format = PNGImageFormat(width: 1200, height: 630)
        let rows = Self.ditheredAngledStripes(format)
        let palette = try #require(censusPalette(format, rows: rows))
        var indexOf: [[UInt8]: UInt8] = [:]
        for index in 0..<palette.count {
            indexOf[Array(palette.samples[index * 3..<index * 3 + 3])] = UInt8(index)
        }
        let indices = rows.map { row in
            stride(from: 0, to: row.count, by: 3).map { indexOf[Array(row[$0..<$0 + 3])] ?? 0 }
        }
        let png = try encodePNG(format, palette: palette, rows: rows)
        let zlib = Self.zlibLevel9Count(Self.subFiltered(indices, bytesPerPixel: 1))
        // 1.04× zlib level 9's bytes of the Sub-filtered indices (119 colours); 1.40× through HashMatcher.
        #expect(png.count * 100 <= zlib * 110)
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.colorType == .indexed)
        #expect(decoded.pixels == expectedPixels(format, rows: rows))
    }
}
