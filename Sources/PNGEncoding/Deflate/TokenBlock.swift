/// Literals and copies found by ``RowMatcher``, gathered and written as deflate blocks with Huffman codes built from
/// their own symbol counts, split where the rows change (``splitRanges()``). Its storage is allocated once, for
/// ``maximumTokenCount`` tokens or one row's worth, whichever is more: appending a row's tokens is plain stores,
/// without the uniqueness and capacity checks of growing arrays.
final class TokenBlock {
    /// Tokens kept before the block must be written; bounds memory and the output reservation.
    static let maximumTokenCount = 1 << 14

    /// A literal byte (below 256), or `matchFlag | length << 16 | distance`.
    private let tokens: UnsafeMutablePointer<UInt32>
    /// Each token's symbols, for counting ranges of them (``splitRanges()``): the literal/length symbol, and for a
    /// copy ``matchFlag`` and the distance symbol shifted by 16.
    private let symbols: UnsafeMutablePointer<UInt32>
    private let capacity: Int
    private var tokenCount = 0
    /// The token index at which each appended row began, where the block may be split (``splitRanges()``).
    private var rowStarts: [Int] = []
    private static let literalLengthSymbolCount = 286
    private static let distanceSymbolCount = 30

    private static let matchFlag: UInt32 = 1 << 31

    /// A block for rows of `rowLength` filtered bytes. A row never has more tokens than bytes, and rows are only
    /// appended to a block with room for them (``isFull(adding:)``) or to an empty one.
    init(rowLength: Int) {
        capacity = max(Self.maximumTokenCount, rowLength)
        tokens = .allocate(capacity: capacity)
        symbols = .allocate(capacity: capacity)
        rowStarts.reserveCapacity(1024)
    }

    deinit {
        tokens.deallocate()
        symbols.deallocate()
    }

    var isEmpty: Bool { tokenCount == 0 }

    /// True when another row of `rowTokenCount` tokens would exceed ``maximumTokenCount``.
    func isFull(adding rowTokenCount: Int) -> Bool {
        tokenCount + rowTokenCount > Self.maximumTokenCount
    }

    /// The token for a literal byte.
    static func literal(_ byte: UInt8) -> UInt32 { UInt32(byte) }

    /// The token for a copy; `length` in 3...258, `distance` in 1...32768. Anything else traps: packed into the
    /// token's 9 and 16 bits, it would be read back as another copy.
    static func match(length: Int, distance: Int) -> UInt32 {
        precondition(
            (DeflateLimits.minimumCopyLength...DeflateLimits.maximumCopyLength).contains(length)
                && (1...DeflateLimits.windowSize).contains(distance),
            "a copy of other than 3-258 bytes or 1-32768 back")
        return matchFlag | UInt32(length) << 16 | UInt32(distance)
    }

