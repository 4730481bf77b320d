/// Writes deflate bits least significant first into memory the caller has reserved.
///
/// The caller reserves room for every byte written, up to `end`; a store past it traps. Values are not checked
/// against their bit counts here, which would cost a check a symbol: the codes are checked where they are made (copy
/// lengths and distances in range, complete Huffman codes of at most 15 bits, HLIT and HDIST within the alphabets).
struct DeflateBitWriter {
    /// Bits not yet stored, oldest in the lowest position.
    var bits: UInt64
    /// Number of valid bits in `bits`; below 32 between calls.
    var bitCount: Int
    /// Where the next byte goes.
    var cursor: UnsafeMutablePointer<UInt8>
    /// The end of the memory reserved for the writer.
    let end: UnsafeMutablePointer<UInt8>

    /// Appends `value`, which must fit in `count` bits; `count` must be at most 32.
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        bits |= UInt64(value) << UInt64(bitCount)
        bitCount += count
        if bitCount >= 32 {
            precondition(end - cursor >= 4, "deflate output overruns its reservation")
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
            precondition(cursor < end, "deflate output overruns its reservation")
            cursor.pointee = UInt8(truncatingIfNeeded: bits)
            cursor += 1
            bits >>= 8
            bitCount -= 8
        }
    }
}
