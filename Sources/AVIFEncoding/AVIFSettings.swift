/// Everything about an AVIF encode that changes its bytes.
///
/// Colour is always written full range with CICP primaries 1 (BT.709/sRGB), transfer 13 (sRGB) and matrix
/// ``AVIFEncoder/matrixCoefficients``, so that browsers decode the colours as sRGB.
public struct AVIFSettings: Sendable, Hashable {
    /// 1 (smallest) ... 100 (lossless). libavif 0.11 has no quality field, so it maps to the AV1 quantizer
    /// ``quantizer`` = round((100 − quality) × 63 / 100), used as both the minimum and the maximum quantizer of
    /// colour and of alpha.
    public var quality: Int
    /// libavif's speed, 0 (slowest, smallest) ... 10 (fastest).
    public var speed: Int
    /// Bits per sample in the file: 8, 10 or 12.
    public var bitDepth: Int
    /// Chroma layout; the standard settings use 4:2:0 (see ``standard(bitDepth:)``).
    public var chroma: AVIFChroma
    /// The AV1 encoder; default ``AVIFCodec/aom`` (see ``standard(bitDepth:)``).
    public var codec: AVIFCodec

    /// Settings with the given quality (1...100), speed (0...10), depth (8, 10, 12) and chroma layout, and the aom
    /// encoder; out-of-range values are refused by ``AVIFEncoder/encode(samples:width:height:channels:settings:)``.
    public init(quality: Int, speed: Int, bitDepth: Int, chroma: AVIFChroma = .yuv444) {
        self.quality = quality
        self.speed = speed
        self.bitDepth = bitDepth
        self.chroma = chroma
        codec = .aom
    }

    /// The service's settings at `bitDepth`: 4:2:0, speed 6, aom, quality 85 — chosen by measurement on the corpus
    /// (the undithered 16-bit ramp; `gradient-bench --codec-sweep`, bench/README.md "WebP and AVIF settings"):
    /// - 4:2:0 because it is what keeps one 4096×4096 encode within the frame-memory budget: its peak resident set
    ///   is 371 MB against 628 MB at 4:4:4 (libaom's frame buffers follow the chroma planes), and 16 concurrent
    ///   4096×4096 misses must stay within the cache and frame budgets plus 64 MiB. It is also 1.5× faster. The
    ///   cost is at hard stops, where chroma bleeds across the edge (max error 175/255 against 39/255 at 4:4:4 on a
    ///   red|blue edge): crisp stripes want `format=webp` or `png`, which are lossless;
    /// - quality 85 is the smallest that keeps every case within mean 1.0/255 and max 4/255 of the exact ramp at
    ///   4:2:0 on all 382 presets at 135° 1200×630 and radial 1920×1080, the two shapes where lower qualities miss
    ///   (worst mean 0.25/255, worst max 3.92/255 at 10 bits, 3.45/255 at 12), and on the first 40 presets at the
    ///   other three shapes; quality 80 misses in 4 of those 764 cases at 10 bits (max 5.26/255), 75 and 70 miss
    ///   on the first 40 presets already. Median 1,466 bytes at 135° 1200×630 against 24,328 for the dithered PNG;
    /// - speed 6 is the knee of bytes against time: at quality 70 speed 4 is 15 % smaller but 5× slower, speed 8 is
    ///   3.5× faster but twice the bytes (median 525 / 616 / 1,204 bytes at speed 4 / 6 / 8, 4:4:4);
    /// - aom because rav1e at the same quality and speed is 4 % larger and 7.6× slower, and SVT-AV1 50 % larger.
    public static func standard(bitDepth: Int) -> AVIFSettings {
        AVIFSettings(quality: 85, speed: 6, bitDepth: bitDepth, chroma: .yuv420)
    }

    /// The AV1 quantizer for ``quality``: round((100 − quality) × 63 / 100), 0 (lossless) ... 62.
    public var quantizer: Int { ((100 - quality) * 63 + 50) / 100 }

    /// Everything in these settings and the fixed colour description that changes the bytes, for cache keys and
    /// ETags, e.g. `q85 s6 d10 yuv420 full cicp1/13/6 aom intrabc0`.
    public var identity: String {
        "q\(quality) s\(speed) d\(bitDepth) yuv\(chroma.rawValue) full cicp1/13/\(AVIFEncoder.matrixCoefficients) "
            + codec.rawValue + (codec == .aom ? " intrabc0" : "")
    }
}
