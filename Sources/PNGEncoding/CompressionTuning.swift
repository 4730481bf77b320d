import CZlib

/// zlib settings for Sub-filtered general rows that neither ``RunRowBlock`` nor ``RowMatcher``
/// codes.
///
/// Chosen by measurement on 1920×1080 8-bit RGB synthetic gradients (45° red→lime→blue
/// linear; red→blue circle, farthest corner, centred), release build, sizes of the whole PNG,
/// times for the whole encode on a shared 2-core machine (medians, noisy), with every general
/// row going through zlib (before ``RowMatcher`` took the 45° rows):
///
/// | level | filter            | 45° linear        | radial             |
/// |-------|-------------------|-------------------|--------------------|
/// | 1     | Sub/Up/Paeth min  | 142 KB, 24 ms     | 252 KB, 25–31 ms   |
/// | 1     | Sub               | 137 KB, 19 ms     | 217 KB, 23 ms      |
/// | 3     | Sub               | 91 KB, 15–19 ms   | 200 KB, 23 ms      |
/// | 5     | Sub               | 92 KB, 17 ms      | 156 KB, 20 ms      |
/// | 6     | Sub               | 71 KB, 20–21 ms   | 113 KB, 29–31 ms   |
/// | 6     | Sub/Up/Paeth min  | 71 KB, 66 ms      | 136 KB, 100 ms     |
/// | 6     | None              | 46 KB, 21–24 ms   | 149 KB, 31–36 ms   |
/// | 7     | Sub               | 59 KB, 37–39 ms   | 107 KB, 69–74 ms   |
/// | 9     | None              | 44 KB, 18 ms      | 148 KB, 42–59 ms   |
///
/// memLevel 9 and `Z_FILTERED` changed sizes by under 0.5 %. Level 6 with Sub, then adjusted
/// with `deflateTune` (good, lazy, nice, chain; level 6 itself is 8, 16, 128, 128), medians of
/// 3 × 15 runs:
///
/// | tune            | 45° linear        | radial             |
/// |-----------------|-------------------|--------------------|
/// | 8, 16, 128, 128 | 71.2 KB, 18.9 ms  | 112.6 KB, 27.3 ms  |
/// | 8, 32, 258, 64  | 64.4 KB, 17.8 ms  | 118.1 KB, 24.4 ms  |
/// | 8, 32, 258, 32  | 65.6 KB, 16.4 ms  | 130.5 KB, 21.0 ms  |
/// | 8, 64, 258, 32  | 65.9 KB, 16.9 ms  | 126.7 KB, 21.0 ms  |
///
/// 8, 32, 258, 64 is used: both sizes below libpng's defaults (about 65 KB and 136 KB, which
/// take several times longer), at a small saving in time. zlib's own work dominates the time
/// (about 80 % in a profile); Adler-32 and filtering take most of the rest.
struct CompressionTuning {
    var level: Int32
    var memoryLevel: Int32
    var strategy: Int32
    /// `deflateTune` parameters; `deflateReset` discards them, so they are set after every reset.
    var goodLength: Int32
    var maximumLazyLength: Int32
    var niceLength: Int32
    var maximumChain: Int32

    /// The settings used by ``PNGEncoder``.
    static let gradient = CompressionTuning(
        level: 6, memoryLevel: 8, strategy: Z_DEFAULT_STRATEGY, goodLength: 8, maximumLazyLength: 32,
        niceLength: 258, maximumChain: 64)
}
