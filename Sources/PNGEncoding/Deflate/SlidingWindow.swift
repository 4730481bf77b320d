/// The last 32 KiB of the filtered byte stream, kept so zlib can be given the true history
/// (as a preset dictionary) after a stretch coded by ``RunRowBlock``.
///
/// Rows coded without zlib are recorded cheaply (kind and pixel) and written out only when
/// zlib is about to resume, and then only as many as can reach into the window.
final class SlidingWindow {
    /// Deflate's window size.
    static let size = DeflateLimits.windowSize

    /// Room for ``storageSize`` bytes; the window slides back to the start when a row would not fit.
    private let storage: UnsafeMutablePointer<UInt8>
    /// Four windows: sliding back moves a window's bytes once per three windows appended (with two, once per window:
    /// 4 % of a dithered radial 1080p frame's instructions). More saves little and holds more memory per render.
    private static let storageSize = 4 * size
    /// Valid bytes at the start of `storage`, of which the last `size` form the window.
    private(set) var count = 0
    private let rowLength: Int
    private let bytesPerPixel: Int
    private let recordCapacity: Int
    private let records: UnsafeMutablePointer<UInt8>
    private var nextRecord = 0
    private var recordCount = 0

    init(format: PNGImageFormat) {
        storage = .allocate(capacity: Self.storageSize)
        rowLength = format.bytesPerRow + 1
        bytesPerPixel = format.bytesPerPixel
        recordCapacity = Self.size / rowLength + 2
        records = .allocate(capacity: recordCapacity * (1 + bytesPerPixel))
    }

    deinit {
        storage.deallocate()
        records.deallocate()
    }

    /// Storage for ``replaceContents(count:)`` to fill; room for `size` bytes.
    var replacementTarget: UnsafeMutablePointer<UInt8> { storage }

    /// Declares that the first `count` bytes of ``replacementTarget`` are the whole history
    /// and that no row records are pending.
    func replaceContents(count: Int) {
        self.count = count
        recordCount = 0
    }

    /// Records a ``RunRowBlock`` row, to be written out by ``materialize()``.
    func recordRunRow(_ kind: RunRowKind, pixel: UnsafePointer<UInt8>) {
        let record = records + nextRecord * (1 + bytesPerPixel)
        record.pointee = kind.rawValue
        (record + 1).update(from: pixel, count: bytesPerPixel)
        nextRecord = (nextRecord + 1) % recordCapacity
        recordCount = min(recordCount + 1, recordCapacity)
    }

    /// Writes the recorded rows into the window and returns the window: at most `size` bytes.
    func materialize() -> UnsafeRawBufferPointer {
        var index = (nextRecord - recordCount + recordCapacity) % recordCapacity
        for _ in 0..<recordCount {
            let record = records + index * (1 + bytesPerPixel)
            let kind = RunRowKind(rawValue: record.pointee)!
            withUnsafeBytes(of: kind.filterType) { append($0) }
            switch kind {
            case .repeated:
                appendZeros(rowLength - 1)
            case .solid, .paethStep:
                append(UnsafeRawBufferPointer(start: record + 1, count: bytesPerPixel))
                appendZeros(rowLength - 1 - bytesPerPixel)
            case .upStep:
                appendPattern(record + 1, byteCount: rowLength - 1)
            case .step:
                preconditionFailure("step rows are resolved before they are recorded")
            }
            index = (index + 1) % recordCapacity
        }
        recordCount = 0
        let length = min(count, Self.size)
        return UnsafeRawBufferPointer(start: storage + count - length, count: length)
    }

    /// Appends bytes that are already real (a row coded by ``TokenBlock``), after any recorded rows.
    func appendRow(_ bytes: UnsafeRawBufferPointer) {
        _ = materialize()
        let kept = min(bytes.count, Self.size)
        if kept < bytes.count {
            count = 0
        }
        append(UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - kept)...]))
    }

    private func makeRoom(_ byteCount: Int) {
        guard count + byteCount > Self.storageSize else { return }
        let kept = min(count, Self.size - byteCount)
        storage.update(from: storage + count - kept, count: kept)
        count = kept
    }

    private func append(_ bytes: UnsafeRawBufferPointer) {
        makeRoom(bytes.count)
        UnsafeMutableRawPointer(storage + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        count += bytes.count
    }

    private func appendPattern(_ pattern: UnsafePointer<UInt8>, byteCount: Int) {
        let skipped = max(0, byteCount - Self.size)
        if skipped > 0 {
            count = 0
        }
        makeRoom(byteCount - skipped)
        for index in skipped..<byteCount {
            storage[count] = pattern[index % bytesPerPixel]
            count += 1
        }
    }

    private func appendZeros(_ byteCount: Int) {
        let written = min(byteCount, Self.size)
        if written < byteCount {
            count = 0
        }
        makeRoom(written)
        (storage + count).initialize(repeating: 0, count: written)
        count += written
    }
}
