import CPNG
import CZlib

/// The PNG Pillow writes for the same rows with `optimize=True`: each row filtered by libpng's adaptive heuristic
/// (``RowFilter/leastMagnitude(_:previous:count:bytesPerPixel:output:scratch:)``), the rows through zlib level 9 with
/// `Z_FILTERED`, a 32 KiB window and memory level 9 (Pillow's ZipEncode.c), framed by libpng (CPNG's writer, as
/// ``IDATStream`` frames the encoder's own) as IHDR, one IDAT and IEND.
///
/// ``PNGEncoder`` builds it after its own PNG for a held image (``HeldImage``) and writes whichever is smaller, so a
/// held image is never heavier than Pillow's method on the same pixels. It gives up once its zlib stream reaches a
/// byte budget (the size it must beat): a reference that cannot win costs no more than it took to see that.
final class ReferencePNG {
    private let format: PNGImageFormat
    private let zlib: UnsafeMutablePointer<z_stream>
    private var rowFilter: AdaptiveRowFilter
    /// The zlib stream written so far.
    private let compressed = ByteBuffer(capacity: 4096)
    /// The zlib stream's size at which the reference gives up.
    private let byteBudget: Int

    /// Starts the reference PNG of rows of `format` (RGB or RGBA, 8 or 16 bits), given up once its zlib stream
    /// reaches `byteBudget` bytes.
    init(format: PNGImageFormat, byteBudget: Int = .max) throws(PNGError) {
        self.format = format
        self.byteBudget = byteBudget
        zlib = .allocate(capacity: 1)
        zlib.initialize(to: z_stream())
        rowFilter = AdaptiveRowFilter(format: format)
        let tuning = CompressionTuning.pillow
        let status = deflateInit2_(
            zlib, tuning.level, Z_DEFLATED, 15, tuning.memoryLevel, tuning.strategy, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw .zlib(code: Int(status), message: "deflateInit2 failed")
        }
    }

    deinit {
        deflateEnd(zlib)
        zlib.deallocate()
    }

    /// Filters and compresses the next raw row of `format.bytesPerRow` bytes; false once the budget is reached (the
    /// reference is then given up and takes no more rows).
    func writeRow(_ row: UnsafePointer<UInt8>) throws(PNGError) -> Bool {
        guard compressed.count < byteBudget else { return false }
        let filtered = rowFilter.filter(row)
        try deflateInput(filtered, flush: Z_NO_FLUSH)
        return compressed.count < byteBudget
    }

    /// Ends the zlib stream and returns the whole PNG file, or nil when the budget was reached.
    func finish() throws(PNGError) -> [UInt8]? {
        guard compressed.count < byteBudget else { return nil }
        try deflateInput(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH)
        guard compressed.count < byteBudget else { return nil }
        guard let writer = cpng_writer_create() else {
            throw .outOfMemory(purpose: "libpng writer")
        }
        defer { cpng_writer_destroy(writer) }
        let hasAlpha: Int32 = format.colorType == .rgba ? 1 : 0
        guard
            cpng_writer_write_header(
                writer, UInt32(format.width), UInt32(format.height), Int32(format.bitDepth), hasAlpha)
                == Int32(CPNG_OK),
            cpng_writer_write_idat(writer, compressed.base, compressed.count) == Int32(CPNG_OK),
            cpng_writer_write_iend(writer) == Int32(CPNG_OK)
        else {
            throw .libpng(message: String(cString: cpng_writer_message(writer)))
        }
        var length = 0
        let file = cpng_writer_output(writer, &length)
        return Array(UnsafeBufferPointer(start: file, count: length))
    }

    private func deflateInput(_ bytes: UnsafeRawBufferPointer, flush: Int32) throws(PNGError) {
        let count = bytes.count
        zlib.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self))
        zlib.pointee.avail_in = UInt32(count)
        while true {
            compressed.reserveFree(count / 2 + 1024)
            let free = compressed.capacity - compressed.count
            zlib.pointee.next_out = compressed.end
            zlib.pointee.avail_out = UInt32(free)
            let status = deflate(zlib, flush)
            compressed.count += free - Int(zlib.pointee.avail_out)
            if status == Z_STREAM_END { return }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                throw .zlib(code: Int(status), message: "deflate failed in the reference PNG")
            }
            if flush != Z_FINISH && zlib.pointee.avail_in == 0 && zlib.pointee.avail_out != 0 { return }
        }
    }
}
