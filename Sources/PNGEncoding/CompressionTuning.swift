import CZlib

/// zlib settings for rows that ``RunRowBlock`` does not code (Sub-filtered general rows).
///
/// Chosen by measurement on 1920×1080 8-bit RGB synthetic gradients (45° red→lime→blue
/// linear; red→blue circle, farthest corner, centred), release build, sizes of the whole PNG,
/// times for the whole encode on a shared 2-core machine (medians, noisy):
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
/// Level 6 with Sub matches libpng's defaults in size (they give about 65 KB and 136 KB) at
/// a fraction of their time; memLevel 9 and `Z_FILTERED` changed sizes by under 0.5 %.
struct CompressionTuning {
    var level: Int32
    var memoryLevel: Int32
    var strategy: Int32

    /// The settings used by ``PNGEncoder``.
    static let gradient = CompressionTuning(level: 6, memoryLevel: 8, strategy: Z_DEFAULT_STRATEGY)
}
