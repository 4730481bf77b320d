import Glibc

/// Finds copies for a Sub-filtered row in the rows before it and in itself, trying only the distances gradients
/// produce, chosen per row by sampling:
///
/// - a row `k` rows back (up to ``FilteredRowHistory/depth``), shifted by up to ``maximumShift`` pixels either way:
///   a dithered horizontal gradient repeats the row 8 above (the 8×8 dither tile), a dithered 45° or 135° gradient
///   repeats it shifted by 8 pixels, and undithered angled gradients repeat the row above shifted by a pixel or so;
/// - whole dither periods back in the same row, where a dithered ramp's pattern recurs;
/// - one dither period (8 pixels) back in the same row, and 4, 2 and 1 pixels back: a dithered vertical gradient's
///   rows are that period repeated, and within a period Skia's pattern often repeats after 4 or 2 pixels;
/// - one byte back: runs of zeros;
/// - in a Sub-filtered row too long for deflate's window to hold a dither period of rows (see
///   ``GeneralRowCoder``), where the ranked distances give a copy shorter than the rest of the row allows, any
///   distance into the history or the row at which an ``AnchorIndex`` anchor matches: the pieces of an angled
///   gradient's rows that recur at distances no ranking predicts. On the 1080p `d3_1080` workload (45°, red, lime,
///   blue) 74,959 → 61,907 bytes dithered and 87,156 → 61,534 undithered, against pycairo's 65,304 for its own
///   undithered pixels (looking up copies from farther than 1,536 bytes too, for nearer ones, saved 15 bytes for a
///   fifth more time);
/// - for a periodic RGB or RGBA row's first period, any phase of the periodic rows above (``PeriodicRowIndex``),
///   instead of ranked row distances;
/// - the best distance into earlier rows less 1 to ``derivedCandidateCount`` times the best distance within the
///   row: an undithered 135° card's Up-filtered row is the row above shifted by a pixel and also repeats itself
///   every few hundred pixels, so that copy's source is the same bytes, nearer, with fewer extra bits;
/// - in a dithered angled RGB or RGBA row (of at most 1,365 pixels: wider rows have the anchors above), or an
///   undithered one Up-filtered, the distances within the row at which its ramp recurs over long spans
///   (``rankRecurrences(_:samples:spacing:)``), and the two best distances into earlier rows less them: copies
///   with 4 fewer extra bits than those from a dither period of rows above, and the pieces of a row found in a
///   shifted row above one recurrence along (``appendRecurrenceCandidates(rowsAbove:_:)``).
///
/// The end of a row cannot be copied from the row above shifted left (the source would run into the row's own
/// start), so when the ranked distances leave the last copy of an Up-filtered undithered row (or of a dithered row)
/// short, the nearest distance within the row that copies all of it is searched for
/// (``tailCopyDistance(_:at:limit:)``) and remembered for the rows after. On the first 30 presets as undithered
/// 135° 1200×630 cards, that takes "Blu", "Bupe" and "Sky" from 1.026×, 1.026× and 1.025× Pillow's
/// `optimize=True` bytes to 0.984×, 0.984× and 0.982× (one copy a row fewer, as zlib level 9 finds); dithered 135°
/// cards lose 0.7 % of their bytes (median). Searched on the ends of undithered Sub-filtered rows too, it moved
/// undithered radial backgrounds (up to 7 % more bytes on one, 1.02× Pillow's).
///
/// Candidates are ranked by how many sampled words of the row they reproduce, so a row costs a few hundred word
/// compares to classify and then time proportional to its number of copies. Rows it cannot describe cheaply
/// (radial gradients, noise) are refused and left to zlib, whose general search suits them.
struct RowMatcher {
    /// Pixels of shift tried against each earlier row.
    static let maximumShift = 8
    /// Pixels after which an ordered-dithered row of one colour repeats (the 8×8 dither tile).
    static let ditherPeriod = 8
    /// Positions sampled along the row to rank candidate distances.
    static let sampleCount = 12
    /// Sampled words a ranking holds: ``sampleCount``, or one period of 8-byte samples of up to 8 bytes a pixel.
    static let maximumSampleCount = 16
    /// Row distances kept after ranking.
    static let maximumRankedCandidates = 8
    /// Estimated bits per filtered byte above which a row is refused (zlib's cost on dithered rows is about 0.75).
    static let budgetBitsPerByte = 0.5
    /// Estimated bits of a literal of a Sub- or Up-filtered gradient row, whose small differences code in 2–3 bits.
    static let filteredLiteralBits = 2
    /// Estimated bits of a literal of an unfiltered row: a raw colour sample.
    static let rawLiteralBits = 6
    /// Estimated bits of a copy's length and distance codes, before the distance's extra bits.
    static let copyBitsEstimate = 6
    /// Multiples of the best in-row distance subtracted from the best earlier-row distance to make candidates. On the
    /// first 30 presets as undithered 135° 1200×630 cards, "From Ice To Fire" goes from 1.043× Pillow's
    /// `optimize=True` bytes to 0.998× (its rows then code as zlib level 9 codes them: 150 bits against 157).
    static let derivedCandidateCount = 3
    /// The shortest copy taken from the anchors: on `d3_1080`, 3 gives 64,945 bytes, 16 63,444 and 32 66,156
    /// (measured with the far-distance lookups described above).
    static let anchorMinimumLength = 16
    /// Rows a failed search for a row's last copy rests before searching again.
    static let tailSearchRest = 16
    /// Bytes that must recur at a sampled position for an in-row distance to count as a recurrence of the row's
    /// ramp (``rankRecurrences(_:samples:spacing:)``). On `linear-gradient(45deg, #ff0000, #00ff00, #0000ff)` at
    /// 1200×630, spans of 64 and 96 bytes also rank the short distances at which the dither pattern repeats
    /// locally (312 bytes) and give 20,594 and 20,819 bytes; 128 and 192 give 19,025.
    static let recurrenceSpan = 128
    /// Recurrences kept: a saturated ramp recurs at two distances a byte apart, where its channels trade places.
    static let recurrenceCount = 2
    /// Candidate distances at most: those of a ranking (``maximumRankedCandidates``, the derived ones, recurrences and
    /// the distances derived from them, 5 short ones) and room for recurrences found while the ranking is reused
    /// (``addFreshRecurrences(_:)``).
    static let maximumCandidateCount =
        maximumRankedCandidates + derivedCandidateCount + recurrenceCount * 4 + 5 + 2 * recurrenceCount
    /// The farthest in-row distance searched for recurrences: the farthest whose distance code has 9 extra bits,
    /// 4 fewer than a copy from a dither period of rows above.
    static let farthestRecurrence = 2048
    /// Sampled positions a recurrence must reproduce.
    static let recurrenceMinimumScore = 2
    /// Matches after a search for recurrences before the next: a ramp recurs at the same distances all down the
    /// image, so rankings in between reuse them.
    static let recurrenceSearchRest = 64
    /// Matches before the next search after one that added recurrences to a reused ranking's candidates
    /// (``addFreshRecurrences(_:)``): each search keeps ``recurrenceCount``, and the first rows' searches find a few
    /// more of a ramp's recurrences each ("Snapchat", `fffc00,ffffff`, undithered at 135°: 13,521 bytes with
    /// ``recurrenceSearchRest`` throughout, 13,417 with 8, against Pillow's `optimize=True` 13,487; with 2, 13,665).
    static let freshRecurrenceRest = 8

