import CZlib

/// zlib settings for the few irregular rows that open a mostly structured image (the first dither period of a
/// horizontal or diagonal gradient, before rows start repeating), which ``GeneralRowCoder`` sends to zlib for at
/// most ``GeneralRowCoder/leadingZlibBytes``; later irregular rows go to ``HashMatcher``.
///
/// Those rows are few, so a deep search costs little and pays. On 40 presets at 600×200 (horizontal, dithered), bytes
/// against Pillow's `optimize=True` (median, worst) and instructions for a 1200×630 135° card:
///
/// | tune (good, lazy, nice, chain) | 600×200        | 135° card |
/// |--------------------------------|----------------|-----------|
/// | level 6: 8, 16, 128, 128       | 0.94×, 1.01×   | 75 M      |
/// | 32, 258, 258, 512 (used)       | 0.87×, 0.94×   | 82 M      |
/// | level 9: 32, 258, 258, 4096    | 0.86×, 0.94×   | 87 M      |
///
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

    /// The settings used by ``PNGEncoder``: zlib's level 9 with its chains cut to 512.
    static let gradient = CompressionTuning(
        level: 9, memoryLevel: 8, strategy: Z_DEFAULT_STRATEGY, goodLength: 32, maximumLazyLength: 258,
        niceLength: 258, maximumChain: 512)
}
