/// The header of a deflate block with dynamic Huffman codes (RFC 1951 section 3.2.7).
enum DynamicBlockHeader {
    /// Order in which code-length code lengths are stored.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Length-limited codes for a block's literal/length and distance counts, with the one end-of-block symbol added
    /// to the literal/length counts.
    static func codes(
        literalLengthCounts: [Int], distanceCounts: [Int]
    ) -> (literals: HuffmanCode, distances: HuffmanCode) {
        var counts = literalLengthCounts
        counts[256] = 1
        return (HuffmanCode(counts: counts, maxLength: 15), HuffmanCode(counts: distanceCounts, maxLength: 15))
    }

    /// The bits ``write(literals:distances:)`` writes for these codes.
    static func bitCount(literals: HuffmanCode, distances: HuffmanCode) -> Int {
        let tables = Tables(literals: literals, distances: distances)
        var bits = 3 + 5 + 5 + 4 + 3 * tables.storedCount
        for symbol in tables.symbols {
            bits += Int(tables.codeLengthCode.lengths[Int(symbol.symbol)]) + symbol.extraBitCount
        }
        return bits
    }

    /// Writes BFINAL = 0, BTYPE = 2 and both code tables.
    static func write(literals: HuffmanCode, distances: HuffmanCode, into writer: inout DeflateBitWriter) {
        let tables = Tables(literals: literals, distances: distances)
        writer.write(2 << 1, count: 3)
        writer.write(UInt32(tables.literalCount - 257), count: 5)
        writer.write(UInt32(tables.distanceCount - 1), count: 5)
        writer.write(UInt32(tables.storedCount - 4), count: 4)
        for symbol in codeLengthOrder[0..<tables.storedCount] {
            writer.write(UInt32(tables.codeLengthCode.lengths[symbol]), count: 3)
        }
        for symbol in tables.symbols {
            let index = Int(symbol.symbol)
            writer.write(tables.codeLengthCode.codes[index], count: Int(tables.codeLengthCode.lengths[index]))
            writer.write(symbol.extraBits, count: symbol.extraBitCount)
        }
    }

    /// The code tables of a header: the code lengths sent (HLIT and HDIST), run-length coded, and the code of those
    /// symbols with the number of its lengths sent (HCLEN).
    private struct Tables {
        let literalCount: Int
        let distanceCount: Int
        let symbols: [CodeLengthSymbol]
        let codeLengthCode: HuffmanCode
        let storedCount: Int

        init(literals: HuffmanCode, distances: HuffmanCode) {
            literalCount = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
            distanceCount = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
            // HLIT and HDIST have room for more symbols than deflate has (286 and 30): more would be refused.
            precondition(
                literalCount <= 286 && distanceCount <= 30,
                "a deflate block has 286 literal/length and 30 distance symbols")
            let lengths = Array(literals.lengths[0..<literalCount]) + Array(distances.lengths[0..<distanceCount])
            symbols = DynamicBlockHeader.runLengthSymbols(lengths)
            var counts = [Int](repeating: 0, count: 19)
            for symbol in symbols {
                counts[Int(symbol.symbol)] += 1
            }
            codeLengthCode = HuffmanCode(counts: counts, maxLength: 7)
            let code = codeLengthCode
            storedCount = max(4, (DynamicBlockHeader.codeLengthOrder.lastIndex { code.lengths[$0] > 0 } ?? 0) + 1)
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