    let rowLength: Int
    /// Whether reused rankings of rows filtered from the row above take fresh recurrences (``init(format:refreshesRecurrences:)``).
    private let refreshesRecurrences: Bool
    let bytesPerPixel: Int
    private let bitBudget: Int
    /// Distances to try at each position, nearest first.
    var candidates: [Int] = []
    /// Estimated bits of a copy from each candidate distance: codes plus the distance's extra bits.
    var candidateCosts: [Int] = []
    /// The best-scoring distance of the latest ranking, tried first at the row's start.
    var rankedDistance: Int?
    /// The estimate of the last row coded with the current ranking, while that ranking may be reused.
    private var reusableEstimate: Int?
    /// Rows of history when the current ranking was made.
    private var rankedRowsBack = 0
    /// The latest distance within the row that copied a row's end whole, tried first at the next row's end.
    private var tailDistance: Int?
    private var rowsUntilTailSearch = 0
    /// Whether the row being matched has its end searched for: the `searchesRowEnd` of ``match``.
    private var searchesRowEnd = false
    /// The distance of the copy the token block ends with before this row (``TokenBlock/trailingCopyDistance``). A
    /// copy from it at the row's start continues that run of copies, which the block re-cuts into copies of 258
    /// bytes, and is weighed at its share of theirs (``continuationCost(_:length:)``), not as a copy of its own.
    var continuedDistance: Int?
    /// The best-scoring distances of the ranking under way, best first (higher score, then nearer).
    var scored: [(distance: Int, score: Int)] = []
    /// The in-row recurrences the latest search found (``rankRecurrences(_:samples:spacing:)``), best first.
    var recurrences: [Int] = []
    /// Matches searching recurrences until their next search.
    var matchesUntilRecurrenceSearch = 0
    /// The accepted row's tokens, for ``TokenBlock/append(_:)``.
    private(set) var tokens: [UInt32] = []
    /// The estimated size of ``tokens``, in bits.
    private(set) var estimatedBits = 0
    /// Literals among ``tokens``.
    private(set) var literalCount = 0

