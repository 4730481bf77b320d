#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streams a PNG image row by row, handing encoded bytes to a sink as they are produced.
///
/// Memory use is proportional to the row width, never to the whole frame: IDAT chunks of
/// 32–64 KiB go to the sink while rows are still arriving.
///
/// Compression is tuned for gradients. Each row is classified with `memcmp`:
/// - identical to the previous row → Up filter, filtered row `[2, 0, 0, …]`;
/// - one solid colour → Sub filter, filtered row `[1, first pixel, 0, 0, …]`;
/// - anything else → the cheapest of Sub, Up and Paeth by libpng's sum-of-magnitudes
///   heuristic, compressed by zlib (raw deflate, level 1, memLevel 8, default strategy).
///
/// The first two kinds are coded without zlib as dynamic-Huffman deflate blocks of
/// distance-1 matches, so zero bytes are never scanned; both coders share one zlib stream.
///
/// An encoder that has thrown is unusable: every later call throws ``PNGError/encoderUnusable``.
public final class PNGEncoder {
    private let format: PNGImageFormat
    private let stream: IDATStream
    private var block: ZeroRowBlock
    /// The previous row, valid while `isPreviousRowStored`; initially zeros (PNG's prior for row 0).
    private let previousRow: UnsafeMutablePointer<UInt8>
    private var isPreviousRowStored = true
    /// The colour of the previous row when it was solid and not stored.
    private let previousPixel: UnsafeMutablePointer<UInt8>
    /// Candidate filtered rows, one per filter type tried.
    private let candidates: UnsafeMutablePointer<UInt8>
    private var rowsWritten = 0
    private var isUsable = true

    /// Starts an image and sends its signature and IHDR to `sink`.
    ///
    /// - Parameters:
    ///   - format: The image shape. Bit depth must be 8 or 16; width and height must fit in
    ///     32 bits. libpng rejects zero and values above 2³¹ − 1 with ``PNGError/libpng(message:)``.
    ///   - sink: Receives encoded bytes in order; the buffer is valid only during the call.
    ///     If it throws, the encoder throws ``PNGError/sinkFailed(message:)``.
    public init(format: PNGImageFormat, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws(PNGError) {
        guard format.bitDepth == 8 || format.bitDepth == 16 else {
            throw .invalidFormat(reason: "bit depth \(format.bitDepth) is not 8 or 16")
        }
        guard (0...Int(UInt32.max)).contains(format.width), (0...Int(UInt32.max)).contains(format.height) else {
            throw .invalidFormat(reason: "dimensions \(format.width)×\(format.height) do not fit in 32 bits")
        }
        self.format = format
        stream = try IDATStream(format: format, tuning: .gradient, sink: sink)
        block = ZeroRowBlock(format: format)
        previousRow = .allocate(capacity: format.bytesPerRow)
        previousRow.initialize(repeating: 0, count: format.bytesPerRow)
        previousPixel = .allocate(capacity: format.bytesPerPixel)
        previousPixel.initialize(repeating: 0, count: format.bytesPerPixel)
        candidates = .allocate(capacity: Self.candidateFilters.count * (format.bytesPerRow + 1))
    }

    deinit {
        previousRow.deallocate()
        previousPixel.deallocate()
        candidates.deallocate()
    }

    /// Encodes the next row.
    ///
    /// - Parameter row: `format.bytesPerRow` bytes of raw pixels, samples in R, G, B(, A) order;
    ///   16-bit samples are big-endian, as in the PNG file.
    /// - Throws: ``PNGError/wrongRowLength(expected:got:)`` for a row of another size,
    ///   ``PNGError/wrongRowCount(expected:got:)`` past the last row, and any zlib, libpng or
    ///   sink failure.
    public func writeRow(_ row: UnsafeRawBufferPointer) throws(PNGError) {
        guard isUsable else { throw .encoderUnusable }
        do throws(PNGError) {
            guard row.count == format.bytesPerRow else {
                throw PNGError.wrongRowLength(expected: format.bytesPerRow, got: row.count)
            }
            guard rowsWritten < format.height else {
                throw PNGError.wrongRowCount(expected: format.height, got: rowsWritten + 1)
            }
            try encode(row.baseAddress!.assumingMemoryBound(to: UInt8.self))
            rowsWritten += 1
        } catch {
            isUsable = false
            throw error
        }
    }

    /// Ends the image: sends the rest of IDAT and IEND. The encoder cannot be used afterwards.
    ///
    /// - Throws: ``PNGError/wrongRowCount(expected:got:)`` unless exactly `format.height` rows
    ///   were written, and any zlib, libpng or sink failure.
    public func finish() throws(PNGError) {
        guard isUsable else { throw .encoderUnusable }
        isUsable = false
        guard rowsWritten == format.height else {
            throw .wrongRowCount(expected: format.height, got: rowsWritten)
        }
        if !block.isEmpty {
            try stream.writeZeroRowBlock(block)
        }
        try stream.finish()
    }

    private func encode(_ row: UnsafePointer<UInt8>) throws(PNGError) {
        let bytesPerRow = format.bytesPerRow
        let bytesPerPixel = format.bytesPerPixel
        if isPreviousRowStored && memcmp(row, previousRow, bytesPerRow) == 0 {
            try addZeroRow(filterType: ZeroRowBlock.repeatedRowFilter, row)
            return
        }
        if memcmp(row, row + bytesPerPixel, bytesPerRow - bytesPerPixel) == 0 {
            if !isPreviousRowStored && memcmp(row, previousPixel, bytesPerPixel) == 0 {
                try addZeroRow(filterType: ZeroRowBlock.repeatedRowFilter, row)
            } else {
                previousPixel.update(from: row, count: bytesPerPixel)
                isPreviousRowStored = false
                try addZeroRow(filterType: ZeroRowBlock.solidRowFilter, row)
            }
            return
        }
        if !block.isEmpty {
            try stream.writeZeroRowBlock(block)
            block.removeAll()
        }
        if !isPreviousRowStored {
            for offset in stride(from: 0, to: bytesPerRow, by: bytesPerPixel) {
                (previousRow + offset).update(from: previousPixel, count: bytesPerPixel)
            }
        }
        let filtered = filterGeneralRow(row)
        try stream.writeGeneralRow(UnsafeRawBufferPointer(start: filtered, count: bytesPerRow + 1))
        previousRow.update(from: row, count: bytesPerRow)
        isPreviousRowStored = true
    }

    private func addZeroRow(filterType: UInt8, _ row: UnsafePointer<UInt8>) throws(PNGError) {
        block.append(filterType: filterType, firstPixel: row)
        try stream.noteZeroRow(
            filterType: filterType, firstPixel: row, bytesPerPixel: format.bytesPerPixel,
            bytesPerRow: format.bytesPerRow)
        if block.isFull {
            try stream.writeZeroRowBlock(block)
            block.removeAll()
        }
    }

    private static let candidateFilters: [UInt8] = [1, 2, 4]

    /// Filters `row` with each candidate and returns the one with the lowest cost.
    private func filterGeneralRow(_ row: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        let length = format.bytesPerRow + 1
        var best = UnsafePointer(candidates)
        var bestCost = Int.max
        for (index, filterType) in Self.candidateFilters.enumerated() {
            let output = candidates + index * length
            RowFilter.apply(
                filterType, row: row, prior: previousRow, count: format.bytesPerRow,
                bytesPerPixel: format.bytesPerPixel, output: output)
            let cost = RowFilter.cost(of: output + 1, count: format.bytesPerRow)
            if cost < bestCost {
                best = UnsafePointer(output)
                bestCost = cost
            }
        }
        return best
    }
}
