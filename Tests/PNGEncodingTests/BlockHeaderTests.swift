import Testing

@testable import PNGEncoding

/// ``BlockHeader``: a block takes deflate's fixed codes or its own dynamic ones, whichever writes it in fewer bits,
/// and inflates to its bytes either way.
@Suite("Deflate block headers: fixed or dynamic codes")
struct BlockHeaderTests {
    /// The tokens written as one token block, and the first block's BTYPE.
    private static func write(_ tokens: [UInt32]) -> (written: WrittenTokenBlock, blockType: Int) {
        let block = TokenBlock(rowLength: tokens.count)
        block.append(tokens)
        let written = WrittenTokenBlock(block)
        return (written, Int(written.stream[0] >> 1 & 3))
    }

    /// The bits of `tokens` under deflate's fixed codes, header and end-of-block symbol included.
    private static func fixedBitCount(_ tokens: [UInt32]) -> Int {
        var bits = 3 + 7
        for token in tokens {
            guard token & 1 << 31 != 0 else {
                bits += token < 144 ? 8 : 9
                continue
            }
            let length = DeflateLengthCode(length: Int(token >> 16 & 0x1FF))
            let distance = DeflateDistanceCode(distance: Int(token & 0xFFFF))
            bits += (length.symbol < 280 ? 7 : 8) + length.extraBitCount + 5 + distance.extraBitCount
        }
        return bits
    }

    @Test("a block of a few literals and copies takes the fixed codes and inflates to its bytes")
    func fewSymbols() throws {
        let literals: [UInt8] = [1, 0, 200, 7, 9, 0, 0, 3]
        let tokens = literals.map(TokenBlock.literal) + [TokenBlock.match(length: 20, distance: 8)]
        let (written, blockType) = Self.write(tokens)
        #expect(blockType == 1)
        #expect(written.bitCount == Self.fixedBitCount(tokens))
        let expected = literals + (0..<20).map { literals[$0 % 8] }
        #expect(try rawInflate(written.stream, limit: 64) == expected)
    }

    @Test("a long block of few distinct symbols takes dynamic codes, fewer bits than the fixed ones")
    func manySymbols() throws {
        var tokens: [UInt32] = []
        var expected: [UInt8] = []
        for index in 0..<400 {
            let byte = UInt8(index % 3 == 0 ? 200 : 1)
            tokens.append(TokenBlock.literal(byte))
            expected.append(byte)
            if index % 4 == 0 && expected.count >= 3 {
                tokens.append(TokenBlock.match(length: 3, distance: 3))
                expected += expected[(expected.count - 3)...]
            }
        }
        let (written, blockType) = Self.write(tokens)
        #expect(blockType == 2)
        #expect(written.bitCount < Self.fixedBitCount(tokens) - 10)
        #expect(try rawInflate(written.stream, limit: 4096) == expected)
    }
}