    /// A matcher for rows of `format`; with `refreshesRecurrences`, rows filtered from the row above search their
    /// recurrences afresh while a ranking is reused (``addFreshRecurrences(_:)``).
    init(format: PNGImageFormat, refreshesRecurrences: Bool = false) {
        self.refreshesRecurrences = refreshesRecurrences
        rowLength = format.bytesPerRow + 1
        bytesPerPixel = format.bytesPerPixel
        bitBudget = Int(Double(rowLength) * Self.budgetBitsPerByte)
        candidates.reserveCapacity(Self.maximumCandidateCount)
        recurrences.reserveCapacity(Self.recurrenceCount)
        scored.reserveCapacity(Self.maximumRankedCandidates + 1)
    }

    /// Whether the latest ranking's best distance is the row directly above, shifted by at most ``maximumShift``
    /// pixels: the rows of an undithered angled gradient (a dithered row repeats the row a dither period above).
    var copiesRowAbove: Bool {
        rankedDistance.map { abs($0 - rowLength) <= Self.maximumShift * bytesPerPixel } ?? false
    }

    /// What a match leaves for the rows after it besides its result: the ranking, whether it may be reused, and the
    /// row-end search. Matching is a function of the row, the history bytes before it and this state, and of nothing
    /// else: the same row matched against the same history from equal states gives the same tokens and state.
    struct CarriedState: Equatable {
        fileprivate var candidates: [Int]
        fileprivate var candidateCosts: [Int]
        fileprivate var rankedDistance: Int?
        fileprivate var reusableEstimate: Int?
        fileprivate var rankedRowsBack: Int
        fileprivate var tailDistance: Int?
        fileprivate var rowsUntilTailSearch: Int
        fileprivate var recurrences: [Int]
        fileprivate var matchesUntilRecurrenceSearch: Int
        fileprivate var continuedDistance: Int?
    }

    /// The state the next match starts from (see ``CarriedState``).
    var carriedState: CarriedState {
        CarriedState(
            candidates: candidates, candidateCosts: candidateCosts, rankedDistance: rankedDistance,
            reusableEstimate: reusableEstimate, rankedRowsBack: rankedRowsBack, tailDistance: tailDistance,
            rowsUntilTailSearch: rowsUntilTailSearch, recurrences: recurrences,
            matchesUntilRecurrenceSearch: matchesUntilRecurrenceSearch, continuedDistance: continuedDistance)
    }

    /// Puts the matcher where an earlier accepted match left it: its state after, tokens, estimate and literal count.
    mutating func restore(
        _ state: CarriedState, tokens kept: [UInt32], estimatedBits: Int, literalCount: Int
    ) {
        candidates = state.candidates
        candidateCosts = state.candidateCosts
        rankedDistance = state.rankedDistance
        reusableEstimate = state.reusableEstimate
        rankedRowsBack = state.rankedRowsBack
        tailDistance = state.tailDistance
        rowsUntilTailSearch = state.rowsUntilTailSearch
        recurrences.removeAll(keepingCapacity: true)
        recurrences.append(contentsOf: state.recurrences)
        matchesUntilRecurrenceSearch = state.matchesUntilRecurrenceSearch
        continuedDistance = state.continuedDistance
        replaceTokens(with: kept)
        self.estimatedBits = estimatedBits
        self.literalCount = literalCount
    }

