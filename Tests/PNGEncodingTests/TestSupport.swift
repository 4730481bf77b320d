import CZlib
import PNGEncoding
import SeededRandom
import Testing

struct SinkFailure: Error {}

/// Skia's 8×8 ordered-dither thresholds, in 64ths.
let skiaDitherThresholds: [[Int]] = [
    [0, 32, 8, 40, 2, 34, 10, 42], [48, 16, 56, 24, 50, 18, 58, 26], [12, 44, 4, 36, 14, 46, 6, 38],
    [60, 28, 52, 20, 62, 30, 54, 22], [3, 35, 11, 43, 1, 33, 9, 41], [51, 19, 59, 27, 49, 17, 57, 25],
    [15, 47, 7, 39, 13, 45, 5, 37], [63, 31, 55, 23, 61, 29, 53, 21],
]

/// The palette ``PNGPaletteCensus`` takes from every row of `rows`: nil when they hold more than 256 colours.
func censusPalette(_ format: PNGImageFormat, rows: [[UInt8]]) -> PNGPalette? {
    let census = PNGPaletteCensus(format: format)
    for row in rows {
        _ = row.withUnsafeBytes { census.add($0) }
    }
    return census.palette
}

/// Encodes `rows`, decodes the file with libpng, and checks header and every sample exactly.
/// Also inflates the IDAT data with zlib (checking Adler-32) and checks its length.
func expectRoundTrip(
    _ format: PNGImageFormat, rows: [[UInt8]], sourceLocation: SourceLocation = #_sourceLocation
)
    throws
{
    let png = try encodePNG(format, rows: rows)
    let decoded = try PNGDecoder.decode(png)
    #expect(decoded.width == format.width, sourceLocation: sourceLocation)
    #expect(decoded.height == format.height, sourceLocation: sourceLocation)
    #expect(decoded.bitDepth == format.bitDepth, sourceLocation: sourceLocation)
    #expect(decoded.colorType == format.colorType, sourceLocation: sourceLocation)
    #expect(decoded.pixels == expectedPixels(format, rows: rows), sourceLocation: sourceLocation)
    let filtered = try inflate(idatData(png), expectedCount: format.height * (format.bytesPerRow + 1))
    #expect(filtered.count == format.height * (format.bytesPerRow + 1), sourceLocation: sourceLocation)
}

/// Chunk types of `png` in order.
func chunkTypes(_ png: [UInt8]) -> [String] {
    chunkHeads(png).map(\.type)
}

/// The type and data length of each chunk of `png`, in order.
func chunkHeads(_ png: [UInt8]) -> [(type: String, length: Int)] {
    var heads: [(type: String, length: Int)] = []
    var offset = 8
    while offset + 8 <= png.count {
        let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        heads.append((String(decoding: png[offset + 4..<offset + 8], as: UTF8.self), length))
        offset += 12 + length
    }
    return heads
}

/// Row generators for round-trip tables.
enum RowPattern: String, CaseIterable, Sendable {
    /// Every row the same solid colour.
    case solid
    /// Solid rows whose colour changes slowly, often repeating (a vertical gradient).
    case vertical
    /// One varied row, then identical copies (a horizontal gradient).
    case horizontal
    /// Seeded random bytes.
    case random
    /// Rows alternating between solid and random, forcing every coder switch.
    case alternating
    /// Random choice per row among repeat, new solid colour, random, so every transition occurs.
    case mixed
    /// Groups of a solid row, a solid row one step away, and a ramp with that step per pixel:
    /// zlib's copies then reach back into bytes the run coder wrote.
    case ramps
    /// Each row the previous one shifted by a few pixels (beyond the matcher's reach at times),
    /// with new pixels entering, an occasional changed pixel, and now and then a solid row:
    /// linear gradients at an angle, coded by copies from the previous row.
    case shifted
    /// A dithered vertical gradient: rows repeating every 8 pixels, mixed with solid rows, solid
    /// steps and repeated rows, so periodic rows follow every kind of run row.
    case dithered
    /// A dithered vertical gradient: a colour ramp down the image, each pixel rounded up or down by an 8×8 ordered-
    /// dither (Bayer) matrix — Skia's pattern is another arrangement of the same kind — so every row is one 8-pixel
    /// period repeated and the periods of nearby rows share most of their bytes at various phases.
    case orderedDitherVertical
    /// A dithered horizontal gradient: eight rows of a ramp with small noise, then each row a copy of the row 8 above,
    /// now and then with one byte changed.
    case ditherTile
    /// A dithered 135° gradient: each row the row 8 above shifted left by 8 pixels, with new pixels entering on the
    /// right and now and then one byte changed.
    case ditherDiagonal
    /// Irregular rows made of pieces of earlier rows (up to 32 KiB back) and noise, as a dithered radial gradient's
    /// rows are: once zlib's share is used up, the general LZ77 search codes them.
    case pieces
    /// An undithered radial gradient: each byte a slow ramp of the distance from the centre, so that a row's Sub
    /// differences are mostly zero, with steps that move a little from row to row.
    case rings

