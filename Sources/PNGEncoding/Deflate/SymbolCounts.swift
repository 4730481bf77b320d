/// Deflate symbol counts of part of a block, with the extra bits its symbols carry, to compare codings before
/// choosing one.
struct SymbolCounts {
    private(set) var literalLengths = [Int](repeating: 0, count: 286)
    private(set) var distances = [Int](repeating: 0, count: 30)
    /// Extra length and distance bits.
    private(set) var extraBits = 0

    mutating func addLiteral(_ byte: UInt8, count: Int = 1) {
        literalLengths[Int(byte)] += count
    }

    mutating func addCopy(_ length: DeflateLengthCode, _ distance: DeflateDistanceCode, count: Int = 1) {
        literalLengths[length.symbol] += count
        distances[distance.symbol] += count
        extraBits += (length.extraBitCount + distance.extraBitCount) * count
    }

    mutating func removeAll() {
        for index in literalLengths.indices {
            literalLengths[index] = 0
        }
        for index in distances.indices {
            distances[index] = 0
        }
        extraBits = 0
    }

    /// The bits of a block body holding `base`'s symbols and these, coded with the block's own Huffman codes (the
    /// header apart).
    func codedBits(after base: (literalLengths: [Int], distances: [Int])) -> Int {
        var literalCounts = base.literalLengths
        var distanceCounts = base.distances
        for index in literalCounts.indices {
            literalCounts[index] += literalLengths[index]
        }
        for index in distanceCounts.indices {
            distanceCounts[index] += distances[index]
        }
        literalCounts[256] = 1
        let literalLengths = HuffmanCode.lengths(counts: literalCounts, maxLength: 15)
        let distanceLengths = HuffmanCode.lengths(counts: distanceCounts, maxLength: 15)
        var bits = extraBits
        for (count, length) in zip(literalCounts, literalLengths) {
            bits += count * Int(length)
        }
        for (count, length) in zip(distanceCounts, distanceLengths) {
            bits += count * Int(length)
        }
        return bits
    }

    /// These counts plus `other`'s.
    func adding(_ other: SymbolCounts) -> SymbolCounts {
        var sum = self
        for index in sum.literalLengths.indices {
            sum.literalLengths[index] += other.literalLengths[index]
        }
        for index in sum.distances.indices {
            sum.distances[index] += other.distances[index]
        }
        sum.extraBits += other.extraBits
        return sum
    }

    /// `base`'s counts plus these.
    func added(to base: (literalLengths: [Int], distances: [Int])) -> (literalLengths: [Int], distances: [Int]) {
        var result = base
        for index in result.literalLengths.indices {
            result.literalLengths[index] += literalLengths[index]
        }
        for index in result.distances.indices {
            result.distances[index] += distances[index]
        }
        return result
    }
}