    /// Matches the row at `history.current` against itself and the history before it.
    ///
    /// Returns false, leaving ``tokens`` unspecified, when the estimated size exceeds the budget times
    /// `budgetFactor`. `literalBits` estimates a literal's cost in this row (``filteredLiteralBits`` or
    /// ``rawLiteralBits``); a copy is taken only when the literals it replaces would cost at least as much.
    /// A `periodic` row (one dither period repeated) skips the search for longer in-row distances, which reproduce
    /// nothing that one period back does not. With `searchesRowEnd` (an undithered row Up-filtered, or a dithered
    /// row), when the row's last copy falls short, a distance within the row that copies all of it is searched for.
    /// With a `periodIndex` (periodic rows only), the first period's copies into earlier rows come from the index,
    /// and no distances are ranked. With `searchesAnchors`, copies are also looked up in the history's
    /// ``AnchorIndex``, when it keeps one. With `settlesFullCopies` (dithered rows), once a full-length copy from
    /// the distance of the copy before it has beaten every candidate in the row, later such copies try only the
    /// candidates that cost no extra bits (see ``parse``). With `searchesRecurrences` (dithered rows short enough
    /// for deflate's window to hold a dither period of them, and such undithered rows Up-filtered), a ranking also
    /// takes the row's recurrences (``rankRecurrences(_:samples:spacing:)``), searched at most every
    /// ``recurrenceSearchRest`` such matches.
    mutating func match(
        _ history: FilteredRowHistory, budgetFactor: Int = 1, literalBits: Int, periodic: Bool = false,
        searchesRowEnd: Bool = false, periodIndex: PeriodicRowIndex? = nil, searchesAnchors: Bool = false,
        settlesFullCopies: Bool = false, searchesRecurrences: Bool = false
    ) -> Bool {
        let anchors = searchesAnchors ? history.anchors : nil
        self.searchesRowEnd = searchesRowEnd
        let current = UnsafePointer(history.current)
        let available = history.historyByteCount
        let bitBudget = self.bitBudget * budgetFactor
        if searchesRecurrences && matchesUntilRecurrenceSearch > 0 {
            matchesUntilRecurrenceSearch -= 1
        }
        // Rows of one gradient relate to their predecessors alike: a ranking that coded the row before cheaply
        // (under a quarter of the budget, with as many rows behind it) usually still fits. It is kept while it codes
        // the row about as cheaply; otherwise the row is ranked afresh.
        if !periodic, let reference = reusableEstimate, reference <= bitBudget / 4,
            history.rowCount == rankedRowsBack
        {
            let reuseBudget = min(bitBudget, reference + reference / 2 + 64)
            // Rows filtered from the row above (Up, Paeth) keep their recurrences fresh while the ranking is reused.
            if refreshesRecurrences && searchesRecurrences && matchesUntilRecurrenceSearch == 0 && bytesPerPixel >= 3
                && (current[0] == PNGFilterType.up.rawValue || current[0] == PNGFilterType.paeth.rawValue)
                && rankedDistance.map({ $0 % rowLength != 0 }) ?? false
            {
                addFreshRecurrences(current)
            }
            if parse(
                current, available: available, literalBits: literalBits, bitBudget: reuseBudget, anchors: anchors,
                settlesFullCopies: settlesFullCopies)
            {
                reusableEstimate = estimatedBits
                return true
            }
        }
        if periodIndex == nil {
            rankRowDistances(
                current, available: available, rowsBack: history.rowCount, periodic: periodic,
                searchesRecurrences: searchesRecurrences)
        } else {
            // The index finds the period's copies into earlier rows; ranking them too codes no row smaller.
            candidates.removeAll(keepingCapacity: true)
            rankedDistance = nil
        }
        rankedRowsBack = history.rowCount
        for pixels in [8, 4, 2, 1] where pixels * bytesPerPixel < rowLength {
            candidates.append(pixels * bytesPerPixel)
        }
        candidates.append(1)
        candidates.sort()
        candidateCosts.removeAll(keepingCapacity: true)
        for distance in candidates {
            candidateCosts.append(Self.copyCost(distance))
        }
        let accepted = parse(
            current, available: available, literalBits: literalBits, bitBudget: bitBudget,
            repeatingPeriod: periodic ? Self.ditherPeriod * bytesPerPixel : nil,
            periodIndex: periodIndex.map { ($0, history.currentStreamOffset) },
            anchors: anchors, settlesFullCopies: settlesFullCopies)
        reusableEstimate = accepted && !periodic ? estimatedBits : nil
        return accepted
    }

