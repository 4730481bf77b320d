import GradientCore
import GradientImage
import Testing

@testable import PNGEncoding

/// The encoder replays the match of a row that repeats a row whole dither periods above (every row of a dithered
/// horizontal gradient after the first eight): the bytes must be those of matching every row.
@Suite("Replayed rows of rendered gradients")
struct PeriodRowReplayGradientTests {
    @Test(
        "dithered horizontal gradients replay most rows, in the bytes of matching each",
        arguments: [
            "colors=ff0000,0000ff&dir=horizontal&width=1920&height=300",
            "colors=000000,ffffff&dir=horizontal&width=1920&height=200",
            "colors=ff0000,0000ff&dir=horizontal&width=1000&height=200",
            "colors=ff0000,0000ff&dir=horizontal&width=3000&height=200",
            "colors=ff7e5f,feb47b&dir=horizontal&width=1920&height=200",
        ])
    func horizontalGradients(query: String) throws {
        let image = try DecodedGradient(query)
        let spec = image.spec
        let format = GradientPNG.format(of: spec)
        var rasterizer = Rasterizer(spec: spec)
        var rows: [[UInt8]] = []
        var row = [UInt8](repeating: 0, count: rasterizer.bytesPerRow)
        for y in 0..<format.height {
            row.withUnsafeMutableBytes { rasterizer.renderRow(y, into: $0) }
            rows.append(row)
        }
        // As the service encodes it: with a palette when it has at most 256 colours.
        let palette = try GradientPNG.palette(of: spec)
        func encode(replaying: Bool) throws -> (png: [UInt8], replayed: Int) {
            var png: [UInt8] = []
            let encoder = try PNGEncoder(format: format, palette: palette, replaysPeriodRows: replaying) {
                png += $0
            }
            for row in rows {
                try row.withUnsafeBytes { try encoder.writeRow($0) }
            }
            try encoder.finish()
            return (png, encoder.replayedRowCount)
        }
        let replayed = try encode(replaying: true)
        let matched = try encode(replaying: false)
        #expect(replayed.png == matched.png)
        #expect(matched.replayed == 0)
        #expect(image.png == replayed.png)
        #expect(replayed.replayed > format.height / 2)
    }
}
