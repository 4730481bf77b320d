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
    /// Chroma layout; default 4:4:4 (see ``standard(bitDepth:)``).
    public var chroma: AVIFChroma
    /// The AV1 encoder; default ``AVIFCodec/aom`` (see ``standard(bitDepth:)``).
    public var codec: AVIFCodec

    /// Settings with the given quality (1...100), speed (0...10) and depth (8, 10, 12), 4:4:4 chroma and the aom
    /// encoder; out-of-range values are refused by ``AVIFEncoder/encode(samples:width:height:channels:settings:)``.
    public init(quality: Int, speed: Int, bitDepth: Int) {
        self.quality = quality
        self.speed = speed
        self.bitDepth = bitDepth
        chroma = .yuv444
        codec = .aom
    }

    /// The service's settings at `bitDepth`: quality 75, speed 6, 4:4:4, aom — chosen by measurement on the preset
    /// corpus at the five corpus shapes (the undithered 16-bit ramp; `gradient-bench --codec-sweep`, bench/README.md
    /// "WebP and AVIF settings"):
    /// - quality 75 is the smallest whose decoded pixels stay within mean 1.0/255 and max 4/255 of the exact ramp in
    ///   every case measured at both 10 and 12 bits: the first 40 presets at every shape (worst max 3.16/255) and all
    ///   382 presets at the 1920×1080 radial, the hardest shape (worst mean 0.31, max 3.79/255), and at 135° (max
    ///   3.55/255). Quality 70 passes the first 40 presets but misses in 1 (10-bit) and 3 (12-bit) of the 1,910
    ///   cases of the whole corpus (max 4.08 and 4.45/255, all radial); quality 60 misses in 1–2 of the first 200. Median bytes at quality 75,
    ///   10-bit: 641 over the first 200 cases, against 24,606 for the dithered PNG (3,883 against 443,958 radial);
    /// - speed 6 is the knee of bytes against time: at quality 70 speed 4 is 15 % smaller but 5× slower, speed 8 is
    ///   3.5× faster but twice the bytes (median 525 / 616 / 1,204 bytes at speed 4 / 6 / 8);
    /// - 4:4:4 because 4:2:0 saves only 0–15 % on smooth ramps but bleeds chroma across hard stops (max error
    ///   174/255 against 56/255 on a red|blue edge);
    /// - aom because rav1e at the same quality and speed is 4 % larger and 7.6× slower, and SVT-AV1 (4:2:0 only)
    ///   50 % larger.
    public static func standard(bitDepth: Int) -> AVIFSettings {
        AVIFSettings(quality: 75, speed: 6, bitDepth: bitDepth)
    }

    /// The AV1 quantizer for ``quality``: round((100 − quality) × 63 / 100), 0 (lossless) ... 62.
    public var quantizer: Int { ((100 - quality) * 63 + 50) / 100 }

    /// Everything in these settings and the fixed colour description that changes the bytes, for cache keys and
    /// ETags, e.g. `q75 s6 d10 yuv444 full cicp1/13/6 aom intrabc0`.
    public var identity: String {
        "q\(quality) s\(speed) d\(bitDepth) yuv\(chroma.rawValue) full cicp1/13/\(AVIFEncoder.matrixCoefficients) "
            + codec.rawValue + (codec == .aom ? " intrabc0" : "")
    }
}
