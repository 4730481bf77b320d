import Glibc

/// Codes rows that are neither repeated nor solid. Each row is classified (``classify(_:previousRow:)``, one
/// ``RowKind`` per coder) and coded by its kind's coder: the structural matcher (``RowMatcher``) for rows that copy
/// rows before them, ``SmoothRowMatcher`` for smooth undithered rows, ``HashMatcher`` for irregular ones, zlib for the
/// kinds its 3-byte chains code better; copies and literals gather in a ``TokenBlock``. The filter is Sub, except for
/// periodic rows (unfiltered, or Up-filtered after a periodic row), rows the structural matcher codes from the row
/// above (Up or Paeth) and repeated RGBA rows beyond the window (Average). Why each kind goes where it goes:
/// docs/png-encoder.md ("Row kinds").
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
    /// The tokens of the latest row ``HashMatcher`` or ``SmoothRowMatcher`` coded.
    private var matchTokens: [UInt32] = []
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
    /// irregular rows that open a mostly structured image are most of its bytes.
    static let leadingSearchBytes = 32768
    /// Rows tried from the row above keep the filter that won the latest trial (Sub, Up, or Paeth when undithered) for
    /// this many rows.
    static let filterTrialInterval = 8
    /// The filter from the row above that won the latest trial (2, Up, or 4, Paeth); nil when Sub won.
    private var preferredAboveFilter: UInt8?
    /// Whether the trial tries Paeth too (``PNGEncoderOptions/undithered``).
    private let triesPaeth: Bool
    /// Whether Sub-filtered rows are also matched against the history's anchors (``AnchorIndex``): in images whose rows
    /// are too long for deflate's window to hold a dither period of them, or that have hard edges (``hardEdgeShare``),
    /// until the structural matcher refuses rows ``anchorsBackoff`` times in a row.
    private var searchesAnchors = false
    static let anchorsBackoff = 4
    /// Whether deflate's window holds fewer rows than a dither period: the rows anchors are kept for.
    private var rowsOutreachWindow: Bool { history.depth < RowMatcher.ditherPeriod }
    /// A dithered 8-bit RGB or RGBA image whose first dense structured row has at least one steep byte
    /// (``RowScan/steepCount(_:count:)``) in this many has hard edges (repeating restarts, hard stops), and its rows
    /// search anchors whatever their width.
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
    /// irregular row is searched with ``HashMatcher/Search/busyRows``.
    static let busyRowLiteralShare = 32
    /// zlib's chain limit for ``RowKind/hardEdged`` rows, a quarter of level 9's: their runs are shorter than zlib's
    /// good-enough length, so it walks whole chains.
    static let hardEdgeChain: Int32 = 1024
    /// zlib's chain limit for ``RowKind/busyPalette`` rows, whose Sub-filtered indices repeat in pieces of 3 to 20
    /// bytes, shorter than ``HashMatcher``'s keys.
    static let busyPaletteRowChain: Int32 = 128
    /// zlib's chain limit for ``RowKind/sparseTranslucent`` rows, whose copies are pieces of 3 to 8 bytes, shorter than
    /// ``HashMatcher``'s keys.
    static let sparseTranslucentRowChain: Int32 = 256
    /// Whether the row before was ``RowKind/irregular(isSparse:)``: a sparse translucent row after it joins its tokens.
    private var isPreviousRowIrregular = false
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
        previousPeriod.deallocate()
    }

    /// Codes `row` (raw pixels). Any pending run rows must already be written.
    /// `previousRow` is the raw row before, when the encoder kept it (not after a solid row).
    func encode(
        _ row: UnsafePointer<UInt8>, previousRow: UnsafePointer<UInt8>?, into stream: IDATStream
    ) throws(PNGError) {
        history.materializePendingRuns()
        isLatestRowInZlib = false
        periodRows.beginRow(row)
        matcher.continuedDistance = tokenBlock.trailingCopyDistance
        let kind = classify(row, previousRow: previousRow)
        let count = history.rowLength - 1
        let currentBytes = UnsafeRawBufferPointer(start: history.current, count: history.rowLength)
        switch kind {
        case .replayed(let entry):
            matcher.restore(
                entry.matcherAfter, tokens: entry.tokens, estimatedBits: entry.estimatedBits,
                literalCount: entry.literalCount)
            trialState = entry.trialAfter
            periodRows.noteReplayed(entry)
            try appendTokenRow(matcher.tokens, currentBytes, checksum: entry.checksum, into: stream)
        case .periodic:
            periodIndex?.insert(history.current, streamOffset: history.currentStreamOffset)
            previousPeriod.update(from: row, count: periodLength)
            try appendTokenRow(matcher.tokens, currentBytes, period: periodLength, into: stream)
        case .flat:
            try writeUnfilteredToZlib(row, count: count, into: stream)
        case .periodsWithFewBreaks:
            try writeUnfilteredToZlib(row, count: count, maximumChain: Self.repeatingRowChain, into: stream)
        case .structured(let before):
            if history.rowCount == 0 {
                // The image's first row has no row above: the structural matcher's copies are within the row, at the
                // distances its samples rank, where zlib level 9's chains find longer ones. The match still sets the
                // state later rows start from.
                try writeFilteredToZlib(into: stream)
            } else {
                let checksum = try appendTokenRow(matcher.tokens, currentBytes, period: nil, into: stream)
                if let before {
                    periodRows.record(
                        before: before, matcher: matcher, filterType: history.current[0], trialAfter: trialState,
                        checksum: checksum)
                }
            }
        case .hardEdged:
            try writeUnfilteredToZlib(row, count: count, maximumChain: Self.hardEdgeChain, into: stream)
        case .leadingSparse:
            leadingBytesRemaining -= history.rowLength
            try writeFilteredToZlib(into: stream)
        case .smooth:
            if smoothRows == nil {
                smoothRows = SmoothRowMatcher(format: format)
            }
            smoothRows!.code(
                history, into: &matchTokens, literalBits: RowMatcher.filteredLiteralBits,
                copyBits: RowMatcher.copyBitsEstimate)
            try appendTokenRow(matchTokens, currentBytes, period: nil, into: stream)
        case .sparseTranslucent:
            try writeFilteredToZlib(maximumChain: Self.sparseTranslucentRowChain, into: stream)
        case .busyPalette:
            leadingBytesRemaining -= history.rowLength
            try writeFilteredToZlib(maximumChain: Self.busyPaletteRowChain, into: stream)
        case .irregular(let isSparse):
            if let previousRow, averagesRepeatedRow(row, previousRow: previousRow, count: count) {
                RowFilter.average(
                    row, previous: previousRow, count: count, bytesPerPixel: bytesPerPixel, output: history.current)
            }
            try codeIrregularRow(currentBytes, isSparse: isSparse, into: stream)
        }
        periodRows.endRow(row, filterType: history.current[0])
        isPreviousRowPeriodic = kind.isPeriodic
        isPreviousRowIrregular = kind.isIrregular
        history.commitCurrent()
    }

    /// The kind of `row` (raw pixels), with the row filtered as its kind is coded in the history's current slot, and
    /// for ``RowKind/periodic`` and ``RowKind/structured(before:)`` its tokens in the matcher. The cases are tried in
    /// ``RowKind``'s order.
    private func classify(_ row: UnsafePointer<UInt8>, previousRow: UnsafePointer<UInt8>?) -> RowKind {
        let current = history.current
        let rowLength = history.rowLength
        let count = rowLength - 1
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
            return .replayed(entry)
        }
        if count > periodLength && memcmp(row, row + periodLength, count - periodLength) == 0 {
            matchPeriodic(row, count: count)
            return .periodic
        }
        RowFilter.sub(row, count: count, bytesPerPixel: bytesPerPixel, output: current)
        let density = RowDensity(current, rowLength: rowLength)
        if density.isFlat { return .flat }
        if RowScan.repeatsPeriodsWithFewBreaks(row, count: count, periodLength: periodLength) {
            return .periodsWithFewBreaks
        }
        let before = periodRows.isWatching ? matchState(hasPreviousRow: previousRow != nil) : nil
        if tryMatcher(row, previousRow: previousRow, count: count, triesUp: density.triesUp || matcher.copiesRowAbove) {
            return .structured(before: before)
        }
        let isLeading = leadingBytesRemaining > 0
        if density.isSparse && !density.isSmooth && !isLeading
            && RowScan.steepCount(current, count: rowLength) * 2 >= density.nonzero
        {
            return .hardEdged
        }
        if density.isSparse && isLeading { return .leadingSparse }
        if density.isSmooth { return .smooth }
        if format.colorType == .rgba && density.isSparse {
            return isPreviousRowIrregular ? .irregular(isSparse: true) : .sparseTranslucent
        }
        if format.colorType == .indexed && !density.triesUp && isLatestIrregularRowBusy { return .busyPalette }
        return .irregular(isSparse: density.isSparse)
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
        if hashMatcher == nil {
            hashMatcher = HashMatcher(format: format, search: search)
        }
        hashMatcher!.search = search
        let literals = hashMatcher!.code(
            history, into: &matchTokens, literalBits: RowMatcher.filteredLiteralBits,
            copyBits: RowMatcher.copyBitsEstimate)
        isLatestIrregularRowBusy = literals * Self.busyRowLiteralShare > rowLength
        try appendTokenRow(matchTokens, currentBytes, period: nil, into: stream)
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
    /// ``upFilterLiteralShare`` of their first periods' bytes found no copy, each later periodic row after a periodic
    /// row is Up-filtered.
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

    /// zlib's chain limit for ``RowKind/periodsWithFewBreaks`` rows: on a hairline over a ramp, 64 gave 13,779 bytes,
    /// 1,024 13,955 and 4,096 13,933, each slower.
    static let repeatingRowChain: Int32 = 64

    /// Matches the Sub-filtered row at the history's current slot and, given the row above, its Up-filtered form;
    /// leaves the cheaper accepted one there with its tokens in the matcher.
    /// `triesUp`: the Sub-filtered row has at most one nonzero byte in ``RowDensity/upTrialShare``, or the rows
    /// before it copied the row directly above (undithered rows).
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
                    && RowScan.steepCount(history.current, count: history.rowLength) * Self.hardEdgeShare
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
        isPreviousRowIrregular = false
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