    /// Codes the row with the current ``candidates`` into ``tokens``; false once the estimate exceeds `bitBudget`.
    /// With a `repeatingPeriod`, the row's bytes after the filter byte repeat that period: once the first period is
    /// coded, the rest is copies one period back (or a pixel, two or four back, when the period itself repeats
    /// so), emitted without searching. With a `periodIndex`, positions in the first period also take the index's
    /// best copy when it saves more.
    ///
    /// With `settlesFullCopies`, once a full-length copy from the last distance, a shifted row above, has beaten
    /// every candidate, later full-length copies from that distance try only the candidates whose copies cost no
    /// extra bits (the flat stretches, where a byte or a pixel back copies as far). A dithered 135° card's row is
    /// mostly full-length copies from 8 rows back shifted 8 pixels, each of which tried every nearer candidate and
    /// almost never found one as long: on 4 random 135° cards the parse's instructions −37 % and its branch
    /// mispredictions −41 %, and the bytes of 64 such cards −0.1 % (the CSS corpus ±0.01 %, the presets as dithered
    /// 135° cards −0.03 %, none more than 2.6 % larger). A copy of a whole row above, unshifted (a horizontal
    /// gradient's), never settles: those rows also repeat within themselves, and the cheaper in-row copies win at
    /// some full-length positions and not others (`linear-gradient(90deg, red, lime, blue)` 1.20× larger when it
    /// settled). Nor do undithered rows (Up-filtered 135° rows: four presets 3–7 % larger when they settled).
    private mutating func parse(
        _ current: UnsafePointer<UInt8>, available: Int, literalBits: Int, bitBudget: Int,
        repeatingPeriod: Int? = nil, periodIndex: (index: PeriodicRowIndex, streamOffset: Int)? = nil,
        anchors: AnchorIndex? = nil, settlesFullCopies: Bool = false
    ) -> Bool {
        tokens.removeAll(keepingCapacity: true)
        anchors?.beginRow(rowLength: rowLength)
        // Local views of the candidates, which the loop only reads, so that appending tokens reloads neither.
        let candidates = self.candidates
        let candidateCosts = self.candidateCosts
        var position = 0
        estimatedBits = 0
        literalCount = 0
        var lastDistance = rankedDistance ?? candidates[0]
        // The distance whose full-length copy last beat every candidate (0: none yet in this row).
        var settledDistance = 0
        // The index's best copy at a position of the first period. The lazy step's search one byte on is kept for
        // that byte, so no position is searched twice.
        var searchedAhead: (position: Int, copy: PeriodicRowIndex.Copy?)?
        func indexCopy(at target: Int) -> PeriodicRowIndex.Copy? {
            guard let (index, streamOffset) = periodIndex, target <= index.period else { return nil }
            if let ahead = searchedAhead, ahead.position == target { return ahead.copy }
            let copy = index.bestCopy(
                current, at: target, streamOffset: streamOffset, available: available, literalBits: literalBits)
            searchedAhead = (target, copy)
            return copy
        }
        while position < rowLength {
            if let period = repeatingPeriod, position >= 1 + period {
                appendPeriodCopies(current, from: position, period: period, literalBits: literalBits)
                break
            }
            let limit = min(DeflateLimits.maximumCopyLength, rowLength - position)
            var bestLength = 0
            var bestDistance = 0
            if limit >= 3 {
                let reach = available + position
                // The copy that saves the most over literals wins: length against the cost of its distance.
                var bestSaving = Int.min
                if lastDistance <= reach {
                    bestLength = Self.matchLength(current + position, current + position - lastDistance, limit: limit)
                    bestDistance = lastDistance
                    bestSaving = bestLength * literalBits - Self.copyCost(bestDistance)
                }
                // Candidates are in increasing distance, so after a full-length copy none can save more.
                let settled = settlesFullCopies && bestLength == limit && lastDistance == settledDistance
                for index in candidates.indices {
                    if settled && candidateCosts[index] > Self.copyBitsEstimate { break }
                    let distance = candidates[index]
                    if distance > reach { break }
                    if distance == lastDistance { continue }
                    if bestLength == limit && distance > bestDistance { break }
                    let length = Self.matchLength(current + position, current + position - distance, limit: limit)
                    let candidateSaving = length &* literalBits &- candidateCosts[index]
                    if candidateSaving > bestSaving {
                        bestLength = length
                        bestDistance = distance
                        bestSaving = candidateSaving
                    }
                }
                if !settled && settlesFullCopies && bestLength == limit && bestDistance == lastDistance
                    && lastDistance % rowLength != 0
                {
                    settledDistance = lastDistance
                }
                if searchesRowEnd, repeatingPeriod == nil, bestLength < limit, limit == rowLength - position,
                    let distance = tailCopyDistance(current, at: position, limit: limit),
                    limit * literalBits - Self.copyCost(distance) > bestSaving
                {
                    bestLength = limit
                    bestDistance = distance
                }
                if bestLength < limit, let anchors {
                    let copy = anchors.longestCopy(current, at: position, limit: limit, available: available)
                    if copy.length >= Self.anchorMinimumLength {
                        let saving = copy.length * literalBits - Self.copyCost(copy.distance)
                        if saving > bestSaving {
                            bestLength = copy.length
                            bestDistance = copy.distance
                            bestSaving = saving
                        }
                    }
                }
                if let copy = indexCopy(at: position), copy.saving > bestSaving {
                    bestLength = copy.length
                    bestDistance = copy.distance
                }
            }
            let extraBits = bestLength >= 3 ? DeflateDistanceCode(distance: bestDistance).extraBitCount : 0
            var copyBits = Self.copyBitsEstimate + extraBits
            // What the row's estimate counts for the copy: a whole copy's bits even for a continued one, whose share
            // counted there moves the rankings' reuse (docs/png-encoder.md, "Copies continued across rows").
            var accountedBits = copyBits
            // At the row's start, a copy that continues the block's last copy against the best copy found, each
            // with the extra bits of its length: a run's copies of 258 bytes need none.
            if position == 0, let continued = continuedDistance, continued <= available, limit >= 3 {
                let length = Self.matchLength(current, current - continued, limit: limit)
                let cost = Self.continuationCost(continued, length: length)
                let bestSaving =
                    bestLength >= 3
                    ? bestLength * literalBits - copyBits - DeflateLengthCode(length: bestLength).extraBitCount : 0
                if length >= 3 && length * literalBits - cost > bestSaving {
                    bestLength = length
                    bestDistance = continued
                    copyBits = cost
                    accountedBits = Self.copyCost(continued)
                }
            }
            // In the first period, a copy waits a byte when the index's copy one byte on saves more (zlib's lazy
            // match, weighed in estimated bits). On the first 40 presets as dithered 1170×2532 splashes, 0.9 % fewer
            // bytes (weighed by length instead, as zlib does, 0.6 %).
            if bestLength >= 3, bestLength < limit, let next = indexCopy(at: position + 1),
                next.saving > bestLength * literalBits - copyBits
            {
                bestLength = 0
            }
            if bestLength >= 3 && bestLength * literalBits >= copyBits {
                tokens.append(TokenBlock.match(length: bestLength, distance: bestDistance))
                estimatedBits += accountedBits
                position += bestLength
                lastDistance = bestDistance
            } else {
                tokens.append(TokenBlock.literal(current[position]))
                estimatedBits += literalBits
                literalCount += 1
                position += 1
            }
            if estimatedBits > bitBudget {
                return false
            }
        }
        return true
    }

