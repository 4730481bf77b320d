import CZlib
import PNGEncoding

/// Encodes rows and reads them back two ways, libpng's decoder and zlib's inflate followed by PNG's unfiltering,
/// reporting the first difference. Shared by the tests and the `png` fuzz target (fuzz/build.sh).
enum RoundTripCheck {
    /// What went wrong with `rows`, or nil when both readings give back exactly the rows.
    static func mismatch(_ format: PNGImageFormat, rows: [[UInt8]]) -> String? {
        let png: [UInt8]
        do {
            png = try encodePNG(format, rows: rows)
        } catch {
            return "the encoder refused \(format): \(error)"
        }
        let decoded: DecodedPNG
        do {
            decoded = try PNGDecoder.decode(png)
        } catch {
            return "libpng refused the file: \(error)"
        }
        guard decoded.width == format.width, decoded.height == format.height, decoded.bitDepth == format.bitDepth,
            decoded.colorType == format.colorType
        else {
            return "libpng read a \(decoded.width)×\(decoded.height) depth-\(decoded.bitDepth) header for \(format)"
        }
        guard decoded.pixels == expectedPixels(format, rows: rows) else {
            return "libpng decoded other pixels than were encoded for \(format)"
        }
        let raw: [[UInt8]]
        do {
            raw = try inflatedRows(png, format: format)
        } catch {
            return error.message
        }
        for (index, row) in rows.enumerated() where raw[index] != row {
            return "row \(index) inflates and unfilters to other bytes"
        }
        return heldMismatch(format, rows: rows, streamedByteCount: png.count)
    }

    /// What went wrong when the same rows are held for the reference PNG (whatever their size), or nil when the
    /// held PNG decodes to the same pixels and is no larger than the streamed one.
    private static func heldMismatch(_ format: PNGImageFormat, rows: [[UInt8]], streamedByteCount: Int) -> String? {
        let held: [UInt8]
        do {
            held = try encodePNG(format, rows: rows, options: PNGEncoderOptions(referencePixelLimit: .max))
            guard try PNGDecoder.decode(held).pixels == expectedPixels(format, rows: rows) else {
                return "the held PNG decodes to other pixels than were encoded for \(format)"
            }
        } catch {
            return "the held PNG of \(format) failed: \(error)"
        }
        guard held.count <= streamedByteCount else {
            return "the held PNG (\(held.count) bytes) is larger than the streamed one (\(streamedByteCount))"
        }
        return nil
    }

    /// Why zlib's reading of a file failed.
    struct ReadingFailure: Error {
        let message: String
    }

    /// The rows of `png`'s IDAT stream, of `format`, inflated by zlib and unfiltered.
    static func inflatedRows(_ png: [UInt8], format: PNGImageFormat) throws(ReadingFailure) -> [[UInt8]] {
        let filteredCount = format.height * (format.bytesPerRow + 1)
        let filtered: [UInt8]
        do {
            filtered = try inflate(idatData(png), expectedCount: filteredCount)
        } catch {
            throw ReadingFailure(message: "zlib refused the IDAT stream: \(error)")
        }
        guard filtered.count == filteredCount else {
            throw ReadingFailure(message: "zlib inflated \(filtered.count) bytes, not \(filteredCount)")
        }
        guard let raw = unfilter(filtered, format: format) else {
            throw ReadingFailure(message: "a row has a filter type above 4")
        }
        return raw
    }

    /// Undoes PNG's per-row filters (None, Sub, Up, Average, Paeth); nil for an unknown filter type.
    static func unfilter(_ filtered: [UInt8], format: PNGImageFormat) -> [[UInt8]]? {
        let width = format.bytesPerRow
        let step = format.bytesPerPixel
        var previous = [UInt8](repeating: 0, count: width)
        var rows: [[UInt8]] = []
        for start in stride(from: 0, to: filtered.count, by: width + 1) {
            let filter = filtered[start]
            var row = Array(filtered[start + 1..<start + 1 + width])
            for index in 0..<width {
                let left = index >= step ? row[index - step] : 0
                let above = previous[index]
                let aboveLeft = index >= step ? previous[index - step] : 0
                switch filter {
                case 0: break
                case 1: row[index] &+= left
                case 2: row[index] &+= above
                case 3: row[index] &+= UInt8((Int(left) + Int(above)) / 2)
                case 4: row[index] &+= paeth(left, above, aboveLeft)
                default: return nil
                }
            }
            rows.append(row)
            previous = row
        }
        return rows
    }

