import Glibc

/// Codes rows that are neither repeated nor solid: filtered, then as ``RowMatcher`` copies when the row repeats rows
/// before it, else through ``HashMatcher`` (searching harder in the first ``leadingSearchBytes``), or for smooth rows
/// ``SmoothRowMatcher`` (zlib while the sparse rows that open the image last), or for flat rows (one colour between
/// a few hard edges) zlib, unfiltered, with the repeated rows right after them; copies and literals gather in a
/// ``TokenBlock``. Three more kinds of rows go to zlib, whose 3-byte chains find what the matchers cannot: rows that
/// repeat dither periods but for a few breaks (unfiltered, ``repeatsPeriodsWithFewBreaks(_:count:)``), dense palette
/// rows after a busy one (``busyPaletteRowChain``) and sparse RGBA rows (``sparseTranslucentRowChain``).
///
/// The filter is Sub, except for a row that repeats every dither period (8 pixels), as a dithered vertical gradient's
/// rows all do: such a row is matched unfiltered, its first period copied from the periodic rows above wherever
/// ``PeriodicRowIndex`` finds it, the rest a period back (or 1, 2 or 4 pixels back). Palette rows are matched
/// unfiltered and, after a periodic row, Up-filtered (one period of small differences), the cheaper kept: on 40
/// presets at 1170×2532 against Pillow's `optimize=True`, unfiltered only 0.93× median, 1.02× worst; Up only
/// 0.99×, 1.05×; the choice 0.94×, 0.95× (measured on RGB rows, before they took the index).
final class GeneralRowCoder {
    private let bytesPerPixel: Int
    /// Bytes in one dither period of pixels.
    private let periodLength: Int
    /// The previous row's first period of raw pixels, when that row repeats every period.
    private let previousPeriod: UnsafeMutablePointer<UInt8>
    private var isPreviousRowPeriodic = false
    /// The latest filtered rows in stream order, then the row being coded.
    private let history: FilteredRowHistory
    private var matcher: RowMatcher
    /// Made on the first periodic RGB or RGBA row.
    private var periodIndex: PeriodicRowIndex?
    /// Unfiltered periodic RGB or RGBA rows coded so far, and the literals of their matches, until
    /// ``upFilterTrialRows`` of them decide ``upFiltersPeriodicRows``.
    private var unfilteredPeriodicRows = 0
    private var unfilteredPeriodicLiterals = 0
    /// Whether the periodic RGB or RGBA rows after a periodic row are Up-filtered (see ``upFilterTrialRows``).
    private var upFiltersPeriodicRows = false
    /// Made on the first smooth row past the opening ones, as ``hashMatcher`` is.
    private var smoothRows: SmoothRowMatcher?
    /// Made on the first irregular row: most images never need its 384 KiB of tables.
    private var hashMatcher: HashMatcher?
    private let format: PNGImageFormat
    private var hashTokens: [UInt32] = []
    private let tokenBlock: TokenBlock
    /// A periodic row's unfiltered tokens, kept while its Up-filtered form is tried.
    private var unfilteredTokens: [UInt32] = []
    /// The tokens of the best row-above filter in a filter trial.
    private var aboveTokens: [UInt32] = []
    /// Rows to code without trying the structural matcher again; doubles after each refusal (up to
    /// ``maximumBackoff``) so images it cannot describe pay almost nothing for it.
    private var rowsUntilRetry = 0
    private var backoff = 1
    /// Whether ``averagesRepeatedRow(_:previousRow:count:)`` chose Average for this image; nil until it has chosen.
    private var averagesRepeatedRows: Bool?
    /// Replays the structural match of a row that repeats the row a dither period above.
    private let periodRows: PeriodRowReplay
    static let maximumBackoff = 64
    /// A row the structural matcher codes in under one bit per this many bytes is a copy of rows before it and is
    /// coded so; any other row goes to ``HashMatcher`` or zlib, which search more widely.
    static let structuredBytesPerBit = 8
    /// Irregular rows are searched with ``HashMatcher/Search/leadingRows`` until this many bytes have been: the few
    /// irregular rows of a mostly structured image (the first dither period of a horizontal or diagonal gradient),
    /// which are most of its bytes. Images whose rows stay irregular (radial, conic) continue with
    /// ``HashMatcher/Search/irregularRows``, which is faster.
    static let leadingSearchBytes = 32768
    /// A row with at most one nonzero filtered byte in this many is smooth: ``SmoothRowMatcher`` codes it, unless it
    /// is among the rows that open the image (those go to zlib, see ``leadingSearchBytes``). On the first 30 presets
    /// as 1920×1080 undithered radial gradients, whole-image bytes against Pillow's `optimize=True` (median / worst)
    /// and encode time against zlib level 9 on the same rows, in one run: one in 32 (zlib's share before)
    /// 0.888× / 0.989×, 0.54× the time; one in 20 (used) 0.826× / 0.966×, 0.53×; one in 16 0.796×, but 1.005× on
    /// one preset (its rows denser than this matcher codes well, which ``HashMatcher`` codes better); one in 12
    /// 1.244× worst.
    static let smoothRowZeroShare = 20
    /// A row with at most one nonzero Sub-filtered byte in this many is flat: runs of one colour between a few hard
    /// edges (hard stops, stripes, sectors), which zlib codes as copies of the rows above in fewer bytes than the
    /// structural or smooth matchers. On the 32 CSS gradients of bench/data/css-gradients.txt at 1200×630 nearest to
    /// or above Pillow's `optimize=True` bytes (bench/png_peers.py): "radial-gradient(circle, #fff 30%, #000 30%)"
    /// 1.57× → 1.31×, a two-colour 135° split 1.07× → 0.78×, "repeating-conic-gradient(#fff 0 15deg, #000 0 30deg)"
    /// 1.77× → 1.29× (1.52× with one in 128, which leaves its rows, one nonzero byte in about 108, to the matchers).
    /// One undithered 1920×1080 radial preset of the first 12 grows by 2.7 % (0.87× Pillow's bytes); the other
    /// corpus cases keep their bytes. Such a row goes to zlib unfiltered (its runs of one colour then match the same
    /// runs in the rows above, shifted where an edge curves): "radial-gradient(circle, #fff 30%, #000 30%)" 1.31× →
    /// 1.13×, four conic sectors 1.20× → 1.18×, "repeating-conic-gradient(#fff 0 15deg, #000 0 30deg)" 1.29× →
    /// 1.04×; of the uiGradients corpus only undithered r1920 changes (17 of 382 presets, 0.05 % fewer bytes in all,
    /// three up to 0.4 % larger). With zlib's chains of 4096 as well (``CompressionTuning/gradient``) the three
    /// become 1.00×, 0.85× and 0.90×.
    static let flatRowZeroShare = 64
    /// A row with at most one nonzero Sub-filtered byte in this many is sparse (undithered): among the rows that
    /// open the image it goes to zlib, later (unless smooth or copy-coded) to ``HashMatcher/Search/sparseRows``.
    static let sparseRowZeroShare = 8
    /// A copy-coded row is also tried Up-filtered when at most one in this many of its Sub-filtered bytes is
    /// nonzero: undithered rows, whose Up differences are as sparse, and at an angle often cheaper to copy. One in
    /// 6 rather than ``sparseRowZeroShare``'s one in 8 takes in the steep undithered 135° cards ("Radioactive
    /// Heat": 1.059× Pillow's `optimize=True` bytes with one in 8, 0.948× with one in 6); one in 5 gives the same
    /// bytes on the first 30 such cards. Of the dithered cases, one horizontal card grows by 1.4 % (still under
    /// Pillow's bytes).
    ///
    /// A denser row is tried Up-filtered too when the rows before it copied the row directly above
    /// (``RowMatcher/copiesRowAbove``): an undithered ramp too steep for sparse Sub-filtered rows (a dithered row
    /// repeats the row a dither period above, not the one above). Of the 382 presets as undithered 135° 1200×630
    /// cards, "Ameena" (five stops) 1.105× → 0.945× Pillow's bytes and 3 more smaller, none larger; dithered cards
    /// and banners keep their bytes.
    static let upFilterZeroShare = 6
    /// Rows tried from the row above keep the filter that won the latest trial for this many rows: Sub or Up, and
    /// Paeth too when the rows are undithered (``PNGEncoderOptions/undithered``), by the matcher's estimate, Paeth
    /// winning ties. A shifted ramp's Up and Paeth residues are the same sparse steps but where a second channel
    /// steps too, which Paeth predicts and Up does not, so zlib level 9 codes a card's rows all Paeth-filtered 3–7 %
    /// smaller than all Up-filtered ("Snapchat", `fffc00,ffffff` at 135°, 13,483 bytes against 14,556), and its
    /// estimate ties with Up's and Sub's where the actual code is smaller. Of the 382 presets as undithered 135°
    /// 1200×630 cards, the trial of Paeth with ``RowMatcher/addFreshRecurrences(_:)`` took the bytes from 3,569,780
    /// to 3,539,949 (−0.8 %; 252 smaller, 84 larger by at most 0.4 %) and those above Pillow's `optimize=True` from
    /// 2 ("Snapchat" 1.042×, "Rastafari" 1.037×) to none (worst 0.998×); without the ties going to Paeth,
    /// "Snapchat" stayed at 1.021×. Dithered rows take the same trial when sparse, and with Paeth winning ties went
    /// Paeth-filtered: random dithered cards +24 % instructions for no fewer bytes, hence the option.
    static let filterTrialInterval = 8
    /// The filter from the row above that won the latest trial (2, Up, or 4, Paeth); nil when Sub won.
    private var preferredAboveFilter: UInt8?
    /// Whether the trial tries Paeth too (``PNGEncoderOptions/undithered``).
    private let triesPaeth: Bool
    /// Whether Sub-filtered rows are also matched against the history's anchors (``AnchorIndex``): from the first row
    /// the structural matcher takes until it refuses rows ``anchorsBackoff`` times in a row, in images whose rows are
    /// too long for deflate's window to hold a dither period of them (wider than 1,365 RGB pixels), where the row a
    /// period above is out of reach. Narrower rows find their copies among the ranked distances: on 1200×630 135°
    /// cards the anchors saved 1.3 % of the bytes for 11 % more time (`bench/http.sh`'s unique cards 5.9 → 6.5 ms).
    /// Images the structural matcher never takes (dithered radial and conic gradients) keep no anchors.
    ///
    /// Narrower rows search anchors too when they have hard edges (``hardEdgeShare``).
    private var searchesAnchors = false
    static let anchorsBackoff = 4
    /// Whether deflate's window holds fewer rows than a dither period: the rows anchors are kept for.
    private var rowsOutreachWindow: Bool { history.depth < RowMatcher.ditherPeriod }
    /// A dithered 8-bit RGB or RGBA image whose first dense row the structural matcher takes (Sub-filtered, more than
    /// one nonzero byte in ``upFilterZeroShare``, not copying the row directly above: dithered) has hard edges when
    /// at least one byte in this many of that row steps by more than 7 (``steepCount(_:count:)``): a repeating
    /// gradient's restarts, hard stops. Its rows search anchors whatever their width: a 45° row's first 8 pixels have
    /// no source in the shifted rows above, and where the ramp restarts along the row its pieces recur at distances
    /// no ranking predicts (zlib level 9 copies them 20 to 50 bytes at a time from 3 or 4 rows up, a few hundred
    /// pixels along). "repeating-linear-gradient(45deg, #3a1c71, #d76d77 30px, #ffaf7b 60px)" at 1200×630 (45 steep
    /// bytes in 3,601): 27,984 → 27,199 bytes, 1.014× → 0.986× Pillow's `optimize=True`, in 6.5 ms rather than 5.9;
    /// no other RGB case of the CSS corpus changes. A smooth ramp's Sub-filtered bytes step by 1 or 2 (a random
    /// 135° card's row has 3 steep bytes, its first pixel), and palette indices step anyhow, so neither is counted.
    static let hardEdgeShare = 256
    /// Whether the image has hard edges (``hardEdgeShare``); nil until its first dense row is taken.
    private var hasHardEdges: Bool?
    private var rowsUntilFilterTrial = 0