    /// The nearest distance within the row from which the row's last `limit` bytes, from `position` on, copy whole;
    /// nil when none does (the search then rests for ``tailSearchRest`` rows). Each distance costs one word compare
    /// of the row's last 8 bytes before the whole copy is checked.
    private mutating func tailCopyDistance(_ current: UnsafePointer<UInt8>, at position: Int, limit: Int) -> Int? {
        if let known = tailDistance, known < position,
            Self.matchLength(current + position, current + position - known, limit: limit) == limit
        {
            return known
        }
        if rowsUntilTailSearch > 0 {
            rowsUntilTailSearch -= 1
            return nil
        }
        guard limit >= 8 else { return nil }
        let raw = UnsafeRawPointer(current)
        let lastWord = rowLength - 8
        let word = raw.loadUnaligned(fromByteOffset: lastWord, as: UInt64.self)
        var distance = 2 * bytesPerPixel
        let farthest = min(position - 1, SlidingWindow.size)
        while distance <= farthest {
            if word == raw.loadUnaligned(fromByteOffset: lastWord - distance, as: UInt64.self),
                Self.matchLength(current + position, current + position - distance, limit: limit) == limit
            {
                tailDistance = distance
                return distance
            }
            distance += bytesPerPixel
        }
        rowsUntilTailSearch = Self.tailSearchRest
        return nil
    }

