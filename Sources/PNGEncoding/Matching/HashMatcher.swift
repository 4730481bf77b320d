/// General LZ77 matching for filtered rows that no structural distance describes (radial and conic gradients, noise):
/// hash chains over the window, as zlib keeps them, but keyed on 8 to 24 bytes instead of 3. Dithered rows hold few
/// distinct byte values, so zlib's 3-byte chains fill with positions that match for only a few bytes and it must walk
/// hundreds of them to find a long copy; keyed on 24 bytes, a chain holds only positions that already match for 24
/// bytes, so a few steps find the long copies. Rows after a busy one also search second chains keyed on
/// ``shortKeyLength`` bytes. The key lengths and chain steps, measured: docs/png-encoder.md ("HashMatcher").
struct HashMatcher: ~Copyable {
    /// How hard the matcher searches: the bytes hashed per position (also the shortest copy found through the chains;
    /// at least 8) and the chain entries examined per position.
    struct Search: Equatable {
        var keyLength: Int
        var maximumChainSteps: Int
        /// Chain entries examined in the second chains, keyed on ``HashMatcher/shortKeyLength`` bytes, when the main
        /// chains find no copy as long as their key; 0: no second chains.
        var shortChainSteps = 0
        /// A copy shorter than this waits a byte when the next position starts a longer one (the lazy step); a longer
        /// one is taken at once.
        var lazyLengthLimit = HashMatcher.goodEnoughLength
        /// A copy at least this long is taken without walking the chain further.
        var niceLength = HashMatcher.goodEnoughLength

        /// The rows that open an image, up to ``GeneralRowCoder/leadingSearchBytes``: shorter keys, longer chains,
        /// walked until a copy of 258 bytes as zlib's level 9 does.
        static let leadingRows = Search(
            keyLength: 8, maximumChainSteps: 32, niceLength: DeflateLimits.maximumCopyLength)
        /// Every later irregular row: radial and conic gradients, noise.
        static let irregularRows = Search(keyLength: 24, maximumChainSteps: 8, lazyLengthLimit: laterLazyLengthLimit)
        /// Later sparse but not smooth irregular rows (an undithered radial or conic gradient between its smooth
        /// parts): long runs of zeros broken by a few ring crossings, found among many equally long candidates, so
        /// longer chains pay.
        static let sparseRows = Search(keyLength: 24, maximumChainSteps: 16, lazyLengthLimit: laterLazyLengthLimit)
        /// Later irregular rows after a busy one (``GeneralRowCoder/busyRowLiteralShare``): ``irregularRows``, and where
        /// its chains find no copy as long as their key, 8 steps of second chains keyed on ``shortKeyLength`` bytes
        /// (positions are inserted in them only while rows are busy). Keyed on 8 or 16 bytes they left more of the CSS
        /// corpus above Pillow's bytes (11 cases, against 10 with 12); 16 steps found no more.
        static let busyRows = Search(
            keyLength: 24, maximumChainSteps: 8, shortChainSteps: 8, lazyLengthLimit: laterLazyLengthLimit)
        /// The lazy step's limit after the leading rows (which keep ``HashMatcher/goodEnoughLength``): a copy of 32
        /// bytes or more is taken without searching the next position.
        static let laterLazyLengthLimit = 32
    }

    /// Bytes hashed per position in the second chains (``Search/shortChainSteps``), and the shortest copy they find.
    static let shortKeyLength = 12
    /// The search in use; positions inserted under another key length stay in the chains and are simply verified.
    var search: Search
    /// log2 of the number of chain heads.
    static let hashBits = 16
    /// A copy at least this long is taken without looking further, after the leading rows (``Search/niceLength``).
    static let goodEnoughLength = 128

    private let rowLength: Int
    /// Latest absolute stream position for each hash, or -1.
    private let heads: UnsafeMutablePointer<Int32>
    /// For each position modulo the window size, the previous position with the same hash.
    private let links: UnsafeMutablePointer<Int32>
    /// ``heads`` and ``links`` of the second chains; allocated on the first search that uses them.
    private var shortHeads: UnsafeMutablePointer<Int32>?
    private var shortLinks: UnsafeMutablePointer<Int32>?

    init(format: PNGImageFormat, search: Search) {
        self.search = search
        rowLength = format.bytesPerRow + 1
        heads = .allocate(capacity: 1 << Self.hashBits)
        heads.initialize(repeating: -1, count: 1 << Self.hashBits)
        links = .allocate(capacity: SlidingWindow.size)
        links.initialize(repeating: -1, count: SlidingWindow.size)
    }

    deinit {
        heads.deallocate()
        links.deallocate()
        shortHeads?.deallocate()
        shortLinks?.deallocate()
    }