    /// What ``tryMatcher(_:previousRow:count:triesUp:)`` carries from row to row besides the matcher's state.
    struct TrialState: Equatable {
        fileprivate var rowsUntilRetry: Int
        fileprivate var backoff: Int
        fileprivate var preferredAboveFilter: UInt8?
        fileprivate var rowsUntilFilterTrial: Int
        fileprivate var searchesAnchors: Bool
        fileprivate var hasHardEdges: Bool?
    }

    private var trialState: TrialState {
        get {
            TrialState(
                rowsUntilRetry: rowsUntilRetry, backoff: backoff, preferredAboveFilter: preferredAboveFilter,
                rowsUntilFilterTrial: rowsUntilFilterTrial, searchesAnchors: searchesAnchors,
                hasHardEdges: hasHardEdges)
        }
        set {
            rowsUntilRetry = newValue.rowsUntilRetry
            backoff = newValue.backoff
            preferredAboveFilter = newValue.preferredAboveFilter
            rowsUntilFilterTrial = newValue.rowsUntilFilterTrial
            searchesAnchors = newValue.searchesAnchors
            hasHardEdges = newValue.hasHardEdges
        }
    }
    private var leadingBytesRemaining = GeneralRowCoder.leadingSearchBytes
    /// An irregular row that ``HashMatcher`` coded with more than one literal in this many bytes is busy, and the next
    /// irregular row is searched with ``HashMatcher/Search/busyRows``: the rows of repeating radial and conic gradients
    /// and of translucent layers over ramps, whose copies are mostly shorter than the 24 bytes the main chains key on.
    /// Smooth dithered radial gradients code under one literal in 80 bytes and stay on the faster search. On the 179
    /// CSS gradients of bench/data/css-gradients.txt against Pillow's `optimize=True`: "repeating-radial-gradient(circle
    /// at 0 0, …)" 1.30× → 0.93×, two translucent radials over a 45° ramp 1.12× → 0.93×, "linear-gradient(75deg,
    /// #ff4b1f, #ff9068)" 1.12× → 0.91×; cases above 1.0× 15 → 10, no case more than 0.9 % larger. One in 64 or 128
    /// codes the corpus 0.7 % or 1.5 % smaller, no case more under, for 3 % or 9 % more instructions on the dithered
    /// 1080p radial workload `r2_1080` (one in 32: 1 %).
    static let busyRowLiteralShare = 32
    /// zlib's chain limit for hard-edged rows (``steepCount(_:count:)``), a quarter of level 9's: their runs of one
    /// colour are shorter than zlib's good-enough length, so it walks whole chains. A 4096×4096
    /// "repeating-radial-gradient(circle, #fff 0 10px, #ccc 10px 20px)" takes 0.6 s to render and encode (1.6 s with
    /// level 9's 4,096; 0.16 s through ``HashMatcher`` before, 10 % more bytes); at 1200×630 it is 0.95× Pillow's
    /// `optimize=True` bytes (0.73× with 4,096, 0.99× with 256), the repeating ellipse 0.98× (1.04× with 256).
    static let hardEdgeChain: Int32 = 1024
    /// zlib's chain limit for dense palette rows after a busy one: Sub-filtered dithered indices (an angled ramp or
    /// stripes between close colours), which repeat in pieces of 3 to 20 bytes from rows far above. ``HashMatcher``'s
    /// keys of 8 bytes or more miss those pieces (on the stripes below, keys of 8 bytes and 32 chain steps code 2 %
    /// fewer bytes, 1,000 steps on keys of 24 none); zlib's 3-byte chains take them. On the CSS corpus against Pillow's
    /// `optimize=True` (bench/png_peers.py), with chains of 16, 32, 64, 128 (used) and 256:
    /// "repeating-linear-gradient(30deg, #1e3c72, #2a5298 50px, #1e3c72 100px)" 1.176× → 0.983×, 0.951×, 0.932×,
    /// 0.914×, 0.903×; "linear-gradient(120deg, #000000, #434343)" 0.68× → 1.128×, 1.006×, 0.908×, 0.759×, 0.703×
    /// (shorter chains miss the rows above and switch coders more); "linear-gradient(120deg, #f2709c, #ff9472)"
    /// 0.761× → 0.720×, 0.663×, 0.616×, 0.572×, 0.534×. With 128, 16 palette cases change, all smaller but that
    /// 120° ramp (+12 %, 0.759×), the four 75° ramps take 1.6–2× the time (20–35 ms; Pillow: 400–900 ms); 256
    /// took them to 35–60 ms. Of the uiGradients presets, dithered d135 and h1200 code 0.46 % and 0.56 % smaller
    /// (one case 0.1 % larger), one undithered 1920×1080 radial 0.2 % larger, and nothing else changes. Rows with at
    /// most one nonzero byte in ``upFilterZeroShare`` (undithered palette rows: their radial rings made 1920×1080
    /// presets up to 13 % larger through zlib) stay with ``HashMatcher``.
    static let busyPaletteRowChain: Int32 = 128
    /// zlib's chain limit for sparse RGBA rows that are not smooth, after the leading rows (a translucent radial
    /// gradient's rows between its smooth parts): their copies are pieces of 3 to 8 bytes, shorter than any key of
    /// ``HashMatcher``, which codes them 1.38× what zlib level 9 does (key 24; 1.33× with key 12 and 64 steps). On the
    /// CSS corpus against Pillow's `optimize=True` (bench/png_peers.py), chains of 128, 256 (used), 512 and 1,024:
    /// "radial-gradient(circle at 70% 30%, #ffffffcc, #ffffff00 50%)" 1.031× → 1.001×, 0.975×, 0.966×, 0.955×, in 24,
    /// 31, 32 and 40 ms (Pillow: 230 ms); at 256 the two other translucent radials 0.998× → 0.960× and 0.931× →
    /// 0.869×, and nothing else changes. Dense RGBA rows stay with ``HashMatcher``: through zlib, translucent linear
    /// gradients grew by up to 2×. (The structural matcher also taking RGBA rows only under one estimated bit per 16
    /// bytes, rather than 8, made the three 0.938×, 0.887× and 0.848×, but refused dithered RGBA ramps it codes whole
    /// from the rows above.)
    static let sparseTranslucentRowChain: Int32 = 256
    /// Whether the latest row ``HashMatcher`` coded was busy (``busyRowLiteralShare``).
    private var isLatestIrregularRowBusy = false