    /// Appends one row's tokens. A copy that continues the one before it at the same distance (a row that copies
    /// the row 8 above, after a row that did the same, or any run the matchers split) is merged with it and the run
    /// re-cut into copies of 258 bytes: rows coded one at a time each end on a short copy, whose length costs extra
    /// bits and an extra symbol, where one run of copies crosses the row boundaries. On a dithered 1200×630 card as
    /// palette indices (rows of 1,201 bytes) that is 65 bits a row instead of 77.
    func append(_ rowTokens: [UInt32]) {
        precondition(tokenCount + rowTokens.count <= capacity, "a row's tokens overflow the block")
        rowStarts.append(tokenCount)
        for token in rowTokens {
            // 0, a literal, when the block is empty: nothing to merge with.
            let last = tokenCount > 0 ? tokens[tokenCount - 1] : 0
            guard token & Self.matchFlag != 0, last & Self.matchFlag != 0, last & 0xFFFF == token & 0xFFFF,
                Self.length(of: last) < DeflateLimits.maximumCopyLength
            else {
                add(token)
                continue
            }
            tokenCount -= 1
            let distance = Int(token & 0xFFFF)
            let total = Self.length(of: last) + Self.length(of: token)
            var first = min(DeflateLimits.maximumCopyLength, total)
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

    /// The distance of the last token when it is a copy: a copy from it appended next continues that run of copies
    /// (``append(_:)``).
    var trailingCopyDistance: Int? {
        guard tokenCount > 0, tokens[tokenCount - 1] & Self.matchFlag != 0 else { return nil }
        return Int(tokens[tokenCount - 1] & 0xFFFF)
    }

    private static func length(of match: UInt32) -> Int { Int((match >> 16) & 0x1FF) }

    private func add(_ token: UInt32) {
        tokens[tokenCount] = token
        symbols[tokenCount] = Self.symbols(of: token)
        tokenCount += 1
    }

    /// The token's symbols as ``symbols`` keeps them.
    private static func symbols(of token: UInt32) -> UInt32 {
        guard token & matchFlag != 0 else { return token }
        let length = DeflateLengthCode(length: length(of: token)).symbol
        let distance = DeflateDistanceCode(distance: Int(token & 0xFFFF)).symbol
        return matchFlag | UInt32(distance) << 16 | UInt32(length)
    }

    func removeAll() {
        tokenCount = 0
        rowStarts.removeAll(keepingCapacity: true)
    }

    /// An upper bound on the bytes ``encode(into:)`` writes: 48 bits per token plus the headers.
    var maximumEncodedByteCount: Int { tokenCount * 6 + 1024 << Self.splitDepth }

    /// Writes the tokens as one or more non-final Huffman blocks (``BlockHeader``), split where that codes them in
    /// fewer bits (``splitRanges()``).
    func encode(into writer: inout DeflateBitWriter) {
        for range in splitRanges() {
            var literalCounts = [Int](repeating: 0, count: Self.literalLengthSymbolCount)
            var distanceCounts = [Int](repeating: 0, count: Self.distanceSymbolCount)
            countSymbols(in: range, literals: &literalCounts, distances: &distanceCounts)
            encode(range, literalCounts: literalCounts, distanceCounts: distanceCounts, into: &writer)
        }
    }

    /// Halvings at most: a block is written as up to 2 to this power blocks.
    static let splitDepth = 3
    /// The fewest tokens on either side of a split.
    static let minimumSplitTokens = 512

    /// The index in ``rowStarts`` of the first row starting at or after token `target` (`rowStarts.count`: none).
    private func firstRowStart(atOrAfter target: Int) -> Int {
        var low = 0
        var high = rowStarts.count
        while low < high {
            let middle = (low + high) / 2
            if rowStarts[middle] < target {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// Adds the symbols of the tokens in `range` to the counts.
    private func countSymbols(in range: Range<Int>, literals: inout [Int], distances: inout [Int]) {
        for packed in UnsafeBufferPointer(start: symbols + range.lowerBound, count: range.count) {
            literals[Int(packed & 0xFFFF)] += 1
            if packed & Self.matchFlag != 0 {
                distances[Int((packed >> 16) & 0xFF)] += 1
            }
        }
    }

    /// The token ranges written as blocks: the whole block, split in two at the first row start at or after its
    /// middle token when coding both halves takes fewer bits, headers included, than the whole, and each half likewise,
    /// up to ``splitDepth`` times. Where a gradient's rows change character (a dithered ramp's pattern recurring at
    /// other distances as the colour moves, a stop where a channel starts or stops stepping), each part gets codes of
    /// its own. The extra bits of lengths and distances are the same in any split, so only symbols and headers are
    /// counted, exactly: no block is written larger than it was whole. What the split saves and costs, measured:
    /// docs/png-encoder.md ("TokenBlock.splitRanges").
    private func splitRanges() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        func split(_ range: Range<Int>, depth: Int) {
            guard depth < Self.splitDepth, let point = middleRowStart(of: range) else {
                ranges.append(range)
                return
            }
            var left = SymbolTally()
            countSymbols(in: range.lowerBound..<point, literals: &left.literals, distances: &left.distances)
            var right = SymbolTally()
            countSymbols(in: point..<range.upperBound, literals: &right.literals, distances: &right.distances)
            let whole = BlockHeader.bitCount(
                literalLengthCounts: zip(left.literals, right.literals).map { $0 + $1 },
                distanceCounts: zip(left.distances, right.distances).map { $0 + $1 })
            guard left.headerAndSymbolBits + right.headerAndSymbolBits < whole else {
                ranges.append(range)
                return
            }
            split(range.lowerBound..<point, depth: depth + 1)
            split(point..<range.upperBound, depth: depth + 1)
        }
        split(0..<tokenCount, depth: 0)
        return ranges
    }

    /// Symbol counts of a range of tokens.
    private struct SymbolTally {
        var literals = [Int](repeating: 0, count: TokenBlock.literalLengthSymbolCount)
        var distances = [Int](repeating: 0, count: TokenBlock.distanceSymbolCount)
        /// The bits of a block of these symbols: its header and codes, without extra bits.
        var headerAndSymbolBits: Int {
            BlockHeader.bitCount(literalLengthCounts: literals, distanceCounts: distances)
        }
    }

    /// The first row start at or after the middle token of `range`, when it leaves at least ``minimumSplitTokens`` on
    /// either side; nil otherwise.
    private func middleRowStart(of range: Range<Int>) -> Int? {
        guard range.count >= 2 * Self.minimumSplitTokens else { return nil }
        let index = firstRowStart(atOrAfter: range.lowerBound + range.count / 2)
        guard index < rowStarts.count else { return nil }
        let point = rowStarts[index]
        guard point - range.lowerBound >= Self.minimumSplitTokens && range.upperBound - point >= Self.minimumSplitTokens
        else { return nil }
        return point
    }

    /// Writes one non-final Huffman block (``BlockHeader``) holding the tokens of `range`.
    private func encode(
        _ range: Range<Int>, literalCounts: [Int], distanceCounts: [Int], into writer: inout DeflateBitWriter
    ) {
        let (literals, distances) = BlockHeader.begin(
            literalLengthCounts: literalCounts, distanceCounts: distanceCounts, into: &writer)
        let literalCodes = literals.codes
        let literalLengths = literals.lengths.map { Int($0) }
        let distanceCodes = distances.codes
        let distanceLengths = distances.lengths.map { Int($0) }
        // A symbol without a code (one the counts missed) would be written as no bits at all.
        for token in UnsafeBufferPointer(start: tokens + range.lowerBound, count: range.count) {
            if token & Self.matchFlag == 0 {
                precondition(literalLengths[Int(token)] > 0, "a literal without a code")
                writer.write(literalCodes[Int(token)], count: literalLengths[Int(token)])
                continue
            }
            let length = DeflateLengthCode(length: Int((token >> 16) & 0x1FF))
            let distance = DeflateDistanceCode(distance: Int(token & 0xFFFF))
            precondition(
                literalLengths[length.symbol] > 0 && distanceLengths[distance.symbol] > 0, "a copy without a code")
            writer.write(literalCodes[length.symbol], count: literalLengths[length.symbol])
            writer.write(length.extraBits, count: length.extraBitCount)
            writer.write(distanceCodes[distance.symbol], count: distanceLengths[distance.symbol])
            writer.write(distance.extraBits, count: distance.extraBitCount)
        }
        writer.write(literalCodes[256], count: literalLengths[256])
    }
}
