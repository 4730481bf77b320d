import SeededRandom
import Testing

@testable import PNGEncoding

/// Images small enough to hold (``PNGEncoderOptions/referencePixelLimit``) are written as the smaller of the encoder's
/// own PNG and the reference PNG: libpng's adaptive filters through zlib level 9, Pillow's `optimize=True`.
@Suite("Reference PNG of held images")
struct ReferencePNGTests {
    /// Small images of kinds where either side wins: noise, smooth ramps, stripes, single pixels and thin strips.
    static let cases: [(format: PNGImageFormat, seed: UInt64)] = [
        (PNGImageFormat(width: 1, height: 1), 1), (PNGImageFormat(width: 3, height: 66), 2),
        (PNGImageFormat(width: 94, height: 2), 3), (PNGImageFormat(width: 128, height: 8), 4),
        (PNGImageFormat(width: 9, height: 1920), 5), (PNGImageFormat(width: 40, height: 30, colorType: .rgba), 6),
        (PNGImageFormat(width: 17, height: 23, colorType: .rgb, bitDepth: 16), 7),
        (PNGImageFormat(width: 120, height: 150), 8),
    ]

    /// Rows of one of four kinds, chosen by the seed: noise, a diagonal ramp, vertical stripes, a ramp with noise.
    static func rows(_ format: PNGImageFormat, seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        let bytesPerPixel = format.bytesPerPixel
        return (0..<format.height).map { y in
            (0..<format.bytesPerRow).map { index in
                let x = index / bytesPerPixel
                switch seed % 4 {
                case 0: return UInt8.random(in: 0...255, using: &random)
                case 1: return UInt8(truncatingIfNeeded: x * 3 + y * 2 + index % bytesPerPixel * 40)
                case 2: return (x / 5) % 2 == 0 ? 200 : 30
                default: return UInt8(truncatingIfNeeded: x + y + Int.random(in: 0...2, using: &random))
                }
            }
        }
    }

    static func encode(_ format: PNGImageFormat, rows: [[UInt8]], limit: Int) throws -> [UInt8] {
        try encodePNG(format, rows: rows, options: PNGEncoderOptions(referencePixelLimit: limit))
    }

    @Test(
        "a held image is the smaller of the streamed PNG and the reference, and decodes to its rows", arguments: cases)
    func heldIsTheSmaller(format: PNGImageFormat, seed: UInt64) throws {
        let rows = Self.rows(format, seed: seed)
        let held = try Self.encode(format, rows: rows, limit: format.width * format.height)
        let streamed = try Self.encode(format, rows: rows, limit: 0)
        let reference = try ReferenceFile(format: format, rows: rows)
        #expect(held.count == min(streamed.count, reference.bytes.count))
        #expect(held == (reference.bytes.count < streamed.count ? reference.bytes : streamed))
        #expect(try PNGDecoder.decode(held).pixels == expectedPixels(format, rows: rows))
        #expect(try PNGDecoder.decode(reference.bytes).pixels == expectedPixels(format, rows: rows))
    }

    @Test("RGBA rows that are all opaque are referenced as RGB, as Pillow holds them")
    func opaqueRGBAReferencedAsRGB() throws {
        let format = PNGImageFormat(width: 40, height: 30, colorType: .rgba)
        let rgbFormat = PNGImageFormat(width: 40, height: 30, colorType: .rgb)
        let rgbRows = Self.rows(rgbFormat, seed: 3)
        let rows = rgbRows.map(Self.opaque)
        let held = try Self.encode(format, rows: rows, limit: format.width * format.height)
        let streamed = try Self.encode(format, rows: rows, limit: 0)
        let reference = try ReferenceFile(format: rgbFormat, rows: rgbRows)
        #expect(reference.bytes.count < streamed.count, "the case must be one the RGB reference wins")
        #expect(held == reference.bytes)
        #expect(try PNGDecoder.decode(held).pixels == expectedPixels(format, rows: rows))
    }

    @Test("a translucent pixel in a later row keeps the rows before it RGBA in the reference")
    func translucentLateRow() throws {
        let format = PNGImageFormat(width: 40, height: 30, colorType: .rgba)
        var rows = Self.rows(PNGImageFormat(width: 40, height: 30, colorType: .rgb), seed: 3).map(Self.opaque)
        rows[17][7 * 4 + 3] = 128
        let held = try Self.encode(format, rows: rows, limit: format.width * format.height)
        let streamed = try Self.encode(format, rows: rows, limit: 0)
        let reference = try ReferenceFile(format: format, rows: rows)
        #expect(held == (reference.bytes.count < streamed.count ? reference.bytes : streamed))
        #expect(try PNGDecoder.decode(held).pixels == expectedPixels(format, rows: rows))
    }

    @Test("one pixel over the limit, the image streams as before")
    func overTheLimitStreams() throws {
        // The first case the reference wins: it tells whether the limit held the image.
        let won = try Self.cases.first { format, seed in
            let rows = Self.rows(format, seed: seed)
            return try ReferenceFile(format: format, rows: rows).bytes.count
                < Self.encode(format, rows: rows, limit: 0).count
        }
        let (format, seed) = try #require(won, "no case is one the reference wins")
        let rows = Self.rows(format, seed: seed)
        let pixelCount = format.width * format.height
        let streamed = try Self.encode(format, rows: rows, limit: 0)
        let reference = try ReferenceFile(format: format, rows: rows)
        #expect(try Self.encode(format, rows: rows, limit: pixelCount - 1) == streamed)
        #expect(try Self.encode(format, rows: rows, limit: pixelCount) == reference.bytes)
    }

