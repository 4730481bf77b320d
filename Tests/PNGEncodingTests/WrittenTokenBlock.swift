@testable import PNGEncoding

/// A token block encoded as deflate data: its blocks, then a final empty block with the fixed codes, so that the
/// stream inflates whole.
struct WrittenTokenBlock {
    /// The deflate stream.
    let stream: [UInt8]
    /// The bits of the token block's own blocks.
    let bitCount: Int

    init(_ block: TokenBlock) {
        let capacity = block.maximumEncodedByteCount + 16
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { memory.deallocate() }
        var writer = DeflateBitWriter(bits: 0, bitCount: 0, cursor: memory, end: memory + capacity)
        block.encode(into: &writer)
        bitCount = (writer.cursor - memory) * 8 + writer.bitCount
        // BFINAL = 1, BTYPE = 1, then the end-of-block code (7 zero bits).
        writer.write(0b011, count: 3)
        writer.write(0, count: 7)
        writer.write(0, count: (8 - writer.bitCount % 8) % 8)
        writer.storeCompleteBytes()
        stream = Array(UnsafeBufferPointer(start: memory, count: writer.cursor - memory))
    }
}