    func rows(_ format: PNGImageFormat, seed: UInt64 = 1) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        let bytesPerPixel = format.bytesPerPixel
        func solidRow(_ pixel: [UInt8]) -> [UInt8] {
            Array((0..<format.width).map { _ in pixel }.joined())
        }
        func randomPixel() -> [UInt8] {
            (0..<bytesPerPixel).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        func randomRow() -> [UInt8] {
            (0..<format.bytesPerRow).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        switch self {
        case .solid:
            let pixel = randomPixel()
            return (0..<format.height).map { _ in solidRow(pixel) }
        case .vertical:
            return (0..<format.height).map { y in
                let level = UInt8((y * 255) / max(1, format.height * 3 / 2))
                return solidRow((0..<bytesPerPixel).map { $0 % 3 == 0 ? level : ($0 % 3 == 2 ? 255 &- level : 0) })
            }
        case .horizontal:
            let row = (0..<format.bytesPerRow).map { UInt8(truncatingIfNeeded: $0 * 7 / 5) }
            return (0..<format.height).map { _ in row }
        case .random:
            return (0..<format.height).map { _ in randomRow() }
        case .alternating:
            return (0..<format.height).map { y in y % 2 == 0 ? solidRow(randomPixel()) : randomRow() }
        case .mixed:
            var rows: [[UInt8]] = []
            for _ in 0..<format.height {
                switch (rows.last, Int.random(in: 0..<4, using: &generator)) {
                case (let last?, 0): rows.append(last)
                case (_, 1): rows.append(solidRow(randomPixel()))
                case (_, 2): rows.append(solidRow([UInt8](repeating: 0, count: bytesPerPixel)))
                default: rows.append(randomRow())
                }
            }
            return rows
        case .ramps:
            var rows: [[UInt8]] = []
            while rows.count < format.height {
                let base = randomPixel()
                let step = randomPixel()
                let next = (0..<bytesPerPixel).map { base[$0] &+ step[$0] }
                let ramp = (0..<format.bytesPerRow).map {
                    next[$0 % bytesPerPixel] &+ UInt8(truncatingIfNeeded: $0 / bytesPerPixel)
                        &* step[$0 % bytesPerPixel]
                }
                rows += [solidRow(base), solidRow(next), ramp]
            }
            return Array(rows.prefix(format.height))
        case .shifted:
            var row = (0..<format.bytesPerRow).map { UInt8(truncatingIfNeeded: $0 / bytesPerPixel / 3) }
            var rows: [[UInt8]] = []
            for _ in 0..<format.height {
                switch Int.random(in: 0..<12, using: &generator) {
                case 0:
                    rows.append(solidRow(randomPixel()))
                    continue
                case 1:
                    let index = Int.random(in: 0..<format.bytesPerRow, using: &generator)
                    row[index] &+= 1
                default:
                    let shift = Int.random(in: -6...6, using: &generator)
                    let pixels = min(abs(shift), format.width) * bytesPerPixel
                    let entering = (0..<pixels).map { _ in UInt8.random(in: 0...3, using: &generator) }
                    row = shift >= 0 ? entering + row.dropLast(pixels) : row.dropFirst(pixels) + entering
                }
                rows.append(row)
            }
            return rows
        case .dithered:
            var rows: [[UInt8]] = []
            for y in 0..<format.height {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0 where !rows.isEmpty:
                    rows.append(rows[rows.count - 1])
                case 1:
                    rows.append(solidRow((0..<bytesPerPixel).map { UInt8(truncatingIfNeeded: y + $0) }))
                default:
                    let tile = (0..<8).map { x in
                        (0..<bytesPerPixel).map { UInt8(truncatingIfNeeded: y + $0 + (x * 5 + y) % 3 / 2) }
                    }
                    rows.append(Array((0..<format.width).map { tile[$0 % 8] }.joined()))
                }
            }
            return rows
        case .orderedDitherVertical:
            let matrix = [
                0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28,
                52, 20, 62, 30, 54, 22, 3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13,
                45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
            ]
            // Over a few hundred rows each channel moves by tens of levels, as a splash's colours do over its height.
            let starts: [Double] = [9, 130, 158, 255]
            let ends: [Double] = [21, 95, 208, 225]
            let sampleMaximum = Double((1 << (8 * bytesPerPixel / format.colorType.channelCount)) - 1)
            let samplesPerChannel = bytesPerPixel / format.colorType.channelCount
            return (0..<format.height).map { y in
                let share = Double(y) / Double(max(1, format.height - 1))
                return (0..<format.width).flatMap { x -> [UInt8] in
                    let threshold = (Double(matrix[(y % 8) * 8 + x % 8]) + 0.5) / 64
                    return (0..<format.colorType.channelCount).flatMap { channel -> [UInt8] in
                        let level = (starts[channel] + (ends[channel] - starts[channel]) * share) / 255
                        let value = UInt64(min(sampleMaximum, (level * sampleMaximum + threshold).rounded(.down)))
                        return (0..<samplesPerChannel).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
                    }
                }
            }
        case .ditherTile, .ditherDiagonal:
            var rows: [[UInt8]] = []
            for y in 0..<format.height {
                if y < 8 {
                    rows.append(
                        (0..<format.bytesPerRow).map {
                            UInt8(truncatingIfNeeded: $0 / bytesPerPixel / 5)
                                &+ UInt8.random(in: 0...1, using: &generator)
                        })
                    continue
                }
                var row = rows[y - 8]
                if self == .ditherDiagonal {
                    let pixels = min(8, format.width) * bytesPerPixel
                    row =
                        Array(row.dropFirst(pixels))
                        + (0..<pixels).map { _ in UInt8.random(in: 0...3, using: &generator) }
                }
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    row[Int.random(in: 0..<format.bytesPerRow, using: &generator)] &+= 1
                }
                rows.append(row)
            }
            return rows
        case .rings:
            let centreX = Double(format.width) / 2
            let centreY = Double(format.height) / 2
            let farthest = (centreX * centreX + centreY * centreY).squareRoot()
            return (0..<format.height).map { y in
                let dy = Double(y) + 0.5 - centreY
                return (0..<format.bytesPerRow).map { index in
                    let dx = Double(index / bytesPerPixel) + 0.5 - centreX
                    let share = (dx * dx + dy * dy).squareRoot() / farthest
                    return UInt8(truncatingIfNeeded: 40 + Int(share * Double(12 + 9 * (index % bytesPerPixel))))
                }
            }
        case .pieces:
            var stream: [UInt8] = []
            var rows: [[UInt8]] = []
            for _ in 0..<format.height {
                var row: [UInt8] = []
                while row.count < format.bytesPerRow {
                    let length = Int.random(in: 24...120, using: &generator)
                    if stream.count > 64 && Int.random(in: 0..<4, using: &generator) > 0 {
                        let start = Int.random(
                            in: max(0, stream.count - 32000)..<(stream.count - 40), using: &generator)
                        row += stream[start..<min(stream.count, start + length)]
                    } else {
                        row += (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    }
                }
                row = Array(row.prefix(format.bytesPerRow))
                stream += row
                rows.append(row)
            }
            return rows
        }
    }
}

