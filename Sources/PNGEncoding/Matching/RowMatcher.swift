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

    private let rowLength: Int
    /// Whether reused rankings of rows filtered from the row above take fresh recurrences (``init(format:refreshesRecurrences:)``).
    private let refreshesRecurrences: Bool
    private let bytesPerPixel: Int
    private let bitBudget: Int
    /// Distances to try at each position, nearest first.
    private var candidates: [Int] = []
    /// Estimated bits of a copy from each candidate distance: codes plus the distance's extra bits.
    private var candidateCosts: [Int] = []
    /// The best-scoring distance of the latest ranking, tried first at the row's start.
    private var rankedDistance: Int?
    /// The estimate of the last row coded with the current ranking, while that ranking may be reused.
    private var reusableEstimate: Int?
    /// Rows of history when the current ranking was made.
    private var rankedRowsBack = 0
    /// The latest distance within the row that copied a row's end whole, tried first at the next row's end.
    private var tailDistance: Int?
    private var rowsUntilTailSearch = 0
    /// Whether the row being matched has its end searched for: the `searchesRowEnd` of ``match``.
    private var searchesRowEnd = false
    /// The best-scoring distances of the ranking under way, best first (higher score, then nearer).
    private var scored: [(distance: Int, score: Int)] = []
    /// The in-row recurrences the latest search found (``rankRecurrences(_:samples:spacing:)``), best first.
    private var recurrences: [Int] = []
    /// Matches searching recurrences until their next search.
    private var matchesUntilRecurrenceSearch = 0
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
    }

    /// The state the next match starts from (see ``CarriedState``).
    var carriedState: CarriedState {
        CarriedState(
            candidates: candidates, candidateCosts: candidateCosts, rankedDistance: rankedDistance,
            reusableEstimate: reusableEstimate, rankedRowsBack: rankedRowsBack, tailDistance: tailDistance,
            rowsUntilTailSearch: rowsUntilTailSearch, recurrences: recurrences,
            matchesUntilRecurrenceSearch: matchesUntilRecurrenceSearch)
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
            // In the first period, a copy waits a byte when the index's copy one byte on saves more (zlib's lazy
            // match, weighed in estimated bits). On the first 40 presets as dithered 1170×2532 splashes, 0.9 % fewer
            // bytes (weighed by length instead, as zlib does, 0.6 %).
            if bestLength >= 3, bestLength < limit, let next = indexCopy(at: position + 1),
                next.saving > bestLength * literalBits - Self.copyBitsEstimate - extraBits
            {
                bestLength = 0
            }
            if bestLength >= 3 && bestLength * literalBits >= Self.copyBitsEstimate + extraBits {
                tokens.append(TokenBlock.match(length: bestLength, distance: bestDistance))
                estimatedBits += Self.copyBitsEstimate + extraBits
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

    /// Fills ``candidates`` with the best-scoring distances: into earlier rows, `k` rows back shifted by `s` pixels,
    /// and within the row, whole dither periods back (a dithered ramp's pattern recurs wherever the colour has moved
    /// by a whole step, often a few hundred pixels along). Each is scored by how many sampled 8-byte words of the
    /// current row it reproduces; ties go to the nearer distance, whose code is cheaper.
    private mutating func rankRowDistances(
        _ current: UnsafePointer<UInt8>, available: Int, rowsBack: Int, periodic: Bool, searchesRecurrences: Bool
    ) {
        candidates.removeAll(keepingCapacity: true)
        scored.removeAll(keepingCapacity: true)
        rankedDistance = nil
        guard rowLength >= 16 else { return }
        let period = Self.ditherPeriod * bytesPerPixel
        // A periodic row holds nothing new after its first period: samples cover one period, after the first.
        let samples = periodic ? (period + 7) / 8 : Self.sampleCount
        let spacing = periodic ? 8 : max(1, (rowLength - 8) / (Self.sampleCount + 1))
        let firstOffset = periodic ? period + 1 : spacing
        let raw = UnsafeRawPointer(current)
        // The sampled words are loaded once; each distance then costs one load and compare per sample. Samples run
        // in increasing offset, so those that fit the row are a prefix, and those whose source lies in the window
        // (offset ≥ distance − available) a suffix of it.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Self.maximumSampleCount) { sampleWords in
            var usableSamples = 0
            while usableSamples < min(samples, Self.maximumSampleCount) {
                let offset = firstOffset &+ usableSamples &* spacing
                guard offset &+ 8 <= rowLength else { break }
                sampleWords[usableSamples] = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                usableSamples &+= 1
            }
            // A periodic 8-bit RGB row has three samples: the common case, compared without a loop.
            let threeSamples = usableSamples == 3
            let (word0, word1, word2) = threeSamples ? (sampleWords[0], sampleWords[1], sampleWords[2]) : (0, 0, 0)
            func score(_ distance: Int) {
                var sample = 0
                let shortfall = distance &- available &- firstOffset
                if threeSamples && shortfall <= 0 {
                    let source = firstOffset &- distance
                    let score =
                        (word0 == raw.loadUnaligned(fromByteOffset: source, as: UInt64.self) ? 1 : 0)
                        &+ (word1 == raw.loadUnaligned(fromByteOffset: source &+ spacing, as: UInt64.self) ? 1 : 0)
                        &+ (word2 == raw.loadUnaligned(fromByteOffset: source &+ 2 &* spacing, as: UInt64.self) ? 1 : 0)
                    if score > 0 { keepIfRanked((distance, score)) }
                    return
                }
                if shortfall > 0 {
                    sample = (shortfall &+ spacing &- 1) / spacing
                }
                var score = 0
                var source = firstOffset &+ sample &* spacing &- distance
                while sample < usableSamples {
                    if sampleWords[sample] == raw.loadUnaligned(fromByteOffset: source, as: UInt64.self) {
                        score &+= 1
                    }
                    sample &+= 1
                    source &+= spacing
                }
                if score > 0 { keepIfRanked((distance, score)) }
            }
            // Distances within the row and into earlier rows are ranked apart, half the candidates each, so that
            // neither kind crowds out the other: an undithered ramp repeats both the row above (shifted) and itself a
            // few hundred pixels back, and the parse needs the first for the row's start and the second after it.
            var best: (distance: Int, score: Int)?
            var inRowBest: Int?
            var rowAboveBest: Int?
            var rowAboveSecond: Int?
            func keepRanked() {
                if let top = scored.first,
                    best.map({ top.score > $0.score || top.score == $0.score && top.distance < $0.distance }) ?? true
                {
                    best = top
                }
                candidates.append(contentsOf: scored.lazy.map(\.distance))
                scored.removeAll(keepingCapacity: true)
            }
            if !periodic {
                for distance in stride(
                    from: 2 * bytesPerPixel, to: min(rowLength, SlidingWindow.size), by: bytesPerPixel)
                {
                    score(distance)
                }
                inRowBest = scored.first?.distance
                keepRanked()
            }
            if rowsBack > 0 {
                for back in 1...rowsBack {
                    // In a periodic row, shifts a whole period apart reproduce the same bytes.
                    for shift in periodic ? 0...(Self.ditherPeriod - 1) : -Self.maximumShift...Self.maximumShift {
                        let distance = back * rowLength - shift * bytesPerPixel
                        guard distance >= 1 && distance <= SlidingWindow.size else { continue }
                        score(distance)
                    }
                }
                rowAboveBest = scored.first?.distance
                rowAboveSecond = scored.count > 1 ? scored[1].distance : nil
                keepRanked()
            }
            // Recurrences serve RGB and RGBA rows whose best copy from the rows above is shifted (angled
            // gradients). A horizontal gradient's rows copy the row a period above whole, and its in-row
            // recurrences, a few bits cheaper by the estimate, code larger: of the uiGradients presets as dithered
            // 1200×630 horizontal gradients, 6 grew (by up to 5.5 %) and 7 shrank; palette rows grew by up to 11 %.
            let isShifted = rowAboveBest.map { $0 % rowLength != 0 } ?? false
            if searchesRecurrences && !periodic && bytesPerPixel >= 3 && isShifted {
                // Searched once a dither period of rows (or as many as deflate's window holds) lies behind, when
                // the rows above rank as they will further down.
                let hasRowsAbove = rowsBack >= Self.ditherPeriod || (rowsBack + 1) * rowLength > SlidingWindow.size
                if hasRowsAbove && matchesUntilRecurrenceSearch == 0 {
                    rankRecurrences(raw, samples: usableSamples, spacing: spacing)
                    matchesUntilRecurrenceSearch = Self.recurrenceSearchRest
                }
                appendRecurrenceCandidates(rowsAbove: rowAboveBest, rowAboveSecond)
            }
            if let step = inRowBest, let above = rowAboveBest {
                for multiple in 1...Self.derivedCandidateCount where above - multiple * step >= 2 * bytesPerPixel {
                    candidates.append(above - multiple * step)
                }
            }
            rankedDistance = best?.distance
        }
    }

    /// Searches the row's recurrences afresh and adds those missing to ``candidates`` (up to
    /// ``maximumCandidateCount``), for a row filtered from the row above matched with a reused ranking.
    ///
    /// An undithered angled ramp's Up- or Paeth-filtered rows are sparse steps whose spacing along the row recurs at
    /// a few distances (a step every 21 or 24 bytes: 129, 237, 366 bytes back), which change down the image as the
    /// ramp's stops move along the rows; a ranking that keeps coding rows cheaply is reused for hundreds of rows, so
    /// the recurrences it found in its first row would be all they copy from. zlib level 9 copies from the nearest
    /// full-length match, often such a recurrence (9–11 bits a copy against 13 for the shifted row above). The
    /// candidates already there stay: removing the old recurrences made as many cards larger as smaller.
    private mutating func addFreshRecurrences(_ current: UnsafePointer<UInt8>) {
        let spacing = max(1, (rowLength - 8) / (Self.sampleCount + 1))
        var samples = 0
        while samples < Self.sampleCount && (samples + 1) * spacing + 8 <= rowLength {
            samples += 1
        }
        rankRecurrences(UnsafeRawPointer(current), samples: samples, spacing: spacing)
        matchesUntilRecurrenceSearch = Self.recurrenceSearchRest
        var added = false
        for distance in recurrences where candidates.count < Self.maximumCandidateCount {
            if !candidates.contains(distance) {
                candidates.append(distance)
                added = true
            }
        }
        guard added else { return }
        matchesUntilRecurrenceSearch = Self.freshRecurrenceRest
        candidates.sort()
        candidateCosts.removeAll(keepingCapacity: true)
        for distance in candidates {
            candidateCosts.append(Self.copyCost(distance))
        }
    }

    /// Fills ``recurrences`` with the in-row distances, byte by byte up to ``farthestRecurrence``, at which the
    /// ``recurrenceSpan`` bytes from the most sampled positions recur (at least ``recurrenceMinimumScore``), best
    /// first.
    ///
    /// A dithered ramp recurs within its row wherever each channel has moved by a whole number of levels in a whole
    /// number of dither periods: `linear-gradient(45deg, #ff0000, #00ff00, #0000ff)` at 1200×630 recurs 1,464 bytes
    /// back, and 1,465 where red and green trade places with green and blue. The ranking's 8-byte samples also match
    /// wherever the dither pattern repeats for a few pixels, so the ramp's recurrence rarely ranks among them;
    /// a span of ``recurrenceSpan`` bytes tells them apart. Each sample's first word is compared at every distance
    /// (one load and compare each), and spans only at the distances where enough words matched.
    private mutating func rankRecurrences(_ raw: UnsafeRawPointer, samples: Int, spacing: Int) {
        recurrences.removeAll(keepingCapacity: true)
        let farthest = min(spacing * samples, Self.farthestRecurrence)
        let nearest = 2 * bytesPerPixel
        guard samples >= Self.recurrenceMinimumScore, farthest >= nearest else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: farthest + 1) { wordHits in
            wordHits.initialize(repeating: 0)
            var offset = spacing
            for _ in 0..<samples where offset + Self.recurrenceSpan <= rowLength {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                var distance = nearest
                let reach = min(offset, farthest)
                while distance <= reach {
                    if raw.loadUnaligned(fromByteOffset: offset &- distance, as: UInt64.self) == word {
                        wordHits[distance] &+= 1
                    }
                    distance &+= 1
                }
                offset += spacing
            }
            for distance in nearest...farthest where Int(wordHits[distance]) >= Self.recurrenceMinimumScore {
                var score = 0
                var offset = spacing
                for _ in 0..<samples where offset + Self.recurrenceSpan <= rowLength {
                    if offset >= distance && memcmp(raw + offset, raw + offset - distance, Self.recurrenceSpan) == 0 {
                        score += 1
                    }
                    offset += spacing
                }
                guard score >= Self.recurrenceMinimumScore else { continue }
                var index = scored.count
                while index > 0 && scored[index - 1].score < score {
                    index -= 1
                }
                if index < Self.recurrenceCount {
                    if scored.count == Self.recurrenceCount { scored.removeLast() }
                    scored.insert((distance, score), at: index)
                }
            }
        }
        recurrences.append(contentsOf: scored.lazy.map(\.distance))
        scored.removeAll(keepingCapacity: true)
    }

    /// Adds the ``recurrences`` to ``candidates``, and the distances into the rows above less each recurrence and
    /// less both: the pieces of an angled ramp's row found in a shifted row above one recurrence along. On
    /// `linear-gradient(45deg, #ff0000, #00ff00, #0000ff)` at 1200×630, 22,663 → 19,025 bytes (Pillow's
    /// `optimize=True`: 19,455; zlib level 9 on the same Sub-filtered rows: 19,211), where zlib level 9 copies
    /// from 1,465, 28,832 − 1,465 and 28,832 − 2,929 bytes back.
    private mutating func appendRecurrenceCandidates(rowsAbove best: Int?, _ second: Int?) {
        func append(_ distance: Int) {
            if distance >= 2 * bytesPerPixel && !candidates.contains(distance) {
                candidates.append(distance)
            }
        }
        func appendDerived(from above: Int) {
            var all = 0
            for recurrence in recurrences {
                append(above - recurrence)
                all += recurrence
            }
            if recurrences.count > 1 {
                append(above - all)
            }
        }
        for recurrence in recurrences {
            append(recurrence)
        }
        if let best { appendDerived(from: best) }
        if let second { appendDerived(from: second) }
    }

    /// Inserts `entry` into ``scored`` in rank order, keeping at most half of ``maximumRankedCandidates``.
    private mutating func keepIfRanked(_ entry: (distance: Int, score: Int)) {
        var index = scored.count
        while index > 0
            && (scored[index - 1].score < entry.score
                || scored[index - 1].score == entry.score && scored[index - 1].distance > entry.distance)
        {
            index -= 1
        }
        let limit = Self.maximumRankedCandidates / 2
        guard index < limit else { return }
        if scored.count == limit { scored.removeLast() }
        scored.insert(entry, at: index)
    }

    /// Estimated bits of a copy from `distance`: its codes plus the distance's extra bits.
    @inline(__always)
    static func copyCost(_ distance: Int) -> Int {
        copyBitsEstimate + DeflateDistanceCode(distance: distance).extraBitCount
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
