/// Literals and copies found by ``RowMatcher``, gathered into one deflate block with a dynamic
/// Huffman code built from their own symbol counts.
struct TokenBlock {
    /// Tokens kept before the block must be written; bounds memory and the output reservation.
    static let maximumTokenCount = 1 << 14

    /// A literal byte (below 256), or `matchFlag | length << 16 | distance`.
    private var tokens: [UInt32] = []
    private var literalLengthCounts = [Int](repeating: 0, count: 286)
    private var distanceCounts = [Int](repeating: 0, count: 30)

    private static let matchFlag: UInt32 = 1 << 31

    var isEmpty: Bool { tokens.isEmpty }

    /// True when another row of `tokenCount` tokens would exceed ``maximumTokenCount``.
    func isFull(adding tokenCount: Int) -> Bool {
        tokens.count + tokenCount > Self.maximumTokenCount
    }

    /// The token for a literal byte.
    static func literal(_ byte: UInt8) -> UInt32 { UInt32(byte) }

    /// The token for a copy; `length` in 3...258, `distance` in 1...32768.
    static func match(length: Int, distance: Int) -> UInt32 {
        matchFlag | UInt32(length) << 16 | UInt32(distance)
    }

    /// Appends one row's tokens. A copy that continues the one before it at the same distance (a row that copies
    /// the row 8 above, after a row that did the same, or any run the matchers split) is merged with it and the run
    /// re-cut into copies of 258 bytes: rows coded one at a time each end on a short copy, whose length costs extra
    /// bits and an extra symbol, where one run of copies crosses the row boundaries. On a dithered 1200×630 card as
    /// palette indices (rows of 1,201 bytes) that is 65 bits a row instead of 77.
    mutating func append(_ rowTokens: [UInt32]) {
        for token in rowTokens {
            guard token & Self.matchFlag != 0, let last = tokens.last, last & Self.matchFlag != 0,
                last & 0xFFFF == token & 0xFFFF, Self.length(of: last) < 258
            else {
                add(token)
                continue
            }
            tokens.removeLast()
            count(last, by: -1)
            let distance = Int(token & 0xFFFF)
            let total = Self.length(of: last) + Self.length(of: token)
            var first = min(258, total)
            var second = total - first
            if second > 0 && second < 3 {
                first -= 3 - second
                second = 3
            }
            add(Self.match(length: first, distance: distance))
            if second > 0 {
                add(Self.match(length: second, distance: distance))
            }
        }
    }

    private static func length(of match: UInt32) -> Int { Int((match >> 16) & 0x1FF) }

    private mutating func add(_ token: UInt32) {
        tokens.append(token)
        count(token, by: 1)
    }

    private mutating func count(_ token: UInt32, by change: Int) {
        if token & Self.matchFlag == 0 {
            literalLengthCounts[Int(token)] += change
        } else {
            literalLengthCounts[DeflateLengthCode(length: Self.length(of: token)).symbol] += change
            distanceCounts[DeflateDistanceCode(distance: Int(token & 0xFFFF)).symbol] += change
        }
    }

    mutating func removeAll() {
        tokens.removeAll(keepingCapacity: true)
        for index in literalLengthCounts.indices {
            literalLengthCounts[index] = 0
        }
        for index in distanceCounts.indices {
            distanceCounts[index] = 0
        }
    }

    /// An upper bound on the bytes ``encode(into:)`` writes: 48 bits per token plus the header.
    var maximumEncodedByteCount: Int { tokens.count * 6 + 1024 }

    /// Writes one non-final dynamic-Huffman block holding every token.
    func encode(into writer: inout DeflateBitWriter) {
        let (literals, distances) = DynamicBlockHeader.begin(
            literalLengthCounts: literalLengthCounts, distanceCounts: distanceCounts, into: &writer)
        let literalCodes = literals.codes
        let literalLengths = literals.lengths.map { Int($0) }
        let distanceCodes = distances.codes
        let distanceLengths = distances.lengths.map { Int($0) }
        for token in tokens {
            if token & Self.matchFlag == 0 {
                writer.write(literalCodes[Int(token)], count: literalLengths[Int(token)])
                continue
            }
            let length = DeflateLengthCode(length: Int((token >> 16) & 0x1FF))
            writer.write(literalCodes[length.symbol], count: literalLengths[length.symbol])
            writer.write(length.extraBits, count: length.extraBitCount)
            let distance = DeflateDistanceCode(distance: Int(token & 0xFFFF))
            writer.write(distanceCodes[distance.symbol], count: distanceLengths[distance.symbol])
            writer.write(distance.extraBits, count: distance.extraBitCount)
        }
        writer.write(literalCodes[256], count: literalLengths[256])
    }
}
