import Glibc

/// How ``RowMatcher`` chooses the distances it tries for a row: sampled words of the row scored against each
/// candidate distance (rows above at small shifts, dither periods back, recurrences of the ramp within the row), the
/// best kept in ``RowMatcher/candidates``.
extension RowMatcher {
    /// Fills ``candidates`` with the best-scoring distances: into earlier rows, `k` rows back shifted by `s` pixels,
    /// and within the row, whole dither periods back (a dithered ramp's pattern recurs wherever the colour has moved
    /// by a whole step, often a few hundred pixels along). Each is scored by how many sampled 8-byte words of the
    /// current row it reproduces; ties go to the nearer distance, whose code is cheaper.
    mutating func rankRowDistances(
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
    mutating func addFreshRecurrences(_ current: UnsafePointer<UInt8>) {
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
    mutating func rankRecurrences(_ raw: UnsafeRawPointer, samples: Int, spacing: Int) {
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
    mutating func appendRecurrenceCandidates(rowsAbove best: Int?, _ second: Int?) {
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
    mutating func keepIfRanked(_ entry: (distance: Int, score: Int)) {
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
}
