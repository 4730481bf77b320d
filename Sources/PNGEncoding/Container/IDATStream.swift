import CPNG
import CZlib

/// The zlib stream inside IDAT, owned end to end: header, deflate data from two coders, Adler-32.
///
/// Rows reach it already filtered. General rows go through zlib in raw mode; runs of
/// ``RunRowKind`` rows go through ``RunRowBlock``. Switching from zlib flushes it to a byte
/// boundary with `Z_SYNC_FLUSH` and saves its window; switching back resets zlib, gives it the
/// true last 32 KiB as a dictionary and primes it with the pending 0–7 bits. Output is framed
/// into IDAT chunks of 64 KiB by libpng (through CPNG) and handed to the sink as each fills.
final class IDATStream {
    /// The size of every IDAT chunk but the last, which holds the rest: output is sent in whole chunks of it as they
    /// fill (Pillow's chunks are as large, so a stream of Pillow's bytes is framed in as many chunks).
    static let chunkSize = 65536

    private let writer: OpaquePointer
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private let output = ByteBuffer(capacity: 2 * chunkSize)
    private let zlib: UnsafeMutablePointer<z_stream>
    private let window: SlidingWindow
    private let tuning: CompressionTuning
    /// The chain limit zlib searches with now (``writeGeneralRow(_:maximumChain:)``); 0 until tuned.
    private var currentChain: Int32 = 0
    /// True while zlib produced the latest deflate data (and holds any pending bits).
    private var isZlibActive = false
    private var pendingBits: UInt64 = 0
    private var pendingBitCount = 0
    private var adlerA: UInt32 = 1
    private var adlerB: UInt32 = 0

