/// The header of a deflate block with dynamic Huffman codes (RFC 1951 section 3.2.7).
enum DynamicBlockHeader {
    /// Order in which code-length code lengths are stored.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Builds length-limited codes for a block's symbol counts (adding the one end-of-block symbol), writes the
    /// header of a non-final dynamic-Huffman block with them, and returns them for the block's body.
    static func begin(
        literalLengthCounts: [Int], distanceCounts: [Int], into writer: inout DeflateBitWriter
    ) -> (literals: HuffmanCode, distances: HuffmanCode) {
        var counts = literalLengthCounts
        counts[256] = 1
        let literals = HuffmanCode(counts: counts, maxLength: 15)
        let distances = HuffmanCode(counts: distanceCounts, maxLength: 15)
        write(literals: literals, distances: distances, into: &writer)
        return (literals, distances)
    }

    /// Writes BFINAL = 0, BTYPE = 2 and both code tables.
    static func write(literals: HuffmanCode, distances: HuffmanCode, into writer: inout DeflateBitWriter) {
        let literalCount = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let lengths = Array(literals.lengths[0..<literalCount]) + Array(distances.lengths[0..<distanceCount])
        let symbols = runLengthSymbols(lengths)
        var counts = [Int](repeating: 0, count: 19)
        for symbol in symbols {
            counts[Int(symbol.symbol)] += 1
        }
        let codeLengthCode = HuffmanCode(counts: counts, maxLength: 7)
        let storedCount = max(4, (codeLengthOrder.lastIndex { codeLengthCode.lengths[$0] > 0 } ?? 0) + 1)
        // HLIT and HDIST have room for more symbols than deflate has (286 and 30): more would be refused.
        precondition(
            literalCount <= 286 && distanceCount <= 30, "a deflate block has 286 literal/length and 30 distance symbols"
        )

        writer.write(2 << 1, count: 3)
        writer.write(UInt32(literalCount - 257), count: 5)
        writer.write(UInt32(distanceCount - 1), count: 5)
        writer.write(UInt32(storedCount - 4), count: 4)
        for symbol in codeLengthOrder[0..<storedCount] {
            writer.write(UInt32(codeLengthCode.lengths[symbol]), count: 3)
        }
        for symbol in symbols {
            let index = Int(symbol.symbol)
            writer.write(codeLengthCode.codes[index], count: Int(codeLengthCode.lengths[index]))
            writer.write(symbol.extraBits, count: symbol.extraBitCount)
        }
    }

    private struct CodeLengthSymbol {
        let symbol: UInt8
        let extraBitCount: Int
        let extraBits: UInt32
    }

    /// Run-length codes the concatenated code lengths with symbols 16, 17 and 18.
    private static func runLengthSymbols(_ lengths: [UInt8]) -> [CodeLengthSymbol] {
        var symbols: [CodeLengthSymbol] = []
        var index = 0
        while index < lengths.count {
            let value = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == value {
                run += 1
            }
            index += run
            var remaining = run
            if value == 0 {
                while remaining >= 11 {
                    let count = min(remaining, 138)
                    symbols.append(CodeLengthSymbol(symbol: 18, extraBitCount: 7, extraBits: UInt32(count - 11)))
                    remaining -= count
                }
                if remaining >= 3 {
                    symbols.append(CodeLengthSymbol(symbol: 17, extraBitCount: 3, extraBits: UInt32(remaining - 3)))
                    remaining = 0
                }
            } else {
                symbols.append(CodeLengthSymbol(symbol: value, extraBitCount: 0, extraBits: 0))
                remaining -= 1
                while remaining >= 3 {
                    let count = min(remaining, 6)
                    symbols.append(CodeLengthSymbol(symbol: 16, extraBitCount: 2, extraBits: UInt32(count - 3)))
                    remaining -= count
                }
            }
            for _ in 0..<remaining {
                symbols.append(CodeLengthSymbol(symbol: value, extraBitCount: 0, extraBits: 0))
            }
        }
        return symbols
    }
}