    /// With `replaysPeriodRows` false, every row is matched (``PeriodRowReplay`` replays none).
    init(format: PNGImageFormat, replaysPeriodRows: Bool, options: PNGEncoderOptions) {
        bytesPerPixel = format.bytesPerPixel
        triesPaeth = options.undithered
        periodLength = RowMatcher.ditherPeriod * format.bytesPerPixel
        previousPeriod = .allocate(capacity: periodLength)
        history = FilteredRowHistory(format: format)
        matcher = RowMatcher(format: format, refreshesRecurrences: options.undithered)
        tokenBlock = TokenBlock(rowLength: format.bytesPerRow + 1)
        periodRows = PeriodRowReplay(rowByteCount: format.bytesPerRow, replays: replaysPeriodRows)
        self.format = format
    }

    deinit {
        hashMatcher?.deallocate()
        smoothRows?.deallocate()
        previousPeriod.deallocate()
    }

    /// Codes `row` (raw pixels). Any pending run rows must already be written.
    /// `previousRow` is the raw row before, when the encoder kept it (not after a solid row).
    func encode(
        _ row: UnsafePointer<UInt8>, previousRow: UnsafePointer<UInt8>?, into stream: IDATStream
    ) throws(PNGError) {
        history.materializePendingRuns()
        let current = history.current
        let rowLength = history.rowLength
        let count = rowLength - 1
        let currentBytes = UnsafeRawBufferPointer(start: current, count: rowLength)
        isLatestRowInZlib = false
        periodRows.beginRow(row)
        if periodRows.repeatsRowAbove,
            let entry = periodRows.replayableEntry(from: matchState(hasPreviousRow: previousRow != nil))
        {
            // The row, the rows it may copy from and the state are those of the row a period above: so is its match.
            if entry.filterType == PNGFilterType.up.rawValue || entry.filterType == PNGFilterType.paeth.rawValue,
                let previousRow
            {
                filterFromAbove(entry.filterType, row, previousRow: previousRow, count: count)
            } else {
                RowFilter.sub(row, count: count, bytesPerPixel: bytesPerPixel, output: current)
            }
            matcher.restore(
                entry.matcherAfter, tokens: entry.tokens, estimatedBits: entry.estimatedBits,
                literalCount: entry.literalCount)
            trialState = entry.trialAfter
            periodRows.noteReplayed(entry)
            try appendTokenRow(matcher.tokens, currentBytes, checksum: entry.checksum, into: stream)
            periodRows.endRow(row, filterType: current[0])
            isPreviousRowPeriodic = false
            history.commitCurrent()
            return
        }
        let isPeriodic = count > periodLength && memcmp(row, row + periodLength, count - periodLength) == 0
        if isPeriodic {
            matchPeriodic(row, count: count)
            periodIndex?.insert(current, streamOffset: history.currentStreamOffset)
            previousPeriod.update(from: row, count: periodLength)
            try appendTokenRow(matcher.tokens, currentBytes, period: periodLength, into: stream)
        } else {
            RowFilter.sub(row, count: count, bytesPerPixel: bytesPerPixel, output: current)
            // One scan serves every share: a row is smooth only if it is sparse, and sparse only if it is worth an
            // Up trial.
            let sparseLimit = rowLength / Self.sparseRowZeroShare
            let trialLimit = rowLength / Self.upFilterZeroShare
            let nonzero = nonzeroCount(current, count: rowLength, limit: trialLimit)
            let isSparse = nonzero <= sparseLimit
            let isSmooth = nonzero <= rowLength / Self.smoothRowZeroShare
            let isFlat = nonzero <= rowLength / Self.flatRowZeroShare
            if isFlat {
                try writeUnfilteredToZlib(row, count: count, into: stream)
            } else if repeatsPeriodsWithFewBreaks(row, count: count) {
                try writeUnfilteredToZlib(row, count: count, maximumChain: Self.repeatingRowChain, into: stream)
            } else if case let before = periodRows.isWatching ? matchState(hasPreviousRow: previousRow != nil) : nil,
                tryMatcher(
                    row, previousRow: previousRow, count: count,
                    triesUp: nonzero <= trialLimit || matcher.copiesRowAbove)
            {
                if history.rowCount == 0 {
                    // The image's first row has no row above: the structural matcher's copies are within the row,
                    // at the distances its samples rank, where zlib level 9's chains find longer ones. Undithered
                    // horizontal 600×200 banners, whose first row is most of the image: "Limeade" 726 → 701 bytes
                    // (Pillow's `optimize=True` 719), "Sweet Morning" 710 → 693 (708), "Shrimpy" 720 → 704 (719).
                    // Of the 382 presets at 600×200 and 1200×630, horizontal and 135°, dithered and not, 34 code
                    // smaller and 2 larger (at most +0.16 %). The match still sets the state later rows start from.
                    try writeFilteredToZlib(into: stream)
                } else {
                    let checksum = try appendTokenRow(matcher.tokens, currentBytes, period: nil, into: stream)
                    if let before {
                        periodRows.record(
                            before: before, matcher: matcher, filterType: current[0], trialAfter: trialState,
                            checksum: checksum)
                    }
                }
            } else if isSparse && !isSmooth && leadingBytesRemaining <= 0
                && steepCount(current, count: rowLength) * 2 >= nonzero
            {
                // Hard edges between runs of one colour (repeating rings, stripes), too many for a flat row: zlib
                // codes them unfiltered as the flat rows, as copies of the runs above (see `steepCount`).
                try writeUnfilteredToZlib(row, count: count, maximumChain: Self.hardEdgeChain, into: stream)
            } else if isSparse && leadingBytesRemaining > 0 {
                leadingBytesRemaining -= rowLength
                try writeFilteredToZlib(into: stream)
            } else if isSmooth {
                if smoothRows == nil {
                    smoothRows = SmoothRowMatcher(format: format)
                }
                // Mutated in place through the optional: its token array is not copied.
                smoothRows!.code(
                    history, literalBits: RowMatcher.filteredLiteralBits, copyBits: RowMatcher.copyBitsEstimate)
                try appendTokenRow(smoothRows!.tokens, currentBytes, period: nil, into: stream)
            } else if format.colorType == .rgba && isSparse {
                // Past the branches above, a sparse row is not smooth and not among the leading rows.
                try writeFilteredToZlib(maximumChain: Self.sparseTranslucentRowChain, into: stream)
            } else if format.colorType == .indexed && nonzero > trialLimit && isLatestIrregularRowBusy {
                leadingBytesRemaining -= rowLength
                try writeFilteredToZlib(maximumChain: Self.busyPaletteRowChain, into: stream)
            } else {
                if let previousRow, averagesRepeatedRow(row, previousRow: previousRow, count: count) {
                    RowFilter.average(
                        row, previous: previousRow, count: count, bytesPerPixel: bytesPerPixel, output: current)
                }
                try codeIrregularRow(currentBytes, isSparse: isSparse, into: stream)
            }
        }
        periodRows.endRow(row, filterType: current[0])
        isPreviousRowPeriodic = isPeriodic
        history.commitCurrent()
    }

