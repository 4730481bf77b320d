import CZlib
import PNGEncoding
import Testing

/// The `png-palette` fuzz target's check fails on a wrong file: each of its readings is shown catching a file
/// forged to get past the others (chunk CRCs and Adler-32 recomputed, so libpng takes it).
@Suite("Indexed round-trip check")
struct PaletteCheckTests {
    /// A 256-colour RGBA image with some transparent colours, 1,200 pixels wide, of dithered ramps, periodic and
    /// solid rows: every byte is a valid index.
    private let program = FuzzPaletteProgram([255, 5, 0x04, 0xAF, 0, 42, 0x38, 0, 0x19, 40, 0x31, 7, 0x15, 0])

    @Test("the encoder's own file passes, with the input's palette and with the census's")
    func encodedFilePasses() {
        #expect(program.palette.count == 256 && program.format.width == 1200 && program.indexRows.count > 30)
        #expect(PaletteRoundTripCheck.mismatch(program) == nil)
    }

    @Test("an index changed inside a valid zlib stream is caught by libpng's pixels and by the unfiltered indices")
    func changedIndex() throws {
        let (png, filtered) = try encoded()
        var changed = filtered
        let position = 5 * (program.format.width + 1) + 1 + 321
        changed[position] &+= 1
        let forged = try replacingIDAT(in: png, with: changed)
        let message = try #require(check(forged))
        #expect(message.contains("libpng decoded other pixels"), "\(message)")
        let indicesOnly = try #require(
            PaletteRoundTripCheck.mismatch(
                png: forged, format: program.imageFormat, palette: program.palette, rows: reread(forged),
                indexRows: program.indexRows))
        #expect(indicesOnly.contains("row 5 inflates and unfilters to other indices"), "\(indicesOnly)")
    }

    @Test("a colour changed in PLTE is caught")
    func changedPalette() throws {
        let (png, _) = try encoded()
        var palette = try #require(chunkData("PLTE", in: png))
        palette[3 * Int(program.indexRows[0][0]) + 1] &+= 1
        let message = try #require(check(replacingChunk("PLTE", in: png, with: palette)))
        #expect(message.contains("libpng decoded other pixels"), "\(message)")
    }

    @Test("an alpha changed in tRNS, or tRNS left out, is caught")
    func changedTransparency() throws {
        let (png, _) = try encoded()
        var alpha = try #require(chunkData("tRNS", in: png))
        alpha[min(Int(program.indexRows[0][0]), alpha.count - 1)] &+= 1
        #expect(check(try replacingChunk("tRNS", in: png, with: alpha)) != nil)
        #expect(check(try replacingChunk("tRNS", in: png, with: nil)) != nil)
    }

    @Test("a corrupted deflate byte is caught, its chunk CRC recomputed")
    func corruptedStream() throws {
        let (png, _) = try encoded()
        let data = idatData(png)
        for position in [2, data.count / 3, data.count / 2, data.count - 6] {
            var corrupted = data
            corrupted[position] ^= 0x10
            #expect(check(try replacingChunk("IDAT", in: png, with: corrupted)) != nil, "byte \(position)")
        }
    }

    private func check(_ png: [UInt8]) -> String? {
        PaletteRoundTripCheck.mismatch(
            png: png, format: program.imageFormat, palette: program.palette, rows: program.rows,
            indexRows: program.indexRows)
    }

    /// The file the encoder writes, and its IDAT stream inflated.
    private func encoded() throws -> (png: [UInt8], filtered: [UInt8]) {
        let format = program.imageFormat
        let png = try encodePNG(format, palette: program.palette, rows: program.rows)
        return (png, try inflate(idatData(png), expectedCount: format.height * (format.width + 1)))
    }

    /// The RGBA rows libpng decodes `png` to, as the sample rows of ``program``'s format.
    private func reread(_ png: [UInt8]) throws -> [[UInt8]] {
        guard case .eightBit(let pixels) = try PNGDecoder.decode(png).pixels else { return [] }
        let width = program.format.width
        let bytesPerColor = program.palette.bytesPerColor
        var rows: [[UInt8]] = []
        for y in 0..<program.indexRows.count {
            var row: [UInt8] = []
            for x in 0..<width {
                let start = (y * width + x) * 4
                row += pixels[start..<start + bytesPerColor]
            }
            rows.append(row)
        }
        return rows
    }

    /// `png` with its IDAT chunks replaced by one holding `filtered` compressed by zlib.
    private func replacingIDAT(in png: [UInt8], with filtered: [UInt8]) throws -> [UInt8] {
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(uLong(filtered.count))))
        var count = uLongf(compressed.count)
        try #require(compress(&compressed, &count, filtered, uLong(filtered.count)) == Z_OK)
        return try replacingChunk("IDAT", in: png, with: Array(compressed[0..<Int(count)]))
    }

    /// `png` with the chunks of `type` replaced by one holding `data` (removed when nil), its CRC recomputed.
    private func replacingChunk(_ type: String, in png: [UInt8], with data: [UInt8]?) throws -> [UInt8] {
        var result = Array(png[0..<8])
        var offset = 8
        var isReplaced = false
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let chunk = Array(png[offset..<offset + 12 + length])
            offset += 12 + length
            guard String(decoding: chunk[4..<8], as: UTF8.self) == type else {
                result += chunk
                continue
            }
            guard !isReplaced, let data else { continue }
            isReplaced = true
            let body = Array(type.utf8) + data
            let crc = UInt32(crc32(0, body, uInt(body.count)))
            result += bigEndian(UInt32(data.count)) + body + bigEndian(crc)
        }
        return result
    }

    private func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }
}