    @inline(__always)
    private static func hash(_ pointer: UnsafePointer<UInt8>, keyLength: Int) -> Int {
        let raw = UnsafeRawPointer(pointer)
        let first = raw.loadUnaligned(as: UInt64.self)
        let middle = raw.loadUnaligned(fromByteOffset: keyLength / 2 - 4, as: UInt64.self)
        let last = raw.loadUnaligned(fromByteOffset: keyLength - 8, as: UInt64.self)
        let mixed = first &* 0x9E37_79B9_7F4A_7C15 ^ middle &* 0xC2B2_AE3D_27D4_EB4F ^ last &* 0x1656_67B1_9E37_79F9
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - hashBits))
    }

    @inline(__always)
    private func insert(_ pointer: UnsafePointer<UInt8>, absolute: Int) {
        let slot = Self.hash(pointer, keyLength: search.keyLength)
        links[absolute & (SlidingWindow.size - 1)] = heads[slot]
        heads[slot] = Int32(truncatingIfNeeded: absolute)
    }

    /// Inserts the positions `start..<end` of the current row into the second chains, when the search uses them.
    @inline(__always)
    private func insertShortRange(_ current: UnsafePointer<UInt8>, from start: Int, to end: Int, rowStart: Int) {
        guard search.shortChainSteps > 0, let shortHeads, let shortLinks else { return }
        Self.insert(
            current, from: start, to: end, rowStart: rowStart, keyLength: Self.shortKeyLength, heads: shortHeads,
            links: shortLinks)
    }

    /// Codes the row at `history.current` into `tokens` (literals and copies, as ``TokenBlock`` takes them). A copy
    /// is taken when the literals it replaces, at `literalBits` each, would cost at least its `copyBits` plus its
    /// distance's extra bits.
    ///
    /// Parsing is lazy by one byte, as zlib's: a copy shorter than the search's ``Search/lazyLengthLimit`` is deferred
    /// when the next position starts a longer one. Returns the number of literals among the tokens.
    mutating func code(
        _ history: FilteredRowHistory, into tokens: inout [UInt32], literalBits: Int, copyBits: Int
    ) -> Int {
        tokens.removeAll(keepingCapacity: true)
        var literals = 0
        if search.shortChainSteps > 0 && shortHeads == nil {
            let heads = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << Self.hashBits)
            heads.initialize(repeating: -1, count: 1 << Self.hashBits)
            let links = UnsafeMutablePointer<Int32>.allocate(capacity: SlidingWindow.size)
            links.initialize(repeating: -1, count: SlidingWindow.size)
            shortHeads = heads
            shortLinks = links
        }
        let current = UnsafePointer(history.current)
        let rowStart = history.currentStreamOffset
        let oldest = rowStart - history.historyByteCount
        let lastKey = rowLength - search.keyLength
        let lastShortKey = rowLength - Self.shortKeyLength
        let usesShortChains = search.shortChainSteps > 0
        var position = 0
        var lastDistance = 0
        // The main chains' copy, and where it is shorter than their key, the second chains' when the search has them.
        @inline(__always)
        func copy(at target: Int, lastDistance: Int) -> (length: Int, distance: Int) {
            let found = findMatch(current, at: target, rowStart: rowStart, oldest: oldest, lastDistance: lastDistance)
            guard usesShortChains && found.length < search.keyLength else { return found }
            return longestShortCopy(current, at: target, rowStart: rowStart, oldest: oldest, beyond: found)
        }
        var pending = copy(at: 0, lastDistance: 0)
        while position < rowLength {
            let match = pending
            if position <= lastKey { insert(current + position, absolute: rowStart + position) }
            if usesShortChains && position <= lastShortKey {
                insertShortRange(current, from: position, to: position + 1, rowStart: rowStart)
            }
            // The next position's copy, when the lazy step looked for it: still the one a literal here leads to,
            // since a literal inserts nothing and keeps the last distance.
            var lookahead: (length: Int, distance: Int)? = nil
            if match.length >= 3 && match.length < search.lazyLengthLimit && position + 1 < rowLength {
                let next = copy(at: position + 1, lastDistance: lastDistance)
                if next.length > match.length + 1 {
                    tokens.append(TokenBlock.literal(current[position]))
                    literals += 1
                    position += 1
                    pending = next
                    continue
                }
                lookahead = next
            }
            let extraBits = match.length >= 3 ? DeflateDistanceCode(distance: match.distance).extraBitCount : 0
            if match.length >= 3 && match.length * literalBits >= copyBits + extraBits {
                tokens.append(TokenBlock.match(length: match.length, distance: match.distance))
                let end = position &+ match.length
                insertRange(current, from: position &+ 1, to: min(end, lastKey &+ 1), rowStart: rowStart)
                if usesShortChains {
                    insertShortRange(current, from: position &+ 1, to: min(end, lastShortKey &+ 1), rowStart: rowStart)
                }
                position = end
                lastDistance = match.distance
                lookahead = nil
            } else {
                tokens.append(TokenBlock.literal(current[position]))
                literals += 1
                position += 1
            }
            if position < rowLength {
                pending = lookahead ?? copy(at: position, lastDistance: lastDistance)
            }
        }
        return literals
    }

    /// Inserts the positions `start..<end` of the current row (none when `end <= start`), in order.
    @inline(__always)
    private func insertRange(_ current: UnsafePointer<UInt8>, from start: Int, to end: Int, rowStart: Int) {
        Self.insert(
            current, from: start, to: end, rowStart: rowStart, keyLength: search.keyLength, heads: heads, links: links)
    }

    /// Inserts the positions `start..<end` of the row at `current`, which starts at `rowStart` in the stream, into the
    /// chains `heads` and `links`, keyed on `keyLength` bytes.
    @inline(__always)
    private static func insert(
        _ current: UnsafePointer<UInt8>, from start: Int, to end: Int, rowStart: Int, keyLength: Int,
        heads: UnsafeMutablePointer<Int32>, links: UnsafeMutablePointer<Int32>
    ) {
        var inside = start
        while inside < end {
            let slot = hash(current + inside, keyLength: keyLength)
            let absolute = rowStart &+ inside
            links[absolute & (SlidingWindow.size - 1)] = heads[slot]
            heads[slot] = Int32(truncatingIfNeeded: absolute)
            inside &+= 1
        }
    }

    /// The longest copy for `position` among the last distance used and the hash chain (not yet holding `position`).
    @inline(__always)
    private func findMatch(
        _ current: UnsafePointer<UInt8>, at position: Int, rowStart: Int, oldest: Int, lastDistance: Int
    ) -> (length: Int, distance: Int) {
        let limit = min(DeflateLimits.maximumCopyLength, rowLength - position)
        guard limit >= 3 else { return (0, 0) }
        var bestLength = 0
        var bestDistance = 0
        if lastDistance > 0 {
            bestLength = RowMatcher.matchLength(current + position, current + position - lastDistance, limit: limit)
            bestDistance = lastDistance
        }
        guard position <= rowLength - search.keyLength, bestLength < search.niceLength else {
            return (bestLength, bestDistance)
        }
        let absolute = rowStart + position
        var candidate = Int(heads[Self.hash(current + position, keyLength: search.keyLength)])
        var steps = 0
        let scan = current + position
        while candidate >= oldest && steps < search.maximumChainSteps {
            let distance = absolute - candidate
            guard distance <= SlidingWindow.size else { break }
            // A longer copy than the best matches the byte at the best's length: most candidates end there.
            guard bestLength < limit else { break }
            if scan[bestLength] != (scan - distance)[bestLength] {
                let next = Int(links[candidate & (SlidingWindow.size - 1)])
                guard next < candidate else { break }
                candidate = next
                steps += 1
                continue
            }
            let length = RowMatcher.matchLength(scan, scan - distance, limit: limit)
            if length > bestLength {
                bestLength = length
                bestDistance = distance
                if length >= search.niceLength { break }
            }
            let next = Int(links[candidate & (SlidingWindow.size - 1)])
            guard next < candidate else { break }
            candidate = next
            steps += 1
        }
        return (bestLength, bestDistance)
    }

    /// The longer of `found` and the longest copy the second chains hold for `position` (``Search/shortChainSteps``
    /// entries walked).
    @inline(never)
    private func longestShortCopy(
        _ current: UnsafePointer<UInt8>, at position: Int, rowStart: Int, oldest: Int,
        beyond found: (length: Int, distance: Int)
    ) -> (length: Int, distance: Int) {
        let limit = min(DeflateLimits.maximumCopyLength, rowLength - position)
        guard position <= rowLength - Self.shortKeyLength, found.length < limit, let shortHeads, let shortLinks else {
            return found
        }
        var (bestLength, bestDistance) = found
        let scan = current + position
        let absolute = rowStart + position
        var candidate = Int(shortHeads[Self.hash(scan, keyLength: Self.shortKeyLength)])
        var steps = 0
        while candidate >= oldest && steps < search.shortChainSteps && bestLength < limit {
            let distance = absolute - candidate
            guard distance <= SlidingWindow.size else { break }
            if scan[bestLength] == (scan - distance)[bestLength] {
                let length = RowMatcher.matchLength(scan, scan - distance, limit: limit)
                if length > bestLength {
                    bestLength = length
                    bestDistance = distance
                }
            }
            let next = Int(shortLinks[candidate & (SlidingWindow.size - 1)])
            guard next < candidate else { break }
            candidate = next
            steps += 1
        }
        return (bestLength, bestDistance)
    }
}
