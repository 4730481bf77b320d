/// The knobs of libwebp's lossless encoder that change the bytes (never the pixels: every setting is lossless and
/// keeps the colour under transparent pixels).
public struct WebPSettings: Sendable, Hashable {
    /// libwebp's `WebPConfig.method`, 0 (fastest) ... 6 (smallest).
    public var method: Int
    /// libwebp's `WebPConfig.quality`, which in lossless mode is the effort spent on compression, 0 ... 100.
    public var effort: Int

    /// Settings with the given method (0...6) and effort (0...100); out-of-range values are refused by
    /// ``WebPEncoder/encode(pixels:width:height:channels:settings:)``.
    public init(method: Int, effort: Int) {
        self.method = method
        self.effort = effort
    }

    /// The service's settings: method 6, effort 100, the only libwebp setting measured whose median bytes stay at or
    /// below Pillow's lossless WebP default (method 4, quality 80, libwebp 1.6) on every corpus shape — it tries
    /// every transform and entropy configuration, which the ordered dither's 8×8 pattern rewards. On the first 40
    /// presets (`gradient-bench --codec-sweep`, bench/README.md "WebP and AVIF settings"), median bytes against
    /// Pillow's default: h1200 3,840 vs 4,777, d135 6,180 vs 15,654, v390x3 10,231 vs 13,278 (method 4 effort 100
    /// is 13,634 there, method 0 effort 0 16,494); the same bytes as Pillow's method 6 quality 100 within 0.1 %. The
    /// price is time: about 1 s for a 1200×630 card and 5 s at 1920×1080 on one loaded core, 250× the PNG encoder.
    public static let standard = WebPSettings(method: 6, effort: 100)

    /// Everything in these settings that changes the bytes, for cache keys and ETags, e.g.
    /// `lossless m6 q100 exact`.
    public var identity: String { "lossless m\(method) q\(effort) exact" }
}
