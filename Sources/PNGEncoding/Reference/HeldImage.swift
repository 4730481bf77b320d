/// An image small enough to hold (``PNGEncoderOptions/referencePixelLimit``): the encoder's own PNG, collected instead
/// of streamed, and the raw rows, from which ``finish(_:)`` builds the reference PNG (``ReferencePNG``) and sends the
/// smaller of the two.
///
/// RGBA rows whose pixels all turn out opaque are referenced as RGB rows, which is how Pillow holds such an image: the
/// renderer's rule is conservative and may write RGBA where no translucent pixel is drawn (a conic gradient, a mesh).
final class HeldImage {
    /// The encoder's own PNG, as its stream produces it.
    let own = ByteBuffer(capacity: 1024)
    /// The raw rows, as given.
    private let rows: ByteBuffer
    private let format: PNGImageFormat
    /// Whether every alpha sample so far is opaque (always false for RGB rows, which have none).
    private var isOpaque: Bool

    /// Holds an image of `format` (the rows given to the encoder: RGB or RGBA) of at most `byteCount` filtered bytes.
    init(format: PNGImageFormat, byteCount: Int) {
        self.format = format
        rows = ByteBuffer(capacity: max(1, byteCount))
        isOpaque = format.colorType == .rgba
    }

    /// Bytes of a pixel's colour samples, before its alpha.
    private var colorBytes: Int { 3 * (format.bitDepth / 8) }

    /// Keeps the next raw row.
    func writeRow(_ row: UnsafePointer<UInt8>) {
        rows.append(UnsafeRawBufferPointer(start: row, count: format.bytesPerRow))
        guard isOpaque else { return }
        for pixel in stride(from: 0, to: format.bytesPerRow, by: format.bytesPerPixel) {
            for index in pixel + colorBytes..<pixel + format.bytesPerPixel where row[index] != 0xFF {
                isOpaque = false
                return
            }
        }
    }

    /// Builds the reference PNG and hands the smaller PNG of the image to `body`: the encoder's own (which must be
    /// complete) unless the reference is smaller. The reference stops as soon as its zlib stream alone is as large
    /// as the whole of the encoder's PNG.
    func finish(_ body: (UnsafeRawBufferPointer) throws(PNGError) -> Void) throws(PNGError) {
        let referenceFormat = PNGImageFormat(
            width: format.width, height: format.height, colorType: isOpaque ? .rgb : format.colorType,
            bitDepth: format.bitDepth)
        let reference = try ReferencePNG(format: referenceFormat, byteBudget: own.count)
        // Opaque RGBA rows lose their alpha samples on the way, one row at a time.
        let opaqueRow = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, referenceFormat.bytesPerRow))
        defer { opaqueRow.deallocate() }
        for start in stride(from: 0, to: rows.count, by: max(1, format.bytesPerRow)) {
            var row = UnsafePointer(rows.base + start)
            if isOpaque {
                for (pixel, index) in stride(from: 0, to: format.bytesPerRow, by: format.bytesPerPixel).enumerated() {
                    (opaqueRow + pixel * colorBytes).update(from: row + index, count: colorBytes)
                }
                row = UnsafePointer(opaqueRow)
            }
            guard try reference.writeRow(row) else { break }
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
