/// General LZ77 matching for filtered rows that no structural distance describes (radial and conic gradients,
/// noise): hash chains over the window, as zlib keeps them, but keyed on 24 bytes instead of 3.
///
/// Dithered rows hold few distinct byte values, so zlib's 3-byte chains fill with positions that match for only a
/// few bytes and it must walk hundreds of them to find a long copy (level 9 walks 4096: a 1080p dithered radial
/// gradient takes seconds). Keyed on 24 bytes, a chain holds only positions that already match for 24 bytes, so a
/// few steps find the long copies; shorter copies, which the key cannot find, save little over literals of such
/// rows. Measured on three presets as 1920×1080 dithered radial gradients, bytes against Pillow's `optimize=True`
/// and instructions of the whole `gradient render` (callgrind):
///
/// | key, chain steps        | bytes (×Pillow)     | instructions |
/// |-------------------------|---------------------|--------------|
/// | 8, 4                    | 1.04–1.19           | 0.61–0.72 G  |
/// | 8, 16                   | 0.94–1.02           | 0.66–0.84 G  |
/// | 8, 64                   | 0.84–0.95           | 0.88–1.19 G  |
/// | 16, 16                  | 0.85–0.97           | 0.67–0.78 G  |
/// | 24, 8 (used)            | 0.82–0.88           | 0.70–0.86 G  |
/// | 32, 16                  | 0.84–0.91           | 0.76–0.93 G  |
///
/// (instructions with the rasterizer of the time, about 0.28 G of each figure). Lazy parsing saved 1–2 %; a second
/// chain keyed on 3 bytes for short copies under 1 %, for 7 % more time; inserting every other position inside
/// copies saved 12 % of the time for 2–4 % more bytes, and only pixel starts a third for 7–13 % (neither taken).
///
/// The few irregular rows that open a mostly structured image (the first dither period of a horizontal or diagonal
/// gradient, before rows start repeating) are searched with ``Search/leadingRows``: shorter keys and longer chains,
/// since those rows are most of such an image's bytes and short copies pay there. Rows after a busy one (many
/// literals: repeating radial gradients, translucent layers) also search second chains keyed on 12 bytes
/// (``Search/busyRows``). See ``Search``.
struct HashMatcher {
    /// How hard the matcher searches: the bytes hashed per position (also the shortest copy found through the
    /// chains; at least 8) and the chain entries examined per position.
    ///
    /// For the leading rows, on the first 60 presets at 600×200 (horizontal, dithered; the image is 8 such rows
    /// and then copies of them), bytes against Pillow's `optimize=True` of the same pixels (median, worst, cases
    /// over) and the median encode time, in one run:
    ///
    /// | leading rows through                       | bytes                | encode   |
    /// |--------------------------------------------|----------------------|----------|
    /// | zlib level 9, chains of 512 (before)       | 0.87×, 0.96×, 0      | 1.47 ms  |
    /// | zlib level 9, tune 8/16/32/512             | 0.88×, 0.98×, 0      | 0.99 ms  |
    /// | zlib level 9, tune 4/16/32/64              | 0.98×, 1.05×, 17     | 0.61 ms  |
    /// | key 24, 8 steps (``irregularRows``)        | 0.98×, 1.06×, 8      | 0.36 ms  |
    /// | key 16, 16 steps                           | 0.94×, 1.02×, 1      | 0.36 ms  |
    /// | key 8, 32 steps (``leadingRows``)          | 0.91×, 0.99×, 0      | 0.44 ms  |
    /// | key 8, 128 steps                           | 0.90×, 0.99×, 0      | 0.51 ms  |
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

