import PNGEncoding
import SeededRandom

/// An indexed-colour image described by a fuzzer input, as the `png-palette` fuzz target and its corpus replay build
/// it: rows of palette indices in the shapes the product's gradients take, and the RGB or RGBA rows they stand for.
///
/// Byte 0 is the palette's size less one (1–256 colours). Byte 1 picks the colours' samples: bit 0 RGB or RGBA;
/// with RGBA, bits 1–2 how many colours are not opaque (none, one, about half, or all but the first), so that tRNS
/// is absent, short (the opaque colours after the last transparent one are left out) or full. Bytes 2–3 give the
/// width (1–2048: the product's rows are 600–1920 pixels, and wide rows reach the 258-byte copies and the row
/// distances past 258), bytes 4–5 seed the noise generator. Every later pair of bytes is an operation (its low 4
/// bits the kind, its high 4 bits a count, 1–16) and an argument, appending rows of indices:
/// a run of repeats of the last row; solid rows; solid rows stepping by an index delta (the colour steps that
/// run-row blocks code Up- or Paeth-filtered); copies of the last row shifted by up to ±width pixels; periodic rows
/// (a tile of 1–16 pixels repeated); noise (every index or a few); a copy of a row up to 16 above with one index
/// changed; a ramp across the palette rounded up or down by noise (a dithered horizontal row); eight such rows
/// repeated as a cycle (a dithered horizontal gradient, each row the row 8 above); rows of one 8-pixel period of
/// an ordered dither over a slowly rising index (a dithered vertical gradient); the row 8 above shifted by 8 pixels
/// (a dithered 135° gradient); rows of index 0. At most ``maximumRowCount`` rows and ``maximumByteCount`` indices;
/// an input that makes none gives one row of index 0.
struct FuzzPaletteProgram {
    /// Rows made at most.
    static let maximumRowCount = 400
    /// Indices made at most (rows × width), as ``FuzzRowProgram/maximumByteCount``.
    static let maximumByteCount = 256 * 1024
    /// Pixels a row at most.
    static let maximumWidth = 2048
    /// An 8×8 ordered-dither (Bayer) matrix, thresholds 0–63, row by row.
    static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28,
        52, 20, 62, 30, 54, 22, 3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13,
        45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// The layout of the sample rows: 8-bit RGB or RGBA.
    let format: PNGImageFormat
    /// The palette's colours in index order, `format.bytesPerPixel` samples each, all distinct.
    let palette: PNGPalette
    /// The rows as palette indices, each below `palette.count`.
    let indexRows: [[UInt8]]