    /// Whether the row begun, which goes to ``HashMatcher``, is Average-filtered: an RGBA row repeating the row a
    /// period above from beyond deflate's window, in an image whose first such row chose Average by a
    /// ``RepeatedRowFilterTrial`` on the period of rows up to it.
    private func averagesRepeatedRow(_ row: UnsafePointer<UInt8>, previousRow: UnsafePointer<UInt8>, count: Int) -> Bool
    {
        let period = periodRows.period
        guard format.colorType == .rgba, periodRows.repeatsRowAbove, period * history.rowLength > SlidingWindow.size
        else { return false }
        if let choice = averagesRepeatedRows { return choice }
        var rows = [row]
        var rowsAbove = [previousRow]
        for rowsUp in 1..<period {
            guard let kept = periodRows.keptRow(rowsAbove: rowsUp),
                let above = periodRows.keptRow(rowsAbove: rowsUp + 1)
            else { break }
            rows.append(kept)
            rowsAbove.append(above)
        }
        let choice =
            rows.count == period
            && RepeatedRowFilterTrial.prefersAverage(
                rows: rows, rowsAbove: rowsAbove, count: count, bytesPerPixel: bytesPerPixel)
        averagesRepeatedRows = choice
        return choice
    }

    /// Codes the filtered row in the history's current slot through ``HashMatcher``.
    private func codeIrregularRow(
        _ currentBytes: UnsafeRawBufferPointer, isSparse: Bool, into stream: IDATStream
    ) throws(PNGError) {
        let rowLength = history.rowLength
        let search: HashMatcher.Search =
            leadingBytesRemaining > 0
            ? .leadingRows : isSparse ? .sparseRows : isLatestIrregularRowBusy ? .busyRows : .irregularRows
        leadingBytesRemaining -= rowLength
        var irregularRows = hashMatcher ?? HashMatcher(format: format, search: search)
        irregularRows.search = search
        irregularRows.code(
            history, into: &hashTokens, literalBits: RowMatcher.filteredLiteralBits,
            copyBits: RowMatcher.copyBitsEstimate)
        isLatestIrregularRowBusy = irregularRows.literalCount * Self.busyRowLiteralShare > rowLength
        hashMatcher = irregularRows
        try appendTokenRow(hashTokens, currentBytes, period: nil, into: stream)
    }

