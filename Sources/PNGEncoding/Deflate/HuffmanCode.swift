/// A canonical Huffman code whose lengths never exceed a limit, ready for LSB-first output.
struct HuffmanCode {
    /// Code length per symbol; 0 for unused symbols.
    private(set) var lengths: [UInt8]
    /// Bit-reversed code per symbol, so it can be written least significant bit first.
    private(set) var codes: [UInt32]

    /// Builds a code for `counts`, limited to `maxLength` bits.
    ///
    /// At least two symbols always get codes (symbols 0 and 1 are added with weight 1 when
    /// fewer are used), so every code is complete, as zlib's inflate requires.
    /// When the optimal code is too deep, the weights are halved (keeping them non-zero)
    /// until it fits; this converges because equal weights give a balanced tree, so
    /// `maxLength` must be at least the base-2 logarithm of the number of symbols.
    init(counts: [Int], maxLength: Int) {
        lengths = Self.lengths(counts: counts, maxLength: maxLength)
        codes = Self.canonicalCodes(lengths)
    }

    /// The canonical code of `lengths`, which must form a complete prefix code of at most 15 bits.
    init(lengths: [UInt8]) {
        self.lengths = lengths
        codes = Self.canonicalCodes(lengths)
    }

    /// The code lengths ``init(counts:maxLength:)`` gives, without the codes: enough to count a block's bits.
    static func lengths(counts: [Int], maxLength: Int) -> [UInt8] {
        var weights = counts
        for symbol in 0..<2 where weights.count(where: { $0 > 0 }) < 2 && weights[symbol] == 0 {
            weights[symbol] = 1
        }
        var lengths = optimalLengths(weights)
        while let deepest = lengths.max(), Int(deepest) > maxLength {
            weights = weights.map { $0 == 0 ? 0 : ($0 + 1) / 2 }
            lengths = optimalLengths(weights)
        }
        return lengths
    }

    /// Unlimited Huffman code lengths by the two-queue method over sorted leaves.
    private static func optimalLengths(_ weights: [Int]) -> [UInt8] {
        // Leaves by weight, then symbol: sorted as weight << 16 | symbol (alphabets have under 2^16 symbols, and
        // weights are byte counts, far under 2^47).
        var keys: [Int] = []
        keys.reserveCapacity(weights.count)
        for (symbol, weight) in weights.enumerated() where weight > 0 {
            keys.append(weight << 16 | symbol)
        }
        keys.sort()
        let leaves = keys.map { $0 & 0xFFFF }
        let leafCount = leaves.count
        var nodeWeight = leaves.map { weights[$0] }
        var parent = [Int](repeating: 0, count: 2 * leafCount - 1)
        var nextLeaf = 0
        var nextInternal = leafCount
        func takeSmallest() -> Int {
            if nextLeaf < leafCount
                && (nextInternal >= nodeWeight.count || nodeWeight[nextLeaf] <= nodeWeight[nextInternal])
            {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        for _ in 0..<(leafCount - 1) {
            let first = takeSmallest()
            let second = takeSmallest()
            parent[first] = nodeWeight.count
            parent[second] = nodeWeight.count
            nodeWeight.append(nodeWeight[first] + nodeWeight[second])
        }
        var depth = [Int](repeating: 0, count: nodeWeight.count)
        for node in stride(from: nodeWeight.count - 2, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
        }
        var lengths = [UInt8](repeating: 0, count: weights.count)
        for (node, symbol) in leaves.enumerated() {
            lengths[symbol] = UInt8(depth[node])
        }
        return lengths
    }

    /// Canonical codes for `lengths` (RFC 1951 section 3.2.2), bit-reversed. Lengths that are not a complete prefix
    /// code of at most 15 bits trap: inflate could not decode the block, or would decode other symbols.
    private static func canonicalCodes(_ lengths: [UInt8]) -> [UInt32] {
        var lengthCounts = [UInt32](repeating: 0, count: 16)
        var kraftSum = 0
        for length in lengths where length > 0 {
            precondition(length <= 15, "a deflate code is at most 15 bits long")
            lengthCounts[Int(length)] += 1
            kraftSum += 1 << (15 - Int(length))
        }
        precondition(kraftSum == 1 << 15, "Huffman code lengths that are not a complete prefix code")
        var nextCode = [UInt32](repeating: 0, count: 16)
        var code: UInt32 = 0
        for bits in 1..<16 {
            code = (code + lengthCounts[bits - 1]) << 1
            nextCode[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let code = nextCode[Int(length)]
            nextCode[Int(length)] += 1
            return code.bitReversed(count: Int(length))
        }
    }
}

extension UInt32 {
    /// The low `count` bits in reverse order.
    func bitReversed(count: Int) -> UInt32 {
        (self.bitSwapped) >> (32 - count)
    }

    private var bitSwapped: UInt32 {
        var value = self
        value = ((value >> 1) & 0x5555_5555) | ((value & 0x5555_5555) << 1)
        value = ((value >> 2) & 0x3333_3333) | ((value & 0x3333_3333) << 2)
        value = ((value >> 4) & 0x0F0F_0F0F) | ((value & 0x0F0F_0F0F) << 4)
        return value.byteSwapped
    }
}