    init(_ bytes: [UInt8]) {
        var offset = 0
        func next() -> UInt8 {
            defer { offset += 1 }
            return offset < bytes.count ? bytes[offset] : 0
        }
        let colorCount = 1 + Int(next())
        let sampleKind = next()
        let width = 1 + (Int(next()) << 8 | Int(next())) % Self.maximumWidth
        var generator = SeededGenerator(seed: UInt64(next()) << 8 | UInt64(next()))
        let palette = Self.palette(colorCount: colorCount, kind: sampleKind, using: &generator)
        self.palette = palette
        format = PNGImageFormat(width: width, height: 1, colorType: palette.bytesPerColor == 4 ? .rgba : .rgb)

        func index(_ value: Int) -> UInt8 {
            UInt8(((value % colorCount) + colorCount) % colorCount)
        }
        func noise(_ count: Int, levels: Int) -> [UInt8] {
            let top = min(levels, colorCount - 1)
            return (0..<count).map { _ in UInt8(Int.random(in: 0...top, using: &generator)) }
        }
        func solid(_ value: UInt8) -> [UInt8] {
            [UInt8](repeating: value, count: width)
        }
        /// A ramp from `start` across `span` indices, each pixel rounded up or down at random.
        func ditheredRamp(start: Int, span: Int) -> [UInt8] {
            (0..<width).map { x in
                let exact = start * 64 + span * 64 * x / width + Int.random(in: 0..<64, using: &generator)
                return UInt8(min(colorCount - 1, max(0, exact / 64)))
            }
        }
        let rowLimit = min(Self.maximumRowCount, Self.maximumByteCount / width)
        var rows: [[UInt8]] = []
        while offset < bytes.count && rows.count < rowLimit {
            let operation = next()
            let argument = next()
            let count = 1 + Int(operation >> 4)
            let last = rows.last ?? solid(0)
            switch operation % 16 {
            case 0:
                rows += Array(repeating: last, count: count)
            case 1:
                rows += Array(repeating: solid(index(Int(argument))), count: count)
            case 2:
                var value = Int(last[0])
                let delta = Int(Int8(bitPattern: argument))
                for _ in 0..<count {
                    value += delta
                    rows.append(solid(index(value)))
                }
            case 3:
                let shift = Int(Int8(bitPattern: argument)) % (width + 1)
                var row = last
                for _ in 0..<count {
                    let entering = noise(abs(shift), levels: 3)
                    row = shift >= 0 ? entering + row.dropLast(abs(shift)) : row.dropFirst(abs(shift)) + entering
                    rows.append(row)
                }
            case 4:
                let period = 1 + Int(argument % 16)
                let tile = noise(period, levels: Int(argument >> 4) * 17)
                rows += Array(repeating: (0..<width).map { tile[$0 % period] }, count: count)
            case 5:
                for _ in 0..<count {
                    rows.append(noise(width, levels: argument < 128 ? 255 : Int(argument % 8)))
                }
            case 6:
                let distance = 1 + Int(argument % 16)
                guard rows.count >= distance else { continue }
                var row = rows[rows.count - distance]
                let changed = Int(argument) * 7 % width
                row[changed] = index(Int(row[changed]) + 1)
                rows.append(row)
            case 7:
                for _ in 0..<count {
                    rows.append(ditheredRamp(start: Int(argument) % colorCount, span: colorCount))
                }
            case 8:
                let cycle = (0..<8).map { _ in ditheredRamp(start: 0, span: 1 + Int(argument) % colorCount) }
                for _ in 0..<count {
                    rows += cycle
                }
            case 9:
                // Level rises by argument/64 of an index a row, as a splash's colours do down its height.
                let start = Int(last[0]) * 64
                for row in 0..<count * 8 {
                    let level = start + row * Int(argument) / 4
                    let y = rows.count
                    let period = (0..<8).map { x in index((level + Self.bayer[(y % 8) * 8 + x]) / 64) }
                    rows.append((0..<width).map { period[$0 % 8] })
                }
            case 10:
                for _ in 0..<count * 8 {
                    guard rows.count >= 8 else { break }
                    let above = rows[rows.count - 8]
                    let pixels = min(8, width)
                    rows.append(Array(above.dropFirst(pixels)) + noise(pixels, levels: Int(argument % 4)))
                }
            case 11:
                rows += Array(repeating: solid(0), count: count)
            default:
                let base = Int(argument)
                for _ in 0..<count {
                    rows.append((0..<width).map { index(base + $0 * Int(operation >> 4) / 4) })
                }
            }
        }
        if rows.isEmpty {
            rows = [solid(0)]
        }
        indexRows = Array(rows.prefix(rowLimit))
    }

    /// The sample rows: each index replaced by its colour.
    var rows: [[UInt8]] {
        let samples = palette.samples
        let bytesPerColor = palette.bytesPerColor
        return indexRows.map { row in
            var out: [UInt8] = []
            out.reserveCapacity(row.count * bytesPerColor)
            for index in row {
                let start = Int(index) * bytesPerColor
                out += samples[start..<start + bytesPerColor]
            }
            return out
        }
    }

    /// The layout of the sample rows with the image's height.
    var imageFormat: PNGImageFormat {
        var format = format
        format.height = indexRows.count
        return format
    }

    /// `colorCount` distinct colours; `kind` as byte 1 of the input describes.
    private static func palette(
        colorCount: Int, kind: UInt8, using generator: inout SeededGenerator
    ) -> PNGPalette {
        let bytesPerColor = kind & 1 == 0 ? 3 : 4
        var seen = Set<[UInt8]>()
        var samples: [UInt8] = []
        for colorIndex in 0..<colorCount {
            var color: [UInt8]
            repeat {
                color = (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
                if bytesPerColor == 4 {
                    let isTransparent: Bool
                    switch (kind >> 1) & 3 {
                    case 0: isTransparent = false
                    case 1: isTransparent = colorIndex == colorCount / 2
                    case 2: isTransparent = Bool.random(using: &generator)
                    default: isTransparent = colorIndex > 0
                    }
                    color.append(isTransparent ? UInt8.random(in: 0...254, using: &generator) : 255)
                }
            } while !seen.insert(color).inserted
            samples += color
        }
        return PNGPalette(samples: samples, bytesPerColor: bytesPerColor)!
    }
}
