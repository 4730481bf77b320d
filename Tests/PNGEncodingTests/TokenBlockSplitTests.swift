import SeededRandom
import Testing

@testable import PNGEncoding

/// A token block whose rows change character is written as several blocks, each with codes of its own, when that is
/// fewer bits than one.
@Suite("Token blocks split where the rows change")
struct TokenBlockSplitTests {
    /// Rows of 64 literals drawn from `alphabet`.
    private static func rows(_ count: Int, alphabet: ClosedRange<UInt8>, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in (0..<64).map { _ in UInt8.random(in: alphabet, using: &generator) } }
    }

    /// A token block of `rows` as literals, and the bits one block of them takes.
    private static func block(of rows: [[UInt8]]) -> (block: TokenBlock, oneBlockBits: Int) {
        let block = TokenBlock(rowLength: 64)
        var literalCounts = [Int](repeating: 0, count: 286)
        for row in rows {
            block.append(row.map(TokenBlock.literal))
            row.forEach { literalCounts[Int($0)] += 1 }
        }
        let oneBlockBits = BlockHeader.bitCount(
            literalLengthCounts: literalCounts, distanceCounts: [Int](repeating: 0, count: 30))
        return (block, oneBlockBits)
    }

    @Test("rows of two alphabets are coded in fewer bits than one block can, and inflate to their bytes")
    func twoAlphabets() throws {
        let rows = Self.rows(40, alphabet: 1...8, seed: 1) + Self.rows(40, alphabet: 200...207, seed: 2)
        let (block, oneBlockBits) = Self.block(of: rows)
        let written = WrittenTokenBlock(block)
        // Each half needs 3 bits a literal in a block of its own, 4 when both alphabets share one.
        #expect(written.bitCount < oneBlockBits - 1_000, "\(written.bitCount) bits against \(oneBlockBits) in one")
        #expect(try rawInflate(written.stream, limit: 8192) == Array(rows.joined()))
    }

    @Test("rows of one alphabet stay one block")
    func oneAlphabet() throws {
        let rows = Self.rows(80, alphabet: 1...8, seed: 3)
        let (block, oneBlockBits) = Self.block(of: rows)
        let written = WrittenTokenBlock(block)
        #expect(written.bitCount == oneBlockBits)
        #expect(try rawInflate(written.stream, limit: 8192) == Array(rows.joined()))
    }
}
