import CZlib

/// zlib settings for the sparse rows that open an image (almost every filtered byte zero: undithered gradients),
/// which ``GeneralRowCoder`` sends to zlib until ``GeneralRowCoder/leadingSearchBytes`` have been coded: rows with at
/// most one nonzero byte in ``RowDensity/sparseShare`` (the first row of an undithered horizontal
/// gradient). Later smooth rows go to ``SmoothRowMatcher``, which codes an undithered radial background smaller than
/// zlib at level 9 in under half its time.
///
/// Dithered rows do not come here: zlib's 3-byte chains fill with positions that match for only a few bytes (see
/// ``HashMatcher``).
///
/// Dithered rows through zlib, measured on a whole Sub-filtered 1080p dithered radial gradient, 2 cores:
///
/// | settings                  | bytes   | time    |
/// |---------------------------|---------|---------|
/// | level 6, tune 8/32/258/64 | 592,750 | 131 ms  |
/// | level 6                   | 574,294 | 197 ms  |
/// | level 9                   | 435,655 | 2.4 s   |
/// | ``HashMatcher``           | 483,036 | (about 0.35 G instructions, less than level 6's) |
struct CompressionTuning {
    var level: Int32
    var memoryLevel: Int32
    var strategy: Int32
    /// `deflateTune` parameters; `deflateReset` discards them, so they are set after every reset.
    var goodLength: Int32
    var maximumLazyLength: Int32
    var niceLength: Int32
    var maximumChain: Int32

    /// The settings used by ``PNGEncoder``: zlib's level 9 (chains of 4096) with lazy matching at every length.
    /// Chains of 4096 rather than 512: the flat rows of hard stops, stripes and sectors find their long copies of
    /// the rows above among many short ones, for some CPU time on the opening rows of undithered radial gradients
    /// (measured at output version `png/9`: `git show f8ae6f2:bench/README.md`).
    static let gradient = CompressionTuning(
        level: 9, memoryLevel: 8, strategy: Z_DEFAULT_STRATEGY, goodLength: 32,
        maximumLazyLength: Int32(DeflateLimits.maximumCopyLength), niceLength: Int32(DeflateLimits.maximumCopyLength),
        maximumChain: 4096)

    /// Pillow's settings for `optimize=True` (its ZipEncode.c): level 9 (zlib's own table for it: 32/258/258/4096),
    /// `Z_FILTERED`, memory level 9. ``ReferencePNG`` and images with grain (``PNGEncoderOptions/hasGrain``) use them.
    static let pillow = CompressionTuning(
        level: 9, memoryLevel: 9, strategy: Z_FILTERED, goodLength: 32,
        maximumLazyLength: Int32(DeflateLimits.maximumCopyLength), niceLength: Int32(DeflateLimits.maximumCopyLength),
        maximumChain: 4096)
}