    /// Codes the rest of a row whose bytes after the filter byte repeat `period` bytes, from `position` (at least
    /// one period in) to the end, as copies from the nearest distance the period repeats at.
    private mutating func appendPeriodCopies(
        _ current: UnsafePointer<UInt8>, from start: Int, period: Int, literalBits: Int
    ) {
        var distance = period
        var divisor = bytesPerPixel
        while divisor < period {
            if period % divisor == 0 && memcmp(current + 1, current + 1 + divisor, period - divisor) == 0 {
                distance = divisor
                break
            }
            divisor *= 2
        }
        let copyBits = Self.copyCost(distance)
        var position = start
        while position < rowLength {
            let length = min(DeflateLimits.maximumCopyLength, rowLength - position)
            if length >= 3 {
                tokens.append(TokenBlock.match(length: length, distance: distance))
                estimatedBits += copyBits
            } else {
                for offset in 0..<length {
                    tokens.append(TokenBlock.literal(current[position + offset]))
                }
                estimatedBits += length * literalBits
                literalCount += length
            }
            position += length
        }
    }

    /// Sets ``tokens`` to the Up-filtered row of zeros at `current`: the filter byte, a literal zero, then copies one
    /// byte back.
    mutating func codeZeroRow(_ current: UnsafePointer<UInt8>) {
        tokens.removeAll(keepingCapacity: true)
        estimatedBits = 0
        literalCount = 0
        for position in 0..<min(2, rowLength) {
            tokens.append(TokenBlock.literal(current[position]))
        }
        if rowLength > 2 {
            appendPeriodCopies(current, from: 2, period: 1, literalBits: Self.filteredLiteralBits)
        }
    }

    /// Replaces ``tokens`` with tokens kept from an earlier match of the same row.
    mutating func replaceTokens(with kept: [UInt32]) {
        tokens.removeAll(keepingCapacity: true)
        tokens.append(contentsOf: kept)
    }

    /// Estimated bits of a copy from `distance`: its codes plus the distance's extra bits.
    @inline(__always)
    static func copyCost(_ distance: Int) -> Int {
        copyBitsEstimate + DeflateDistanceCode(distance: distance).extraBitCount
    }

    /// Estimated bits of a copy of `length` bytes from `distance` that continues a run of copies from it: its share
    /// of a copy of 258 bytes (``copyCost(_:)``, no length bits), rounded up.
    static func continuationCost(_ distance: Int, length: Int) -> Int {
        (copyCost(distance) * length + DeflateLimits.maximumCopyLength - 1) / DeflateLimits.maximumCopyLength
    }

    /// Length of the common prefix of `a` and `b`, at most `limit`.
    @inline(__always)
    static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int) -> Int {
        var length = 0
        let rawA = UnsafeRawPointer(a)
        let rawB = UnsafeRawPointer(b)
        while length + 8 <= limit {
            let wordA = rawA.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            let wordB = rawB.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            if wordA != wordB {
                return length + UInt64(littleEndian: wordA ^ wordB).trailingZeroBitCount / 8
            }
            length += 8
        }
        while length < limit && a[length] == b[length] {
            length += 1
        }
        return length
    }
}
