/// Writes deflate bits least significant first into memory the caller has reserved.
///
/// The caller guarantees room for every byte written; nothing is bounds-checked here.
struct DeflateBitWriter {
    /// Bits not yet stored, oldest in the lowest position.
    var bits: UInt64
    /// Number of valid bits in `bits`; below 32 between calls.
    var bitCount: Int
    /// Where the next byte goes.
    var cursor: UnsafeMutablePointer<UInt8>

    /// Appends the low `count` bits of `value`; `count` must be at most 32.
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        bits |= UInt64(value) << UInt64(bitCount)
        bitCount += count
        if bitCount >= 32 {
            UnsafeMutableRawPointer(cursor).storeBytes(
                of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            cursor += 4
            bits >>= 32
            bitCount -= 32
        }
    }

    /// Stores every complete byte, leaving fewer than 8 bits pending.
    mutating func storeCompleteBytes() {
        while bitCount >= 8 {
            cursor.pointee = UInt8(truncatingIfNeeded: bits)
            cursor += 1
            bits >>= 8
            bitCount -= 8
        }
    }
}
