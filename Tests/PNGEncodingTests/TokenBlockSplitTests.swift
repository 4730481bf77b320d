import Testing

@testable import PNGEncoding

/// A token block whose rows change character is written as several blocks, each with codes of its own, when that is
/// fewer bits than one.
@Suite("Token blocks split where the rows change")
struct TokenBlockSplitTests {
    /// Encodes the block, then a final empty fixed block; returns the stream and the block's length in bits.
    private static func write(_ block: TokenBlock) -> (stream: [UInt8], bitCount: Int) {
        let capacity = block.maximumEncodedByteCount + 16
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { memory.deallocate() }
        var writer = DeflateBitWriter(bits: 0, bitCount: 0, cursor: memory, end: memory + capacity)
        block.encode(into: &writer)
        let bitCount = (writer.cursor - memory) * 8 + writer.bitCount
        writer.write(0b011, count: 3)
        writer.write(0, count: 7)
        writer.write(0, count: (8 - writer.bitCount % 8) % 8)
        writer.storeCompleteBytes()
        return (Array(UnsafeBufferPointer(start: memory, count: writer.cursor - memory)), bitCount)
    }

    /// Rows of 64 literals drawn from `alphabet`.
    private static func rows(_ count: Int, alphabet: ClosedRange<UInt8>, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in (0..<64).map { _ in UInt8.random(in: alphabet, using: &generator) } }
    }

    @Test("rows of two alphabets are coded in fewer bits than one block can, and inflate to their bytes")
    func twoAlphabets() throws {
        let rows = Self.rows(40, alphabet: 1...8, seed: 1) + Self.rows(40, alphabet: 200...207, seed: 2)
        let block = TokenBlock(rowLength: 64)
        var literalCounts = [Int](repeating: 0, count: 286)
        for row in rows {
            block.append(row.map(TokenBlock.literal))
            row.forEach { literalCounts[Int($0)] += 1 }
        }
        let oneBlock = BlockHeader.bitCount(
            literalLengthCounts: literalCounts, distanceCounts: [Int](repeating: 0, count: 30))
        let written = Self.write(block)
        // Each half needs 3 bits a literal in a block of its own, 4 when both alphabets share one.
        #expect(written.bitCount < oneBlock - 1_000, "\(written.bitCount) bits against \(oneBlock) in one block")
        #expect(try rawInflate(written.stream, limit: 8192) == Array(rows.joined()))
    }

    @Test("rows of one alphabet stay one block")
    func oneAlphabet() throws {
        let rows = Self.rows(80, alphabet: 1...8, seed: 3)
        let block = TokenBlock(rowLength: 64)
        var literalCounts = [Int](repeating: 0, count: 286)
        for row in rows {
            block.append(row.map(TokenBlock.literal))
            row.forEach { literalCounts[Int($0)] += 1 }
        }
        let oneBlock = BlockHeader.bitCount(
            literalLengthCounts: literalCounts, distanceCounts: [Int](repeating: 0, count: 30))
        let written = Self.write(block)
        #expect(written.bitCount == oneBlock)
        #expect(try rawInflate(written.stream, limit: 8192) == Array(rows.joined()))
    }
}
