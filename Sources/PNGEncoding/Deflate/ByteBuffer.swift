/// A growable byte buffer with a stable base address between growths.
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// Number of bytes in use at `base`.
    var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        self.base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Where the next byte goes.
    var end: UnsafeMutablePointer<UInt8> { base + count }

    /// Makes room for at least `byteCount` more bytes, moving the storage if needed.
    func reserveFree(_ byteCount: Int) {
        guard count + byteCount > capacity else { return }
        let newCapacity = max(capacity * 2, count + byteCount)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) {
        reserveFree(bytes.count)
        if let source = bytes.baseAddress {
            UnsafeMutableRawPointer(end).copyMemory(from: source, byteCount: bytes.count)
        }
        count += bytes.count
    }
}
