/// The header of a Huffman-coded deflate block (RFC 1951 section 3.2.5–3.2.7): deflate's fixed codes (BTYPE = 1, no
/// tables) or dynamic codes built from the block's own symbol counts (BTYPE = 2, their tables in the header),
/// whichever codes the block in fewer bits, header included.
///
/// A block of a few hundred symbols spends as many bits on dynamic tables as on its symbols; the fixed codes have
/// none to send. Of the 382 presets at 600×200 and 1200×630 (horizontal and 135°) and as 1170×2532 vertical
/// splashes, dithered and not, 79 code a few bytes smaller (62 of them dithered splashes, whose solid rows open short
/// run-row blocks), none larger.
enum BlockHeader {
    /// Deflate's fixed literal/length code: 8 bits for bytes 0–143, 9 for 144–255, 7 for 256–279, 8 for 280–287.
    static let fixedLiterals = HuffmanCode(
        lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
            + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8))
    /// Deflate's fixed distance code: 5 bits each (symbols 30 and 31 complete the code and are never used).
    static let fixedDistances = HuffmanCode(lengths: [UInt8](repeating: 5, count: 32))

    /// Chooses the codes for a block of these symbol counts (the end-of-block symbol apart), writes the header of a
    /// non-final block with them, and returns them for the block's body. Extra length and distance bits are the same
    /// under both codes, so only the symbols' own bits are compared.
    static func begin(
        literalLengthCounts: [Int], distanceCounts: [Int], into writer: inout DeflateBitWriter
    ) -> (literals: HuffmanCode, distances: HuffmanCode) {
        let choice = Choice(literalLengthCounts: literalLengthCounts, distanceCounts: distanceCounts)
        guard choice.usesFixedCodes else {
            DynamicBlockHeader.write(
                literals: choice.dynamic.literals, distances: choice.dynamic.distances, into: &writer)
            return choice.dynamic
        }
        writer.write(1 << 1, count: 3)
        return (fixedLiterals, fixedDistances)
    }

    /// The bits of a block of these symbol counts with the codes ``begin(literalLengthCounts:distanceCounts:into:)``
    /// would choose, header and end-of-block symbol included, extra bits apart.
    static func bitCount(literalLengthCounts: [Int], distanceCounts: [Int]) -> Int {
        Choice(literalLengthCounts: literalLengthCounts, distanceCounts: distanceCounts).bitCount
    }

    /// The dynamic codes for a block's counts, and whether the fixed ones code it in fewer bits.
    private struct Choice {
        let dynamic: (literals: HuffmanCode, distances: HuffmanCode)
        let usesFixedCodes: Bool
        /// The block's bits under the codes chosen, header and end-of-block symbol included, extra bits apart.
        let bitCount: Int

        init(literalLengthCounts: [Int], distanceCounts: [Int]) {
            dynamic = DynamicBlockHeader.codes(literalLengthCounts: literalLengthCounts, distanceCounts: distanceCounts)
            let dynamicBits =
                DynamicBlockHeader.bitCount(literals: dynamic.literals, distances: dynamic.distances)
                + BlockHeader.symbolBits(
                    literalLengthCounts, distanceCounts, literals: dynamic.literals, distances: dynamic.distances)
            let fixedBits =
                3
                + BlockHeader.symbolBits(
                    literalLengthCounts, distanceCounts, literals: BlockHeader.fixedLiterals,
                    distances: BlockHeader.fixedDistances)
            usesFixedCodes = fixedBits < dynamicBits
            bitCount = min(fixedBits, dynamicBits)
        }
    }

    /// The bits of the block's symbols under these codes, the end-of-block symbol included.
    private static func symbolBits(
        _ literalLengthCounts: [Int], _ distanceCounts: [Int], literals: HuffmanCode, distances: HuffmanCode
    ) -> Int {
        var bits = Int(literals.lengths[256])
        for (symbol, count) in literalLengthCounts.enumerated() where symbol != 256 && count > 0 {
            bits += count * Int(literals.lengths[symbol])
        }
        for (symbol, count) in distanceCounts.enumerated() where count > 0 {
            bits += count * Int(distances.lengths[symbol])
        }
        return bits
    }
}
