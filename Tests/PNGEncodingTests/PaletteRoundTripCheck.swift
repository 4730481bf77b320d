import PNGEncoding

/// Encodes an indexed-colour image and reads it back two ways, reporting the first difference: libpng's decoder
/// (header, and every pixel against the colours encoded) and zlib's inflate followed by PNG's unfiltering (every
/// index against the indices meant), with PLTE and tRNS compared to the palette. Shared by the tests and the
/// `png-palette` fuzz target (fuzz/build.sh).
enum PaletteRoundTripCheck {
    /// What went wrong with `program`, or nil. Its rows are encoded twice: with its own palette (indices as
    /// generated, colours possibly unused), and as the product does, with the palette ``PNGPaletteCensus`` finds
    /// (checked to be the rows' colours in the order they first appear, from every row and from every 16th).
    static func mismatch(_ program: FuzzPaletteProgram) -> String? {
        let format = program.imageFormat
        let rows = program.rows
        if let mismatch = mismatch(format, palette: program.palette, rows: rows, indexRows: program.indexRows) {
            return "with the input's palette: \(mismatch)"
        }
        let bytesPerColor = program.palette.bytesPerColor
        for stride in [16, 1] {
            let census = PNGPaletteCensus(format: format)
            for y in Swift.stride(from: 0, to: rows.count, by: stride) {
                guard rows[y].withUnsafeBytes({ census.add($0) }) else {
                    return "the census (rows \(stride) apart) refused at most 256 colours at row \(y)"
                }
            }
            let sampledRows = Swift.stride(from: 0, to: program.indexRows.count, by: stride).map {
                program.indexRows[$0]
            }
            let firstSeen = firstAppearanceOrder(sampledRows)
            let expected = firstSeen.flatMap { index in
                program.palette.samples[Int(index) * bytesPerColor..<(Int(index) + 1) * bytesPerColor]
            }
            guard let palette = census.palette, palette.samples == expected, palette.bytesPerColor == bytesPerColor
            else {
                return "the census (rows \(stride) apart) found another palette than the rows' colours in order"
            }
            guard stride == 1 else { continue }
            var renumbered = [UInt8](repeating: 0, count: PNGPalette.maximumCount)
            for (newIndex, index) in firstSeen.enumerated() {
                renumbered[Int(index)] = UInt8(newIndex)
            }
            let indexRows = program.indexRows.map { row in row.map { renumbered[Int($0)] } }
            if let mismatch = mismatch(format, palette: palette, rows: rows, indexRows: indexRows) {
                return "with the census's palette: \(mismatch)"
            }
        }
        return nil
    }

    /// What went wrong encoding `rows` (RGB or RGBA samples) with `palette`, whose indices they are `indexRows`.
    static func mismatch(
        _ format: PNGImageFormat, palette: PNGPalette, rows: [[UInt8]], indexRows: [[UInt8]]
    ) -> String? {
        do {
            let png = try encodePNG(format, palette: palette, rows: rows)
            return mismatch(png: png, format: format, palette: palette, rows: rows, indexRows: indexRows)
        } catch {
            return "the encoder refused \(format) with \(palette.count) colours: \(error)"
        }
    }

    /// What is wrong with `png` as the indexed-colour file of `rows`, whose indices into `palette` are `indexRows`.
    static func mismatch(
        png: [UInt8], format: PNGImageFormat, palette: PNGPalette, rows: [[UInt8]], indexRows: [[UInt8]]
    ) -> String? {
        let decoded: DecodedPNG
        do {
            decoded = try PNGDecoder.decode(png)
        } catch {
            return "libpng refused the file: \(error)"
        }
        guard decoded.width == format.width, decoded.height == format.height, decoded.bitDepth == 8,
            decoded.colorType == .indexed
        else {
            return "libpng read a \(decoded.width)×\(decoded.height) depth-\(decoded.bitDepth) colour type "
                + "\(decoded.colorTypeCode) header for \(format) as 8-bit indices"
        }
        guard decoded.pixels == expectedPixels(format, rows: rows) else {
            return "libpng decoded other pixels than were encoded (\(palette.count) colours, \(format))"
        }
        var rgb: [UInt8] = []
        var alpha: [UInt8] = []
        for start in Swift.stride(from: 0, to: palette.samples.count, by: palette.bytesPerColor) {
            rgb += palette.samples[start..<start + 3]
            alpha.append(palette.bytesPerColor == 4 ? palette.samples[start + 3] : 255)
        }
        guard chunkData("PLTE", in: png) == rgb else {
            return "PLTE does not hold the palette's colours in order"
        }
        let transparency = alpha.lastIndex { $0 != 255 }.map { Array(alpha[...$0]) }
        guard chunkData("tRNS", in: png) == transparency else {
            return "tRNS is not the alpha of the colours up to the last that is not opaque"
        }
        let indexFormat = PNGImageFormat(width: format.width, height: format.height, colorType: .indexed)
        let unfiltered: [[UInt8]]
        do {
            unfiltered = try RoundTripCheck.inflatedRows(png, format: indexFormat)
        } catch {
            return error.message
        }
        for (y, row) in indexRows.enumerated() where unfiltered[y] != row {
            return "row \(y) inflates and unfilters to other indices"
        }
        return nil
    }

    /// The indices of `rows` in the order they first appear.
    private static func firstAppearanceOrder(_ rows: [[UInt8]]) -> [UInt8] {
        var seen = [Bool](repeating: false, count: PNGPalette.maximumCount)
        var order: [UInt8] = []
        for row in rows {
            for index in row where !seen[Int(index)] {
                seen[Int(index)] = true
                order.append(index)
            }
        }
        return order
    }
}
