/// Filters rows one by one as Pillow does with `optimize=True`: each row by libpng's adaptive heuristic
/// (``RowFilter/leastMagnitude(_:previous:count:bytesPerPixel:output:scratch:)``), against the raw row before it
/// (zeros before the first). Owns the previous row and the two rows its trials write.
struct AdaptiveRowFilter: ~Copyable {
    private let bytesPerRow: Int
    private let bytesPerPixel: Int
    private let previousRow: UnsafeMutablePointer<UInt8>
    private let filteredRow: UnsafeMutablePointer<UInt8>
    private let scratchRow: UnsafeMutablePointer<UInt8>

    /// A filter for rows of `format` (any colour type and depth).
    init(format: PNGImageFormat) {
        bytesPerRow = format.bytesPerRow
        bytesPerPixel = format.bytesPerPixel
        previousRow = .allocate(capacity: max(1, bytesPerRow))
        previousRow.initialize(repeating: 0, count: max(1, bytesPerRow))
        filteredRow = .allocate(capacity: bytesPerRow + 1)
        scratchRow = .allocate(capacity: bytesPerRow + 1)
    }

    deinit {
        previousRow.deallocate()
        filteredRow.deallocate()
        scratchRow.deallocate()
    }

    /// Filters the next raw row; the result (filter byte and `bytesPerRow` bytes) is valid until the next call.
    mutating func filter(_ row: UnsafePointer<UInt8>) -> UnsafeRawBufferPointer {
        let filtered = RowFilter.leastMagnitude(
            row, previous: previousRow, count: bytesPerRow, bytesPerPixel: bytesPerPixel, output: filteredRow,
            scratch: scratchRow)
        previousRow.update(from: row, count: bytesPerRow)
        return UnsafeRawBufferPointer(start: filtered, count: bytesPerRow + 1)
    }
}
