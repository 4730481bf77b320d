/// What a general row is, as ``GeneralRowCoder`` sees it: each kind has one coder, and
/// ``GeneralRowCoder/classify(_:previousRow:)`` decides the kind in one place, in the order of the cases below (the
/// first that holds wins). The shares that separate the kinds are ``RowDensity``'s; why each has its value is in
/// docs/png-encoder.md ("Row kinds").
enum RowKind {
    /// The row, the rows it may copy from and the coder's state repeat those of the row a dither period above: its
    /// match is replayed (``PeriodRowReplay``).
    case replayed(PeriodRowReplay.Entry)
    /// The raw row repeats every dither period along (a vertical gradient's row): a period of literals and copies,
    /// then copies a period back.
    case periodic
    /// Runs of one colour between a few hard edges (``RowDensity/isFlat``): zlib, unfiltered.
    case flat
    /// The raw row repeats a few dither periods on, or one period on but for a few stretches (a grid or a bar drawn
    /// over a vertical ramp): zlib, unfiltered, with ``GeneralRowCoder/repeatingRowChain``.
    case periodsWithFewBreaks
    /// The structural matcher (``RowMatcher``) codes the row in under one bit per
    /// ``GeneralRowCoder/structuredBytesPerBit`` bytes; its tokens are in the matcher. `before` is the state the match
    /// started from, recorded for replay when rows repeat a period above.
    case structured(before: PeriodRowReplay.State?)
    /// Sparse but not smooth, at least half its nonzero bytes steep (hard edges between runs of one colour, too many
    /// for a flat row): zlib, unfiltered, with ``GeneralRowCoder/hardEdgeChain``.
    case hardEdged
    /// Sparse, among the rows that open the image (``GeneralRowCoder/leadingSearchBytes``): zlib, Sub-filtered.
    case leadingSparse
    /// Smooth (``RowDensity/isSmooth``): ``SmoothRowMatcher``.
    case smooth
    /// A sparse RGBA row that is none of the above: zlib, Sub-filtered, with
    /// ``GeneralRowCoder/sparseTranslucentRowChain``; after an ``irregular(isSparse:)`` row it is one too, so that the
    /// token block goes on instead of two coder switches around one row.
    case sparseTranslucent
    /// A dense palette row after a busy one: zlib, Sub-filtered, with ``GeneralRowCoder/busyPaletteRowChain``.
    case busyPalette
    /// Anything else: ``HashMatcher``, Sub- or Average-filtered.
    case irregular(isSparse: Bool)

    /// Whether this is ``irregular(isSparse:)``.
    var isIrregular: Bool {
        if case .irregular = self { return true }
        return false
    }

    /// Whether this is ``periodic``.
    var isPeriodic: Bool {
        if case .periodic = self { return true }
        return false
    }
}

/// How many of a Sub-filtered row's bytes after its filter byte are nonzero, read against the shares that separate
/// row kinds: an undithered gradient's Sub-filtered row is mostly zeros, a dithered one is not.
struct RowDensity {
    /// A row with at most one nonzero byte in this many is flat (``RowKind/flat``).
    static let flatShare = 64
    /// A row with at most one nonzero byte in this many is smooth (``RowKind/smooth``).
    static let smoothShare = 20
    /// A row with at most one nonzero byte in this many is sparse: undithered.
    static let sparseShare = 8
    /// A row with at most one nonzero byte in this many is also tried filtered from the row above by the structural
    /// matcher.
    static let upTrialShare = 6

    /// The nonzero bytes, counted up to one more than the ``upTrialShare`` limit.
    let nonzero: Int
    let rowLength: Int

    /// Counts the nonzero bytes of the filtered row at `row` (`rowLength` bytes with the filter byte).
    init(_ row: UnsafePointer<UInt8>, rowLength: Int) {
        self.rowLength = rowLength
        nonzero = RowScan.nonzeroCount(row, count: rowLength, limit: rowLength / Self.upTrialShare)
    }

    var isFlat: Bool { nonzero <= rowLength / Self.flatShare }
    var isSmooth: Bool { nonzero <= rowLength / Self.smoothShare }
    var isSparse: Bool { nonzero <= rowLength / Self.sparseShare }
    var triesUp: Bool { nonzero <= rowLength / Self.upTrialShare }
}