    /// Starts a PNG: writes signature and IHDR through libpng, sends them, and starts the zlib stream.
    /// `format` is the layout of the filtered rows: ``PNGColorType/indexed`` with `palette`, whose colours go
    /// into PLTE and tRNS.
    init(
        format: PNGImageFormat, palette: PNGPalette?, tuning: CompressionTuning,
        sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws(PNGError) {
        guard let writer = cpng_writer_create() else {
            throw .outOfMemory(purpose: "libpng writer")
        }
        self.writer = writer
        self.sink = sink
        self.window = SlidingWindow(format: format)
        self.tuning = tuning
        zlib = .allocate(capacity: 1)
        zlib.initialize(to: z_stream())
        let status = deflateInit2_(
            zlib, tuning.level, Z_DEFLATED, -15, tuning.memoryLevel, tuning.strategy, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw .zlib(code: Int(status), message: "deflateInit2 failed")
        }
        if let palette {
            try writePaletteHeader(palette, format: format)
        } else {
            try check(
                cpng_writer_write_header(
                    writer, UInt32(format.width), UInt32(format.height), Int32(format.bitDepth),
                    format.colorType == .rgba ? 1 : 0))
        }
        try sendLibpngOutput()
        output.base[0] = 0x78
        output.base[1] = 0x01
        output.count = 2
    }

    /// IHDR for indexed colour, PLTE, and tRNS up to the last colour that is not opaque (none when all are).
    private func writePaletteHeader(_ palette: PNGPalette, format: PNGImageFormat) throws(PNGError) {
        var rgb: [UInt8] = []
        var alpha: [UInt8] = []
        for start in stride(from: 0, to: palette.samples.count, by: palette.bytesPerColor) {
            rgb.append(contentsOf: palette.samples[start..<start + 3])
            alpha.append(palette.bytesPerColor == 4 ? palette.samples[start + 3] : 255)
        }
        let alphaCount = (alpha.lastIndex { $0 != 255 } ?? -1) + 1
        try check(
            cpng_writer_write_palette_header(
                writer, UInt32(format.width), UInt32(format.height), rgb, Int32(palette.count), alpha,
                Int32(alphaCount)))
    }

    deinit {
        deflateEnd(zlib)
        zlib.deallocate()
        cpng_writer_destroy(writer)
    }

    /// Compresses one filtered row with zlib, searching at most `maximumChain` chain entries per position (nil: the
    /// stream's ``CompressionTuning/maximumChain``).
    func writeGeneralRow(_ row: UnsafeRawBufferPointer, maximumChain: Int32? = nil) throws(PNGError) {
        if !isZlibActive {
            try resumeZlib()
        }
        let chain = maximumChain ?? tuning.maximumChain
        if chain != currentChain {
            let status = deflateTune(zlib, tuning.goodLength, tuning.maximumLazyLength, tuning.niceLength, chain)
            guard status == Z_OK else { throw zlibError(status) }
            currentChain = chain
        }
        updateAdler(row)
        zlib.pointee.next_in = UnsafeMutablePointer(mutating: row.baseAddress!.assumingMemoryBound(to: UInt8.self))
        zlib.pointee.avail_in = UInt32(row.count)
        try runDeflate(flush: Z_NO_FLUSH)
        try sendIfReady()
    }

    /// Prepares for rows that ``RunRowBlock`` will code. The first such row after zlib rows flushes zlib to a byte
    /// boundary and saves its window, so the window records start exactly where zlib's history ends.
    func beginRunRow() throws(PNGError) {
        if isZlibActive {
            try suspendZlib()
        }
    }

    /// Accounts for a general row that ``TokenBlock`` will code: Adler-32 and window. A row whose bytes after the
    /// filter byte repeat their first `period` bytes has its checksum combined from the period's. Returns the
    /// Adler-32 of the row alone, for ``noteTokenRow(_:checksum:)`` (0 when combined from a period's).
    @discardableResult
    func noteTokenRow(_ row: UnsafeRawBufferPointer, period: Int? = nil) throws(PNGError) -> UInt32 {
        if isZlibActive {
            try suspendZlib()
        }
        var checksum: UInt32 = 0
        if let period, row.count > 1 + period {
            let body = row.count - 1
            updateAdler(UnsafeRawBufferPointer(rebasing: row[0..<1]))
            updateAdler(repeating: UnsafeRawBufferPointer(rebasing: row[1..<1 + period]), count: body / period)
            updateAdler(UnsafeRawBufferPointer(rebasing: row[(1 + body / period * period)...]))
        } else {
            checksum = cpng_adler32(1, row.baseAddress!.assumingMemoryBound(to: UInt8.self), row.count)
            combineAdler(checksum, length: row.count)
        }
        window.appendRow(row)
        return checksum
    }

    /// ``noteTokenRow(_:period:)`` for a row whose bytes alone have the Adler-32 `checksum` (they were noted before).
    func noteTokenRow(_ row: UnsafeRawBufferPointer, checksum: UInt32) throws(PNGError) {
        if isZlibActive {
            try suspendZlib()
        }
        combineAdler(checksum, length: row.count)
        window.appendRow(row)
    }

    /// Appends the checksum of `length` bytes whose Adler-32 alone is `checksum`.
    private func combineAdler(_ checksum: UInt32, length: Int) {
        let combined = adler32_combine(UInt((adlerB << 16) | adlerA), UInt(checksum), length)
        adlerA = UInt32(combined & 0xFFFF)
        adlerB = UInt32(combined >> 16)
    }

    /// Writes `block` as one deflate block, then accounts for its rows (Adler-32 and window bookkeeping) as
    /// filtered the way the block chose; returns the filter chosen for its steps.
    func writeRunRowBlock(_ block: RunRowBlock, format: PNGImageFormat) throws(PNGError) -> RunRowKind {
        var stepKind = RunRowKind.upStep
        try writeBlock(maximumByteCount: block.maximumEncodedByteCount) { stepKind = block.encode(into: &$0) }
        block.forEachRow(steps: stepKind) { kind, pixel in
            withUnsafeBytes(of: kind.filterType) { updateAdler($0) }
            let pixelBytes = UnsafeRawBufferPointer(start: pixel, count: format.bytesPerPixel)
            switch kind {
            case .repeated:
                updateAdlerWithZeros(format.bytesPerRow)
            case .solid, .paethStep:
                updateAdler(pixelBytes)
                updateAdlerWithZeros(format.bytesPerRow - format.bytesPerPixel)
            case .upStep:
                updateAdler(repeating: pixelBytes, count: format.width)
            case .step:
                preconditionFailure("a written block's steps are resolved")
            }
            window.recordRunRow(kind, pixel: pixel)
        }
        return stepKind
    }

    /// Writes `block` as one deflate block.
    func writeTokenBlock(_ block: TokenBlock) throws(PNGError) {
        try writeBlock(maximumByteCount: block.maximumEncodedByteCount) { block.encode(into: &$0) }
    }

    private func writeBlock(
        maximumByteCount: Int, _ encode: (inout DeflateBitWriter) -> Void
    ) throws(PNGError) {
        output.reserveFree(maximumByteCount)
        var bitWriter = DeflateBitWriter(
            bits: pendingBits, bitCount: pendingBitCount, cursor: output.end, end: output.end + maximumByteCount)
        encode(&bitWriter)
        bitWriter.storeCompleteBytes()
        output.count = bitWriter.cursor - output.base
        pendingBits = bitWriter.bits
        pendingBitCount = bitWriter.bitCount
        try sendIfReady()
    }

    /// Ends the deflate stream, appends Adler-32, and sends the rest of IDAT and IEND.
    func finish() throws(PNGError) {
        if isZlibActive {
            try runDeflate(flush: Z_FINISH)
        } else {
            output.reserveFree(16)
            var bitWriter = DeflateBitWriter(
                bits: pendingBits, bitCount: pendingBitCount, cursor: output.end, end: output.end + 16)
            bitWriter.write(0b011, count: 3)
            bitWriter.write(0, count: 7)
            bitWriter.write(0, count: (8 - bitWriter.bitCount % 8) % 8)
            bitWriter.storeCompleteBytes()
            output.count = bitWriter.cursor - output.base
        }
        output.reserveFree(4)
        let adler = (adlerB << 16) | adlerA
        for shift in [24, 16, 8, 0] {
            output.base[output.count] = UInt8(truncatingIfNeeded: adler >> UInt32(shift))
            output.count += 1
        }
        try sendChunks(upTo: output.count)
        try check(cpng_writer_write_iend(writer))
        try sendLibpngOutput()
    }

    private func updateAdler(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        let combined = cpng_adler32((adlerB << 16) | adlerA, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        adlerA = UInt32(combined & 0xFFFF)
        adlerB = UInt32(combined >> 16)
    }

    /// `count` repetitions of `pattern`, by combining checksums of doubling lengths.
    private func updateAdler(repeating pattern: UnsafeRawBufferPointer, count: Int) {
        var combined = UInt((adlerB << 16) | adlerA)
        var power = UInt(cpng_adler32(1, pattern.baseAddress!.assumingMemoryBound(to: UInt8.self), pattern.count))
        var powerLength = pattern.count
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 {
                combined = adler32_combine(combined, power, powerLength)
            }
            remaining >>= 1
            if remaining > 0 {
                power = adler32_combine(power, power, powerLength)
                powerLength *= 2
            }
        }
        adlerA = UInt32(combined & 0xFFFF)
        adlerB = UInt32(combined >> 16)
    }

    /// A run of `count` zero bytes leaves A unchanged and adds `count * A` to B, modulo 65521.
    private func updateAdlerWithZeros(_ count: Int) {
        let added = (UInt64(count % 65521) * UInt64(adlerA)) % 65521
        adlerB = UInt32((UInt64(adlerB) + added) % 65521)
    }

    private func suspendZlib() throws(PNGError) {
        zlib.pointee.avail_in = 0
        try runDeflate(flush: Z_SYNC_FLUSH)
        var length: UInt32 = 0
        let status = deflateGetDictionary(zlib, window.replacementTarget, &length)
        guard status == Z_OK else { throw zlibError(status) }
        window.replaceContents(count: Int(length))
        isZlibActive = false
    }

    private func resumeZlib() throws(PNGError) {
        var status = deflateReset(zlib)
        guard status == Z_OK else { throw zlibError(status) }
        // The reset restores the level's own parameters: the row being written tunes them (`writeGeneralRow`).
        currentChain = 0
        let history = window.materialize()
        if !history.isEmpty {
            status = deflateSetDictionary(
                zlib, history.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt32(history.count))
            guard status == Z_OK else { throw zlibError(status) }
        }
        if pendingBitCount > 0 {
            status = deflatePrime(zlib, Int32(pendingBitCount), Int32(pendingBits))
            guard status == Z_OK else { throw zlibError(status) }
            pendingBits = 0
            pendingBitCount = 0
        }
        isZlibActive = true
    }

    /// Calls deflate until it has consumed all input and, for flushes, produced all output.
    private func runDeflate(flush: Int32) throws(PNGError) {
        while true {
            output.reserveFree(16384)
            let free = output.capacity - output.count
            zlib.pointee.next_out = output.end
            zlib.pointee.avail_out = UInt32(free)
            let status = deflate(zlib, flush)
            output.count += free - Int(zlib.pointee.avail_out)
            if flush == Z_FINISH {
                if status == Z_STREAM_END { return }
                guard status == Z_OK || status == Z_BUF_ERROR else { throw zlibError(status) }
                continue
            }
            guard status == Z_OK || status == Z_BUF_ERROR else { throw zlibError(status) }
            if zlib.pointee.avail_in == 0 && zlib.pointee.avail_out != 0 { return }
        }
    }

    private func zlibError(_ status: Int32) -> PNGError {
        let message = zlib.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
        return .zlib(code: Int(status), message: message)
    }

    /// Sends the whole chunks pending; the rest waits for more output.
    private func sendIfReady() throws(PNGError) {
        let whole = output.count / Self.chunkSize * Self.chunkSize
        guard whole > 0 else { return }
        try sendChunks(upTo: whole)
    }

    /// Sends the first `byteCount` pending bytes as chunks of ``chunkSize`` (the last one shorter) and keeps the rest
    /// pending.
    private func sendChunks(upTo byteCount: Int) throws(PNGError) {
        var start = 0
        while start < byteCount {
            let length = min(Self.chunkSize, byteCount - start)
            try check(cpng_writer_write_idat(writer, output.base + start, length))
            start += length
        }
        let rest = output.count - byteCount
        UnsafeMutableRawPointer(output.base).copyMemory(from: output.base + byteCount, byteCount: rest)
        output.count = rest
        try sendLibpngOutput()
    }

    private func sendLibpngOutput() throws(PNGError) {
        var length = 0
        guard let bytes = cpng_writer_output(writer, &length), length > 0 else { return }
        do {
            try sink(UnsafeRawBufferPointer(start: bytes, count: length))
        } catch {
            throw .sinkFailed(message: String(describing: error))
        }
        cpng_writer_consume_output(writer)
    }

    private func check(_ status: Int32) throws(PNGError) {
        guard status == Int32(CPNG_OK) else {
            throw .libpng(message: String(cString: cpng_writer_message(writer)))
        }
    }
}