    private static func paeth(_ left: UInt8, _ above: UInt8, _ aboveLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(above) - Int(aboveLeft)
        let toLeft = abs(estimate - Int(left))
        let toAbove = abs(estimate - Int(above))
        let toAboveLeft = abs(estimate - Int(aboveLeft))
        if toLeft <= toAbove && toLeft <= toAboveLeft { return left }
        return toAbove <= toAboveLeft ? above : aboveLeft
    }
}

/// Encodes `rows` with a fresh encoder, indexed with `palette` when given, and returns the PNG file; by default the
/// encoder's own streamed PNG (``streamed``: no image held for the reference PNG, which ReferencePNGTests cover).
func encodePNG(
    _ format: PNGImageFormat, palette: PNGPalette? = nil, rows: [[UInt8]], options: PNGEncoderOptions = streamed
) throws -> [UInt8] {
    let collector = ByteCollector()
    let encoder = try PNGEncoder(format: format, palette: palette, options: options, sink: collector.sink)
    for row in rows {
        try row.withUnsafeBytes { try encoder.writeRow($0) }
    }
    try encoder.finish()
    return collector.bytes
}

/// The RGBA samples libpng should return for `rows`.
func expectedPixels(_ format: PNGImageFormat, rows: [[UInt8]]) -> DecodedPNG.Pixels {
    let channels = format.colorType.channelCount
    if format.bitDepth == 8 {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(format.width * format.height * 4)
        for row in rows {
            for pixel in 0..<format.width {
                let base = pixel * channels
                pixels.append(row[base])
                pixels.append(row[base + 1])
                pixels.append(row[base + 2])
                pixels.append(channels == 4 ? row[base + 3] : 255)
            }
        }
        return .eightBit(pixels)
    }
    var pixels: [UInt16] = []
    pixels.reserveCapacity(format.width * format.height * 4)
    for row in rows {
        for pixel in 0..<format.width {
            for channel in 0..<4 {
                if channel == 3 && channels == 3 {
                    pixels.append(65535)
                } else {
                    let offset = (pixel * channels + channel) * 2
                    pixels.append(UInt16(row[offset]) << 8 | UInt16(row[offset + 1]))
                }
            }
        }
    }
    return .sixteenBit(pixels)
}

/// The concatenated data of every IDAT chunk in `png`, up to the first chunk that runs past the end.
func idatData(_ png: [UInt8]) -> [UInt8] {
    var data: [UInt8] = []
    var offset = 8
    while offset + 8 <= png.count {
        let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        guard offset + 8 + length <= png.count else { break }
        let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
        if type == "IDAT" {
            data += png[offset + 8..<offset + 8 + length]
        }
        offset += 12 + length
    }
    return data
}

/// The data of the first chunk of `type` in `png`, or nil.
func chunkData(_ type: String, in png: [UInt8]) -> [UInt8]? {
    var offset = 8
    while offset + 8 <= png.count {
        let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        guard offset + 12 + length <= png.count else { return nil }
        if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == type {
            return Array(png[offset + 8..<offset + 8 + length])
        }
        offset += 12 + length
    }
    return nil
}

/// zlib's status for a stream it would not inflate.
struct InflateFailure: Error {
    let status: Int32
}

/// Inflates a zlib stream (header, data, Adler-32) whose content is `expectedCount` bytes.
func inflate(_ stream: [UInt8], expectedCount: Int) throws -> [UInt8] {
    var output = [UInt8](repeating: 0, count: expectedCount + 1)
    var outputCount = uLongf(output.count)
    let status = uncompress(&output, &outputCount, stream, uLong(stream.count))
    guard status == Z_OK else { throw InflateFailure(status: status) }
    return Array(output[0..<Int(outputCount)])
}

/// Options that hold no image for the reference PNG: the encoder's own stream, whatever the image's size.
let streamed = PNGEncoderOptions(referencePixelLimit: 0)