/// Every format the encoder writes.
let allFormats: [(PNGColorType, Int)] = [(.rgb, 8), (.rgba, 8), (.rgb, 16), (.rgba, 16)]

/// Inflates a raw deflate stream (no zlib header) of at most `limit` bytes.
func rawInflate(_ stream: [UInt8], limit: Int) throws -> [UInt8] {
    var inflater = z_stream()
    try #require(inflateInit2_(&inflater, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    defer { inflateEnd(&inflater) }
    var input = stream
    var output = [UInt8](repeating: 0, count: limit)
    let status = input.withUnsafeMutableBufferPointer { inputBytes in
        output.withUnsafeMutableBufferPointer { outputBytes in
            inflater.next_in = inputBytes.baseAddress
            inflater.avail_in = UInt32(inputBytes.count)
            inflater.next_out = outputBytes.baseAddress
            inflater.avail_out = UInt32(outputBytes.count)
            return inflate(&inflater, Z_FINISH)
        }
    }
    #expect(status == Z_STREAM_END)
    return Array(output[0..<Int(inflater.total_out)])
}

/// The number of deflate blocks in a raw deflate stream that inflates to `inflatedCount` bytes: zlib's inflate stops
/// at each block boundary with `Z_BLOCK`, and reports the end of a block in bit 7 of `data_type`.
func deflateBlockCount(_ stream: [UInt8], inflatedCount: Int) throws -> Int {
    var inflater = z_stream()
    try #require(inflateInit2_(&inflater, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    defer { inflateEnd(&inflater) }
    var input = stream
    var output = [UInt8](repeating: 0, count: inflatedCount + 1)
    var blocks = 0
    try input.withUnsafeMutableBufferPointer { inputBytes in
        try output.withUnsafeMutableBufferPointer { outputBytes in
            inflater.next_in = inputBytes.baseAddress
            inflater.avail_in = UInt32(inputBytes.count)
            inflater.next_out = outputBytes.baseAddress
            inflater.avail_out = UInt32(outputBytes.count)
            for _ in 0..<1_000_000 {
                let status = inflate(&inflater, Z_BLOCK)
                try #require(status == Z_OK || status == Z_STREAM_END, "inflate failed: \(status)")
                if inflater.data_type & 128 != 0 && inflater.data_type & 64 == 0 {
                    blocks += 1
                }
                if status == Z_STREAM_END { return }
            }
            Issue.record("inflate did not reach the stream's end")
        }
    }
    #expect(Int(inflater.total_out) == inflatedCount)
    return blocks
}
