import PNGEncoding
import SeededRandom

/// An image described by a fuzzer input, as the `png` fuzz target and its corpus replay build it.
///
/// Byte 0 picks the colour type and bit depth, bytes 1–2 the width (1–300), bytes 3–4 seed the noise generator.
/// Every later pair of bytes is an operation and an argument appending rows: a run of repeats of the last row,
/// solid rows, solid rows stepping by a colour delta, copies of the last row shifted by up to ±width pixels,
/// periodic rows, noise (full-range or a few levels), a copy of a row up to 16 above with one byte changed, and
/// ramps with dither noise. At most ``maximumRowCount`` rows and ``maximumByteCount`` bytes; an input that makes none
/// gives one black row.
struct FuzzRowProgram {
    /// Rows made at most.
    static let maximumRowCount = 400
    /// Raw bytes made at most (rows × bytes per row): 8 times the encoder's zlib share of irregular rows (32 KiB),
    /// so that the hash matcher after it is reached at every width, while an input still runs in milliseconds.
    static let maximumByteCount = 256 * 1024
    /// The colour types and bit depths the encoder writes.
    static let formats: [(PNGColorType, Int)] = [(.rgb, 8), (.rgba, 8), (.rgb, 16), (.rgba, 16)]

    let format: PNGImageFormat
    let rows: [[UInt8]]

    init(_ bytes: [UInt8]) {
        var offset = 0
        func next() -> UInt8 {
            defer { offset += 1 }
            return offset < bytes.count ? bytes[offset] : 0
        }
        let (colorType, bitDepth) = Self.formats[Int(next()) % Self.formats.count]
        let width = 1 + (Int(next()) << 8 | Int(next())) % 300
        var generator = SeededGenerator(seed: UInt64(next()) << 8 | UInt64(next()))
        var format = PNGImageFormat(width: width, height: 1, colorType: colorType, bitDepth: bitDepth)
        let bytesPerPixel = format.bytesPerPixel
        let bytesPerRow = format.bytesPerRow
        func noise(_ count: Int, levels: UInt8 = 255) -> [UInt8] {
            (0..<count).map { _ in UInt8.random(in: 0...levels, using: &generator) }
        }
        func solid(_ pixel: [UInt8]) -> [UInt8] {
            Array((0..<width).map { _ in pixel }.joined())
        }
        let rowLimit = min(Self.maximumRowCount, Self.maximumByteCount / bytesPerRow)
        var rows: [[UInt8]] = []
        while offset < bytes.count && rows.count < rowLimit {
            let operation = next()
            let argument = next()
            let count = 1 + Int(operation >> 3)
            let last = rows.last ?? [UInt8](repeating: 0, count: bytesPerRow)
            switch operation % 8 {
            case 0:
                rows += Array(repeating: last, count: count)
            case 1:
                rows += Array(repeating: solid(noise(bytesPerPixel)), count: count)
            case 2:
                var pixel = Array(last.prefix(bytesPerPixel))
                let delta = (0..<bytesPerPixel).map { UInt8(truncatingIfNeeded: Int(argument) >> ($0 % 3)) }
                for _ in 0..<count {
                    pixel = (0..<bytesPerPixel).map { pixel[$0] &+ delta[$0] }
                    rows.append(solid(pixel))
                }
            case 3:
                let shift = Int(Int8(bitPattern: argument)) % (width + 1)
                var row = last
                for _ in 0..<count {
                    let pixels = abs(shift) * bytesPerPixel
                    let entering = noise(pixels, levels: 3)
                    row = shift >= 0 ? entering + row.dropLast(pixels) : row.dropFirst(pixels) + entering
                    rows.append(row)
                }
            case 4:
                let period = 1 + Int(argument % 16)
                let tile = noise(period * bytesPerPixel, levels: argument >> 4)
                let row = (0..<bytesPerRow).map { tile[$0 % tile.count] }
                rows += Array(repeating: row, count: count)
            case 5:
                for _ in 0..<count {
                    rows.append(noise(bytesPerRow, levels: argument < 128 ? 255 : argument % 8))
                }
            case 6:
                let distance = 1 + Int(argument % 16)
                guard rows.count >= distance else { continue }
                var row = rows[rows.count - distance]
                row[Int(argument) * 7 % bytesPerRow] &+= 1
                rows.append(row)
            default:
                let step = noise(bytesPerPixel, levels: argument % 4)
                let base = noise(bytesPerPixel)
                for _ in 0..<count {
                    let dither = noise(bytesPerRow, levels: 1)
                    rows.append(
                        (0..<bytesPerRow).map {
                            base[$0 % bytesPerPixel] &+ UInt8(truncatingIfNeeded: $0 / bytesPerPixel)
                                &* step[$0 % bytesPerPixel] &+ dither[$0]
                        })
                }
            }
        }
        if rows.isEmpty {
            rows = [[UInt8](repeating: 0, count: bytesPerRow)]
        }
        rows = Array(rows.prefix(rowLimit))
        format.height = rows.count
        self.format = format
        self.rows = rows
    }
}
