import SeededRandom
import Testing

@testable import PNGEncoding

/// Images with grain (``PNGEncoderOptions/hasGrain``) that are streamed without a palette are written by Pillow's
/// `optimize=True` method, and every PNG's IDAT chunks are 64 KiB but the last, as Pillow's are.
@Suite("Images with grain, and IDAT chunk sizes")
struct GrainedImageTests {
    /// A ramp with noise of ±12 added to the three channels alike, as the renderer's grain is (16-bit samples: the
    /// same high byte, a ramp in the low one); RGBA rows have a translucent alpha ramp.
    static func grainedRows(_ format: PNGImageFormat, seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        let isSixteenBit = format.bitDepth == 16
        return (0..<format.height).map { y in
            var row: [UInt8] = []
            for x in 0..<format.width {
                let noise = Int.random(in: -12...12, using: &random)
                var samples = (0..<3).map { channel in UInt8(clamping: 40 + channel * 60 + (x + y) / 8 + noise) }
                if format.colorType == .rgba { samples.append(UInt8(clamping: 128 + y % 100)) }
                for sample in samples {
                    row.append(sample)
                    if isSixteenBit { row.append(UInt8(truncatingIfNeeded: x * 13 + y)) }
                }
            }
            return row
        }
    }

    static let grained = PNGEncoderOptions(hasGrain: true, referencePixelLimit: 0)

    @Test(
        "a streamed image with grain carries the reference PNG's deflate stream, Pillow's method",
        arguments: [
            PNGImageFormat(width: 300, height: 200), PNGImageFormat(width: 97, height: 410, colorType: .rgba),
            PNGImageFormat(width: 64, height: 64, colorType: .rgb, bitDepth: 16),
        ])
    func grainedIsPillowsMethod(format: PNGImageFormat) throws {
        let rows = Self.grainedRows(format, seed: UInt64(format.width))
        let png = try encodePNG(format, rows: rows, options: Self.grained)
        let reference = try ReferenceFile(format: format, rows: rows)
        // The same deflate data and Adler-32; only the zlib header's level bits differ.
        #expect(Array(idatData(png).dropFirst(2)) == Array(idatData(reference.bytes).dropFirst(2)))
        #expect(png.count <= reference.bytes.count)
        #expect(try PNGDecoder.decode(png).pixels == expectedPixels(format, rows: rows))
        let ownCoders = try encodePNG(format, rows: rows)
        #expect(png != ownCoders, "grain must change the coding")
    }

    @Test("an image with grain written with a palette, or held, is coded as without grain")
    func grainLeavesPaletteAndHeldImages() throws {
        let format = PNGImageFormat(width: 120, height: 90)
        let rows: [[UInt8]] = (0..<format.height).map { y in
            (0..<format.width).flatMap { x -> [UInt8] in [UInt8((x * 7 + y) % 5 * 50), 20, 200] }
        }
        let palette = try #require(censusPalette(format, rows: rows))
        #expect(
            try encodePNG(format, palette: palette, rows: rows, options: Self.grained)
                == encodePNG(format, palette: palette, rows: rows))
        let held = PNGEncoderOptions(hasGrain: true, referencePixelLimit: .max)
        let noiseRows = Self.grainedRows(format, seed: 9)
        #expect(
            try encodePNG(format, rows: noiseRows, options: held)
                == encodePNG(format, rows: noiseRows, options: PNGEncoderOptions(referencePixelLimit: .max)))
    }

    @Test(
        "every IDAT chunk but the last holds 64 KiB",
        arguments: [PNGEncoderOptions(referencePixelLimit: 0), grained])
    func fullChunks(options: PNGEncoderOptions) throws {
        let format = PNGImageFormat(width: 700, height: 400)
        let rows = Self.grainedRows(format, seed: 4)
        let png = try encodePNG(format, rows: rows, options: options)
        let sizes = chunkHeads(png).filter { $0.type == "IDAT" }.map(\.length)
        #expect(sizes.count >= 3, "the case must span several chunks")
        #expect(sizes.dropLast().allSatisfy { $0 == IDATStream.chunkSize })
        #expect((1...IDATStream.chunkSize).contains(sizes.last ?? 0))
        #expect(try PNGDecoder.decode(png).pixels == expectedPixels(format, rows: rows))
    }
}
