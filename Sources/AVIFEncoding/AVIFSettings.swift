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

    /// The service's settings at `bitDepth`, chosen by measurement on the preset corpus
    /// (`gradient-bench --codec-sweep`, bench/README.md "WebP and AVIF settings").
    public static func standard(bitDepth: Int) -> AVIFSettings {
        AVIFSettings(quality: 80, speed: 6, bitDepth: bitDepth)
    }

    /// The AV1 quantizer for ``quality``: round((100 − quality) × 63 / 100), 0 (lossless) ... 62.
    public var quantizer: Int { ((100 - quality) * 63 + 50) / 100 }

    /// Everything in these settings and the fixed colour description that changes the bytes, for cache keys and
    /// ETags, e.g. `q80 s6 d10 yuv444 full cicp1/13/6 aom`.
    public var identity: String {
        "q\(quality) s\(speed) d\(bitDepth) yuv\(chroma.rawValue) full cicp1/13/\(AVIFEncoder.matrixCoefficients) "
            + codec.rawValue
    }
}