    /// The state a structural match of the next row starts from.
    private func matchState(hasPreviousRow: Bool) -> PeriodRowReplay.State {
        PeriodRowReplay.State(
            matcher: matcher.carriedState, trial: trialState, hasPreviousRow: hasPreviousRow,
            historyRows: history.rowCount)
    }

    /// Adds a row's tokens to the block (writing the block first when they would overflow it) and accounts for its
    /// filtered bytes in the stream; `period` as for ``IDATStream/noteTokenRow(_:period:)``, whose result it returns.
    @discardableResult
    private func appendTokenRow(
        _ tokens: [UInt32], _ row: UnsafeRawBufferPointer, period: Int?, into stream: IDATStream
    ) throws(PNGError) -> UInt32 {
        try prepareTokenRow(adding: tokens.count, into: stream)
        let checksum = try stream.noteTokenRow(row, period: period)
        tokenBlock.append(tokens)
        pendingTokenRowCount += 1
        return checksum
    }

    /// ``appendTokenRow(_:_:period:into:)`` for a row whose filtered bytes alone have the Adler-32 `checksum`.
    private func appendTokenRow(
        _ tokens: [UInt32], _ row: UnsafeRawBufferPointer, checksum: UInt32, into stream: IDATStream
    ) throws(PNGError) {
        try prepareTokenRow(adding: tokens.count, into: stream)
        try stream.noteTokenRow(row, checksum: checksum)
        tokenBlock.append(tokens)
        pendingTokenRowCount += 1
    }

    /// Writes the block first when `tokenCount` more tokens would overflow it.
    private func prepareTokenRow(adding tokenCount: Int, into stream: IDATStream) throws(PNGError) {
        if tokenBlock.isFull(adding: tokenCount) {
            try flush(into: stream)
        }
    }

    /// Codes the row unfiltered through zlib, searching at most `maximumChain` chain entries (nil: the stream's),
    /// after any pending token rows; up to ``repeatedRowsInZlib`` repeated rows after it follow it there.
    private func writeUnfilteredToZlib(
        _ row: UnsafePointer<UInt8>, count: Int, maximumChain: Int32? = nil, into stream: IDATStream
    ) throws(PNGError) {
        RowFilter.none(row, count: count, output: history.current)
        try writeFilteredToZlib(maximumChain: maximumChain, into: stream)
        isLatestRowInZlib = true
        repeatedRowsSinceZlibRow = 0
    }

    /// Codes the filtered row in the history's current slot through zlib, searching at most `maximumChain` chain
    /// entries (nil: the stream's), after any pending token rows.
    private func writeFilteredToZlib(maximumChain: Int32? = nil, into stream: IDATStream) throws(PNGError) {
        try flush(into: stream)
        try stream.writeGeneralRow(
            UnsafeRawBufferPointer(start: history.current, count: history.rowLength), maximumChain: maximumChain)
    }

    /// Whether the latest row went to zlib as a flat row: up to ``repeatedRowsInZlib`` repeated rows after it go
    /// there too (``encodeRepeatedInZlib(into:)``), since switching coders ends a deflate block each time; a longer
    /// run goes on in a run-row block, whose copies cost less a row than zlib's.
    private(set) var isLatestRowInZlib = false
    private var repeatedRowsSinceZlibRow = 0
    static let repeatedRowsInZlib = 16
    /// Whether a repeated row now goes to zlib rather than to a run-row block.
    var keepsRepeatedRowInZlib: Bool { isLatestRowInZlib && repeatedRowsSinceZlibRow < Self.repeatedRowsInZlib }