        /// The rows that open an image, up to ``GeneralRowCoder/leadingSearchBytes``. Their chains are walked until a
        /// copy of 258 bytes, as zlib's level 9 does: a ramp's first row repeats at several distances, the nearest
        /// often breaking off after 130–140 bytes where one twice as far runs the whole 258 (the horizontal
        /// "Purplepine", `20002c,cbb4d4` at 600×200, dithered: 3,028 → 3,005 bytes against Pillow's `optimize=True`
        /// 3,010; "Martini", `FDFC47,24FE41`, undithered: 735 → 726 against 727). Of the 382 presets at 600×200
        /// and 1200×630, horizontal and 135°, dithered and not, 183 code smaller and 5 larger (at most +0.05 %).
        static let leadingRows = Search(
            keyLength: 8, maximumChainSteps: 32, niceLength: DeflateLimits.maximumCopyLength)
        /// Every later irregular row: radial and conic gradients, noise.
        static let irregularRows = Search(keyLength: 24, maximumChainSteps: 8, lazyLengthLimit: laterLazyLengthLimit)
        /// Later irregular rows with at most one nonzero byte in ``GeneralRowCoder/sparseRowZeroShare`` but more than
        /// one in ``GeneralRowCoder/smoothRowZeroShare``: the rows of an undithered radial or conic gradient between
        /// its smooth parts. Their copies are long runs of zeros
        /// broken by a few ring crossings, found among many equally long candidates, so longer chains pay. On the
        /// first 60 presets as 1920×1080 undithered radial gradients, bytes against Pillow's `optimize=True`
        /// (median, cases over) and encode time against 8 steps, in one run: 8 steps 0.958×, 15 over; 16 (used)
        /// 0.914×, 3 over, 1.07× the time; 32 0.903×, 3 over, 1.10×; 64 0.877×, 3 over, 1.3–1.6×. On the first 20,
        /// shorter keys take copies of zeros that literals beat (8 bytes and 32 steps: 1.16× Pillow), longer ones
        /// miss copies (48 and 8: 0.98×, 6 of 20 over).
        static let sparseRows = Search(keyLength: 24, maximumChainSteps: 16, lazyLengthLimit: laterLazyLengthLimit)
        /// Later irregular rows after a busy one (``GeneralRowCoder/busyRowLiteralShare``): ``irregularRows``, and where
        /// its chains find no copy as long as their key, 8 steps of second chains keyed on ``shortKeyLength`` bytes
        /// (positions are inserted in them only while rows are busy). Keyed on 8 or 16 bytes they left more of the CSS
        /// corpus above Pillow's bytes (11 cases, against 10 with 12); 16 steps found no more.
        static let busyRows = Search(
            keyLength: 24, maximumChainSteps: 8, shortChainSteps: 8, lazyLengthLimit: laterLazyLengthLimit)
        /// The lazy step's limit after the leading rows (which keep ``HashMatcher/goodEnoughLength``, as zlib's level
        /// 9 does): a copy of 32 bytes or more is taken without searching the next position. The lazy step's second
        /// chain walk waits on the chain tables, so it cost more time than instructions. Against 128, on `r2_1080`
        /// (dithered) and the first 40 presets as 1920×1080 radial gradients, dither on and off (their total bytes
        /// and encode time), in one run:
        ///
        /// | limit      | `r2_1080` bytes, ms      | r1920 dithered        | r1920 undithered     |
        /// |------------|--------------------------|-----------------------|----------------------|
        /// | 128        | 259,504, 33.0 ms         | 17,845,038 B, 2.01 s  | 4,872,601 B, 0.96 s  |
        /// | 64         | 259,845, 31 ms           |                       |                      |
        /// | 48         | 260,454, 29.5 ms         | +0.04 %, −14 %        | +0.25 %, +2 %        |
        /// | 32 (used)  | 262,098, 27.8 ms         | +0.30 %, −27 %        | +0.84 %, −12 %       |
        ///
        /// On the 179 CSS gradients at 1200×630 (dither on), 80 change, by +0.35 % in all; none crosses Pillow's
        /// `optimize=True` bytes (the nearest: 0.998×).
        static let laterLazyLengthLimit = 32
    }

    /// Bytes hashed per position in the second chains (``Search/shortChainSteps``), and the shortest copy they find.
    static let shortKeyLength = 12
    /// Literals among the tokens of the latest ``code(_:into:literalBits:copyBits:)``.
    private(set) var literalCount = 0

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

    /// Frees the tables; the matcher must not be used afterwards.
    func deallocate() {
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
    /// when the next position starts a longer one.
    mutating func code(
        _ history: FilteredRowHistory, into tokens: inout [UInt32], literalBits: Int, copyBits: Int
    ) {
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
        literalCount = literals
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
