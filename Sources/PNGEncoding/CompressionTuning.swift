import CZlib

/// zlib settings for the few irregular rows that open a mostly structured image (the first dither period of a
/// horizontal or diagonal gradient, before rows start repeating), which ``GeneralRowCoder`` sends to zlib for at
/// most ``GeneralRowCoder/leadingZlibBytes``; later irregular rows go to ``HashMatcher``.
///
/// Those rows are few, so zlib's exhaustive level-9 search costs little (about 1 ms for 32 KiB of dithered rows)
/// and pays: on the preset corpus at 600×200 (horizontal, dithered), level 9 against level 6 tuned to
/// (8, 32, 258, 64) made the median image 9 % smaller (0.87× instead of 0.96× Pillow's `optimize=True`).
/// Whole images through zlib were measured too, Sub-filtered 1080p dithered radial gradient, 2 cores:
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

    /// The settings used by ``PNGEncoder``: zlib's level 9.
    static let gradient = CompressionTuning(
        level: 9, memoryLevel: 8, strategy: Z_DEFAULT_STRATEGY, goodLength: 32, maximumLazyLength: 258,
        niceLength: 258, maximumChain: 4096)
}