    /// Codes a row identical to the one before through zlib, Up-filtered: a filter byte and zeros.
    func encodeRepeatedInZlib(into stream: IDATStream) throws(PNGError) {
        try stream.writeGeneralRow(zeroUpFilteredRow())
        repeatedRowsSinceZlibRow += 1
        periodRows.skipRow()
        history.commitCurrent()
    }

    /// Codes a row identical to the one before as tokens: Up-filtered, so a filter byte and zeros, the zeros as copies
    /// one byte back after a literal zero.
    func encodeRepeated(into stream: IDATStream) throws(PNGError) {
        let row = zeroUpFilteredRow()
        matcher.codeZeroRow(history.current)
        try appendTokenRow(matcher.tokens, row, period: 1, into: stream)
        periodRows.skipRow()
        history.commitCurrent()
    }

    /// A repeated row as filtered bytes in the history's current slot: the Up filter byte, then zeros.
    private func zeroUpFilteredRow() -> UnsafeRawBufferPointer {
        history.materializePendingRuns()
        let current = history.current
        current[0] = PNGFilterType.up.rawValue
        (current + 1).update(repeating: 0, count: history.rowLength - 1)
        return UnsafeRawBufferPointer(start: current, count: history.rowLength)
    }

    /// Unfiltered periodic RGB or RGBA rows whose matches decide how the later ones are filtered: when more than
    /// ``upFilterLiteralShare`` of their first periods' bytes found no copy (in the periodic rows before, through
    /// ``PeriodicRowIndex``, or within the row), the colour moves too fast for the periods to recur, and each later
    /// periodic row that follows a periodic row is Up-filtered (its difference from the row above, which does recur)
    /// and matched at ranked distances. Up-filtering every periodic RGB or RGBA row after the 16th of the 382 presets
    /// as 1200×630 vertical cards, the first 60 as 1170×2532 splashes and the CSS corpus' vertical cases: the 23
    /// images whose first 16 rows left at least 70 literals (18 %) all code smaller, 0.876–0.983× (`linear-gradient(in
    /// hsl longer hue, red, red)`: 8,282 → 7,487 bytes, Pillow's `optimize=True` 7,518); between 60 and 69, 12 of 18;
    /// below, few (no splash reaches 60). Deciding after 8 rows instead separated winners from losers less cleanly.
    /// With this share, of the 382 presets as vertical 1200×630 cards 21 code smaller and none larger; as 390×844
    /// splashes at scale 3 all keep their bytes; as 750×1334, one is smaller; as 1920×1080, 2 smaller, 2 larger (at
    /// most 1.6 %).
    static let upFilterTrialRows = 16
    /// The share of the trial rows' first-period bytes left as literals above which periodic rows are Up-filtered.
    static let upFilterLiteralShare = (numerator: 2, denominator: 11)

    /// Filters and matches a periodic row; leaves the filtered row in the history's current slot and its tokens in
    /// the matcher. Periodic rows are always token-coded: a period of literals and copies, then copies a period back.
    ///
    /// RGB and RGBA rows are matched unfiltered, their first period copied from wherever ``PeriodicRowIndex`` finds
    /// it in the periodic rows before, or, after ``upFilterTrialRows`` that left many literals, Up-filtered. Palette
    /// rows are matched unfiltered or (after a periodic row) Up-filtered, whichever the matcher estimates smaller, at
    /// its ranked distances.
    private func matchPeriodic(_ row: UnsafePointer<UInt8>, count: Int) {
        let current = history.current
        let unlimited = Int.max / (count + 1)
        if format.colorType != .indexed {
            if upFiltersPeriodicRows && isPreviousRowPeriodic {
                RowFilter.upFromPeriodic(
                    row, count: count, previousPeriod: previousPeriod, periodLength: periodLength, output: current)
                _ = matcher.match(
                    history, budgetFactor: unlimited, literalBits: RowMatcher.filteredLiteralBits, periodic: true)
                return
            }
            RowFilter.none(row, count: count, output: current)
            let index = periodIndex ?? PeriodicRowIndex(format: format, period: periodLength)
            periodIndex = index
            _ = matcher.match(
                history, budgetFactor: unlimited, literalBits: RowMatcher.rawLiteralBits, periodic: true,
                periodIndex: index)
            if unfilteredPeriodicRows < Self.upFilterTrialRows {
                unfilteredPeriodicRows += 1
                unfilteredPeriodicLiterals += matcher.literalCount
                if unfilteredPeriodicRows == Self.upFilterTrialRows {
                    upFiltersPeriodicRows =
                        unfilteredPeriodicLiterals * Self.upFilterLiteralShare.denominator
                        > Self.upFilterTrialRows * periodLength * Self.upFilterLiteralShare.numerator
                }
            }
            return
        }
        RowFilter.none(row, count: count, output: current)
        _ = matcher.match(history, budgetFactor: unlimited, literalBits: RowMatcher.rawLiteralBits, periodic: true)
        // Up can only help when the unfiltered period needed literals: a period copied whole costs less than any.
        guard isPreviousRowPeriodic, matcher.literalCount > 0 else { return }
        let unfilteredBits = matcher.estimatedBits
        unfilteredTokens.removeAll(keepingCapacity: true)
        unfilteredTokens.append(contentsOf: matcher.tokens)
        RowFilter.upFromPeriodic(
            row, count: count, previousPeriod: previousPeriod, periodLength: periodLength, output: current)
        _ = matcher.match(
            history, budgetFactor: unlimited, literalBits: RowMatcher.filteredLiteralBits, periodic: true)
        if matcher.estimatedBits <= unfilteredBits { return }
        RowFilter.none(row, count: count, output: current)
        matcher.replaceTokens(with: unfilteredTokens)
    }

    /// Filters `row` into the history's current slot from the row above with filter type 2 (Up) or 4 (Paeth).
    private func filterFromAbove(
        _ filterType: UInt8, _ row: UnsafePointer<UInt8>, previousRow: UnsafePointer<UInt8>, count: Int
    ) {
        if filterType == PNGFilterType.paeth.rawValue {
            RowFilter.paeth(
                row, previous: previousRow, count: count, bytesPerPixel: bytesPerPixel, output: history.current)
        } else {
            RowFilter.up(row, previous: previousRow, count: count, output: history.current)
        }
    }