    /// Every image of fewer than 65,536 pixels is held by default, whatever its colour type: a narrow tall RGB one
    /// whose filter bytes, one a row, pass three bytes a pixel (76×859, from the judge's seed 1) and an RGBA one of
    /// 65,535 pixels; one of 65,536 pixels streams. Rows of grain (``GrainedImageTests/grainedRows(_:seed:)``), which
    /// the reference codes smaller than the encoder's coders, so that holding shows in the bytes.
    @Test(
        "the default limit holds every image of fewer than 65,536 pixels",
        arguments: [
            (PNGImageFormat(width: 76, height: 859), true),
            (PNGImageFormat(width: 255, height: 257, colorType: .rgba), true),
            (PNGImageFormat(width: 256, height: 256, colorType: .rgba), false),
        ])
    func defaultLimitHoldsSmallImages(format: PNGImageFormat, isHeld: Bool) throws {
        let rows = GrainedImageTests.grainedRows(format, seed: 5)
        let streamed = try Self.encode(format, rows: rows, limit: 0)
        let reference = try ReferenceFile(format: format, rows: rows)
        #expect(reference.bytes.count < streamed.count, "the case must be one the reference wins")
        let isReference = try encodePNG(format, rows: rows, options: PNGEncoderOptions()) == reference.bytes
        #expect(isReference == isHeld)
    }

    @Test("each reference row takes the filter of least magnitude sum, earlier filters winning ties", arguments: cases)
    func adaptiveFilterChoice(format: PNGImageFormat, seed: UInt64) throws {
        let rows = Self.rows(format, seed: seed)
        let reference = try ReferenceFile(format: format, rows: rows)
        let filtered = try inflate(idatData(reference.bytes), expectedCount: format.height * (format.bytesPerRow + 1))
        var previous = [UInt8](repeating: 0, count: format.bytesPerRow)
        for (y, row) in rows.enumerated() {
            let start = y * (format.bytesPerRow + 1)
            let sums = (0...4).map { filter in
                Self.filter(row, previous: previous, type: filter, bytesPerPixel: format.bytesPerPixel)
                    .reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) }
            }
            // Pillow's order of trial: None, Up, Sub, Average, Paeth; a later filter wins only when strictly less.
            var best = 0
            for filter in [2, 1, 3, 4] where sums[filter] < sums[best] { best = filter }
            #expect(Int(filtered[start]) == best, "row \(y): sums \(sums)")
            #expect(
                Array(filtered[start + 1..<start + 1 + format.bytesPerRow])
                    == Self.filter(row, previous: previous, type: best, bytesPerPixel: format.bytesPerPixel))
            previous = row
        }
    }

    @Test("a held image reaches the sink only at finish, and a failing sink fails finish")
    func heldSinkTiming() throws {
        let format = PNGImageFormat(width: 16, height: 16)
        let rows = Self.rows(format, seed: 0)
        var calls = 0
        let encoder = try PNGEncoder(format: format) { _ in
            calls += 1
            throw SinkFailure()
        }
        for row in rows { try row.withUnsafeBytes { try encoder.writeRow($0) } }
        #expect(calls == 0)
        #expect {
            try encoder.finish()
        } throws: { error in
            guard case .sinkFailed = error as? PNGError else { return false }
            return true
        }
        #expect(calls == 1)
    }

    /// An RGB row with an opaque alpha sample after each pixel.
    static func opaque(_ row: [UInt8]) -> [UInt8] {
        var rgba: [UInt8] = []
        for pixel in stride(from: 0, to: row.count, by: 3) {
            rgba += row[pixel..<pixel + 3]
            rgba.append(255)
        }
        return rgba
    }

    /// The bytes of `row` under PNG filter `type`, by the specification's definitions.
    static func filter(_ row: [UInt8], previous: [UInt8], type: Int, bytesPerPixel: Int) -> [UInt8] {
        row.indices.map { index in
            let left = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
            let above = Int(previous[index])
            let aboveLeft = index >= bytesPerPixel ? Int(previous[index - bytesPerPixel]) : 0
            let predictor: Int
            switch type {
            case 0: predictor = 0
            case 1: predictor = left
            case 2: predictor = above
            case 3: predictor = (left + above) / 2
            default:
                let estimate = left + above - aboveLeft
                let (toLeft, toAbove, toAboveLeft) = (
                    abs(estimate - left), abs(estimate - above), abs(estimate - aboveLeft)
                )
                predictor =
                    toLeft <= toAbove && toLeft <= toAboveLeft ? left : toAbove <= toAboveLeft ? above : aboveLeft
            }
            return row[index] &- UInt8(predictor)
        }
    }
}

/// A reference without a budget reported one.
struct ReferenceOverBudget: Error {}

/// The reference PNG of `rows`, built by ``ReferencePNG`` itself.
struct ReferenceFile {
    let bytes: [UInt8]

    init(format: PNGImageFormat, rows: [[UInt8]]) throws {
        let reference = try ReferencePNG(format: format)
        for row in rows { _ = try row.withUnsafeBufferPointer { try reference.writeRow($0.baseAddress!) } }
        guard let file = try reference.finish() else { throw ReferenceOverBudget() }
        bytes = file
    }
}
