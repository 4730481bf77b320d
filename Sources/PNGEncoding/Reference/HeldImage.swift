/// An image small enough to hold (``PNGEncoderOptions/referenceByteLimit``): the encoder's own PNG, collected instead
/// of streamed, and the raw rows, from which ``finish(_:)`` builds the reference PNG (``ReferencePNG``) and sends the
/// smaller of the two.
///
/// RGBA rows whose pixels all turn out opaque are referenced as RGB rows, which is how Pillow holds such an image: the
/// renderer writes RGBA whenever a stop is translucent, even where no translucent pixel is drawn.
final class HeldImage {
    /// The encoder's own PNG, as its stream produces it.
    let own = ByteBuffer(capacity: 1024)
    /// The raw rows, without their alpha samples while every pixel so far is opaque.
    private let rows: ByteBuffer
    private let format: PNGImageFormat
    /// Whether every pixel so far is opaque (RGBA rows are then kept as RGB).
    private var isOpaque: Bool

    /// Holds an image of `format` (the rows given to the encoder: RGB or RGBA) of at most `byteCount` filtered bytes.
    init(format: PNGImageFormat, byteCount: Int) {
        self.format = format
        rows = ByteBuffer(capacity: max(1, byteCount))
        isOpaque = format.colorType == .rgba
    }

    /// Keeps the next raw row.
    func writeRow(_ row: UnsafePointer<UInt8>) {
        guard isOpaque else {
            rows.append(UnsafeRawBufferPointer(start: row, count: format.bytesPerRow))
            return
        }
        let colorBytes = 3 * (format.bitDepth / 8)
        let pixelBytes = format.bytesPerPixel
        let rowStart = rows.count
        rows.reserveFree(format.bytesPerRow)
        for pixel in stride(from: 0, to: format.bytesPerRow, by: pixelBytes) {
            for index in pixel + colorBytes..<pixel + pixelBytes where row[index] != 0xFF {
                keepAlpha(from: rowStart, row: row)
                return
            }
            rows.end.update(from: row + pixel, count: colorBytes)
            rows.count += colorBytes
        }
    }

    /// The first translucent pixel: the rows kept so far get their (opaque) alpha back, and this row goes in whole.
    private func keepAlpha(from rowStart: Int, row: UnsafePointer<UInt8>) {
        let colorBytes = 3 * (format.bitDepth / 8)
        let opaqueRowBytes = format.width * colorBytes
        let keptRows = rowStart / opaqueRowBytes
        let opaque = [UInt8](UnsafeBufferPointer(start: rows.base, count: rowStart))
        rows.count = 0
        rows.reserveFree((keptRows + 1) * format.bytesPerRow)
        let alpha = [UInt8](repeating: 0xFF, count: format.bytesPerPixel - colorBytes)
        for pixel in stride(from: 0, to: rowStart, by: colorBytes) {
            opaque[pixel..<pixel + colorBytes].withUnsafeBytes { rows.append($0) }
            alpha.withUnsafeBytes { rows.append($0) }
        }
        rows.append(UnsafeRawBufferPointer(start: row, count: format.bytesPerRow))
        isOpaque = false
    }

    /// Builds the reference PNG and hands the smaller PNG of the image to `body`: the encoder's own (which must be
    /// complete) unless the reference is smaller. The reference stops as soon as its zlib stream alone is as large
    /// as the whole of the encoder's PNG.
    func finish(_ body: (UnsafeRawBufferPointer) throws(PNGError) -> Void) throws(PNGError) {
        let referenceFormat = PNGImageFormat(
            width: format.width, height: format.height, colorType: isOpaque ? .rgb : format.colorType,
            bitDepth: format.bitDepth)
        let reference = try ReferencePNG(format: referenceFormat, byteBudget: own.count)
        for start in stride(from: 0, to: rows.count, by: max(1, referenceFormat.bytesPerRow)) {
            guard try reference.writeRow(rows.base + start) else { break }
        }
        if let file = try reference.finish(), file.count < own.count {
            var failure: PNGError?
            file.withUnsafeBytes { bytes in
                do throws(PNGError) { try body(bytes) } catch { failure = error }
            }
            if let failure { throw failure }
        } else {
            try body(UnsafeRawBufferPointer(start: own.base, count: own.count))
        }
    }
}