    /// The bytes of the filtered row after its filter byte that step by more than 7 either way (a hard edge between
    /// two colours, where a ramp's steps are ±1 or ±2), counted 16 at a time.
    ///
    /// A sparse row that is not smooth, which the structural matcher refused, and at least half of whose nonzero bytes
    /// are steep goes to zlib unfiltered, as flat rows do: its runs of one colour copy from the same runs in the rows
    /// above, where ``HashMatcher``'s 24-byte keys find few copies. On the CSS corpus against Pillow's
    /// `optimize=True`: "repeating-radial-gradient(circle, #fff 0 10px, #ccc 10px 20px)" 1.19× → 0.95×,
    /// "repeating-radial-gradient(ellipse, …)" 1.16× → 0.98× (zlib's chains cut to ``hardEdgeChain``); Sub-filtered
    /// through zlib instead, 0.79× and 1.002× (with level 9's chains).
    /// No uiGradients preset at the five benchmark shapes changes (their undithered radial rows are smooth ramps).
    private func steepCount(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        var steep = 0
        var index = 1
        let raw = UnsafeRawPointer(row)
        let bias = SIMD16<UInt8>(repeating: 8)
        let limit = SIMD16<UInt8>(repeating: 16)
        let one = SIMD16<UInt8>(repeating: 1)
        while index + 16 <= count {
            var lanes = SIMD16<UInt8>(repeating: 0)
            let blocksEnd = min(count, index + Self.nonzeroCheckBlocks * 16)
            while index + 16 <= blocksEnd {
                let bytes = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                lanes &+= one.replacing(with: 0, where: (bytes &+ bias) .< limit)
                index += 16
            }
            steep += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while index < count {
            if row[index] &+ 8 >= 16 { steep += 1 }
            index += 1
        }
        return steep
    }

    /// A raw row that repeats a few dither periods on, or one period on but for a few stretches, is the raw rows
    /// above it with something drawn over (a grid, stripes or a thin bar over a vertical ramp): zlib codes it
    /// unfiltered, where each piece copies the same piece a period or a few periods back, or the rows above. The
    /// structural matcher's Sub-filtered copies break at every edge, and each switch between it and zlib ends a
    /// deflate block. On the CSS corpus against Pillow's `optimize=True` (bench/png_peers.py):
    /// "linear-gradient(90deg, transparent 49%, #fff 49% 51%, transparent 51%), linear-gradient(#0f2027, #2c5364)"
    /// 1.439× → 0.842×, the 2-pixel grid over "linear-gradient(#232526, #414345)" 1.219× → 0.957×; 8 other cases
    /// change by −5.4 % to +0.2 %; no uiGradients preset at the five benchmark shapes changes (their rows repeat one
    /// period exactly, or not at all).
    ///
    /// Periods up to this many dither periods are tried (16: 128 pixels).
    static let widestRepeatingPeriods = 16
    /// At most one in this many 16-byte blocks of a row that repeats one period on may break the repetition…
    static let brokenBlockShare = 8
    /// …in at most this many stretches of consecutive blocks (a bar's two edges make one or two).
    static let breakStretchLimit = 4
    /// zlib's chain limit for such rows: on the hairline above, 64 gives 13,779 bytes with only these rows in zlib
    /// (measured before sparse rows joined them), 1,024 13,955 and 4,096 13,933, each slower.
    static let repeatingRowChain: Int32 = 64

    /// Whether the raw row (not periodic) repeats 2 to ``widestRepeatingPeriods`` dither periods on, or one period on
    /// but for at most ``breakStretchLimit`` stretches of at most one in ``brokenBlockShare`` of its 16-byte blocks.
    /// A row whose bytes step along a ramp breaks the repetition at every step and is refused within a few blocks.
    private func repeatsPeriodsWithFewBreaks(_ row: UnsafePointer<UInt8>, count: Int) -> Bool {
        var period = 2 * periodLength
        let raw = UnsafeRawPointer(row)
        while period <= Self.widestRepeatingPeriods * periodLength && period * 2 <= count {
            // Most rows differ within their first 8 bytes: compared here, without a call, when the row holds them.
            let differsEarly =
                count - period >= 8
                && raw.loadUnaligned(as: UInt64.self) != raw.loadUnaligned(fromByteOffset: period, as: UInt64.self)
            if !differsEarly && memcmp(row, row + period, count - period) == 0 { return true }
            period += periodLength
        }
        let end = count - periodLength
        let brokenLimit = end / 16 / Self.brokenBlockShare
        var broken = 0
        var stretches = 0
        var isPreviousBroken = false
        var index = 0
        while index + 16 <= end {
            let bytes = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let later = raw.loadUnaligned(fromByteOffset: index + periodLength, as: SIMD16<UInt8>.self)
            let isBroken = any(bytes .!= later)
            if isBroken {
                broken += 1
                if !isPreviousBroken {
                    stretches += 1
                    if stretches > Self.breakStretchLimit { return false }
                }
                if broken > brokenLimit { return false }
            }
            isPreviousBroken = isBroken
            index += 16
        }
        return broken > 0
    }

    /// Blocks of 16 bytes ``nonzeroCount(_:count:limit:)`` counts between checks against its limit: a dithered row
    /// passes it within its first third (checked every 255 blocks, the whole row was counted).
    static let nonzeroCheckBlocks = 32

    /// The nonzero bytes of the filtered row after its filter byte, counted until there are more than `limit` (then
    /// `limit + 1`). Few nonzero bytes mark an undithered gradient's Sub-filtered row: zlib's short copies suit such
    /// rows, and it codes their long runs of zeros quickly. Counted 16 bytes at a time, checked every
    /// ``nonzeroCheckBlocks`` blocks.
    private func nonzeroCount(_ row: UnsafePointer<UInt8>, count: Int, limit: Int) -> Int {
        var nonzero = 0
        var index = 1
        let raw = UnsafeRawPointer(row)
        let zero = SIMD16<UInt8>(repeating: 0)
        let one = SIMD16<UInt8>(repeating: 1)
        while index + 16 <= count {
            // Each lane counts its nonzero bytes over at most ``nonzeroCheckBlocks`` blocks of 16 (under 256, so no lane
            // wraps), then the lanes are summed.
            var lanes = zero
            let blocksEnd = min(count, index + Self.nonzeroCheckBlocks * 16)
            while index + 16 <= blocksEnd {
                let bytes = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                lanes &+= one.replacing(with: 0, where: bytes .== zero)
                index += 16
            }
            nonzero += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
            if nonzero > limit { return limit + 1 }
        }
        while index < count {
            if row[index] != 0 { nonzero += 1 }
            index += 1
        }
        return min(nonzero, limit + 1)
    }

    /// Matches the Sub-filtered row at the history's current slot and, given the row above, its Up-filtered form;
    /// leaves the cheaper accepted one there with its tokens in the matcher.
    /// `triesUp`: the Sub-filtered row has at most one nonzero byte in ``upFilterZeroShare``, or the rows before it
    /// copied the row directly above (undithered rows, see ``upFilterZeroShare``).
    private func tryMatcher(
        _ row: UnsafePointer<UInt8>, previousRow: UnsafePointer<UInt8>?, count: Int, triesUp: Bool
    ) -> Bool {
        if rowsUntilRetry > 0 {
            rowsUntilRetry -= 1
            return false
        }
        // Only the Sub-filtered match looks up anchors: with them the Up trials chose Up for rows of a dithered 45°
        // ramp that code smaller Sub-filtered (`d3_1080` 87,104 bytes against 61,907).
        if searchesAnchors {
            history.indexAnchors()
        }
        let isUndithered = previousRow != nil && triesUp
        if let previousRow, isUndithered, let preferredAboveFilter, rowsUntilFilterTrial > 0 {
            rowsUntilFilterTrial -= 1
            filterFromAbove(preferredAboveFilter, row, previousRow: previousRow, count: count)
            if matcher.match(
                history, literalBits: RowMatcher.filteredLiteralBits, searchesRowEnd: true,
                searchesRecurrences: !rowsOutreachWindow),
                matcher.estimatedBits * Self.structuredBytesPerBit <= history.rowLength
            {
                backoff = 1
                return true
            }
            RowFilter.sub(row, count: count, bytesPerPixel: bytesPerPixel, output: history.current)
        }
        // Rows too long for deflate's window to hold a dither period of them search anchors, which find the row's
        // recurrences too: on `d3_1080` searching recurrences as well saved 154 bytes (0.25 %) for 4.9 % more
        // instructions.
        let subAccepted =
            matcher.match(
                history, literalBits: RowMatcher.filteredLiteralBits, searchesRowEnd: !triesUp,
                searchesAnchors: searchesAnchors, settlesFullCopies: !isUndithered,
                searchesRecurrences: !isUndithered && !rowsOutreachWindow)
            && matcher.estimatedBits * Self.structuredBytesPerBit <= history.rowLength
        if let previousRow, subAccepted, isUndithered {
            if rowsUntilFilterTrial > 0 {
                rowsUntilFilterTrial -= 1
            } else {
                var bestBits = matcher.estimatedBits
                unfilteredTokens.removeAll(keepingCapacity: true)
                unfilteredTokens.append(contentsOf: matcher.tokens)
                preferredAboveFilter = nil
                for filterType: UInt8 in triesPaeth ? [4, 2] : [2] {
                    filterFromAbove(filterType, row, previousRow: previousRow, count: count)
                    // Paeth, tried first, also wins a tie with Sub (see `filterTrialInterval`).
                    if matcher.match(
                        history, literalBits: RowMatcher.filteredLiteralBits, searchesRowEnd: true,
                        searchesRecurrences: !rowsOutreachWindow),
                        matcher.estimatedBits < bestBits
                            || filterType == PNGFilterType.paeth.rawValue && matcher.estimatedBits == bestBits
                    {
                        bestBits = matcher.estimatedBits
                        preferredAboveFilter = filterType
                        aboveTokens.removeAll(keepingCapacity: true)
                        aboveTokens.append(contentsOf: matcher.tokens)
                    }
                }
                if let preferredAboveFilter {
                    filterFromAbove(preferredAboveFilter, row, previousRow: previousRow, count: count)
                    matcher.replaceTokens(with: aboveTokens)
                } else {
                    RowFilter.sub(row, count: count, bytesPerPixel: bytesPerPixel, output: history.current)
                    matcher.replaceTokens(with: unfilteredTokens)
                }
                rowsUntilFilterTrial = Self.filterTrialInterval - 1
            }
        }
        if subAccepted {
            backoff = 1
            if hasHardEdges == nil && !triesUp {
                hasHardEdges =
                    format.bitDepth == 8 && format.colorType != .indexed
                    && steepCount(history.current, count: history.rowLength) * Self.hardEdgeShare
                        >= history.rowLength
            }
            searchesAnchors = rowsOutreachWindow || hasHardEdges == true
            return true
        }
        rowsUntilRetry = backoff
        backoff = min(backoff * 2, Self.maximumBackoff)
        if backoff >= Self.anchorsBackoff {
            searchesAnchors = false
            history.dropAnchors()
        }
        return false
    }

    /// Notes that a run row now precedes the next general row; its filtered bytes join the history
    /// only if a general row follows, so that the matcher can still copy from it. `pixel` is the
    /// row's pixel, or for a step its difference.
    /// `solidColor` is the row's colour when it is one colour, nil when it repeats the row before.
    func rowCodedElsewhere(_ kind: RunRowKind, pixel: UnsafePointer<UInt8>, solidColor: UnsafePointer<UInt8>?) {
        history.recordRun(kind, pixel: pixel)
        periodRows.skipRow()
        isLatestRowInZlib = false
        if let solidColor {
            for offset in stride(from: 0, to: periodLength, by: bytesPerPixel) {
                (previousPeriod + offset).update(from: solidColor, count: bytesPerPixel)
            }
            isPreviousRowPeriodic = true
        }
    }

    /// Gives the step rows noted since the last general row the filter their block chose.
    func resolvePendingSteps(as stepKind: RunRowKind) {
        history.resolvePendingSteps(as: stepKind)
    }

    /// Rows whose match was replayed from a row some dither periods above.
    var replayedRowCount: Int { periodRows.replayedRowCount }

    /// Whether token-coded rows are waiting to be written: the encoder is inside a run of copy-coded rows.
    var hasPendingTokens: Bool { !tokenBlock.isEmpty }

    /// Rows whose tokens are waiting to be written.
    private(set) var pendingTokenRowCount = 0

    /// Writes any pending token rows.
    func flush(into stream: IDATStream) throws(PNGError) {
        guard !tokenBlock.isEmpty else { return }
        try stream.writeTokenBlock(tokenBlock)
        tokenBlock.removeAll()
        pendingTokenRowCount = 0
    }
}
