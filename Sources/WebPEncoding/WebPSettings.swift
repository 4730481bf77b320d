/// The knobs of libwebp's lossless encoder that change the bytes (never the pixels: every setting is lossless and
/// keeps the colour under transparent pixels).
public struct WebPSettings: Sendable, Hashable {
    /// libwebp's `WebPConfig.method`, 0 (fastest) ... 6 (smallest).
    public var method: Int
    /// libwebp's `WebPConfig.quality`, which in lossless mode is the effort spent on compression, 0 ... 100.
    public var effort: Int
    /// Further method and effort pairs to encode with; the smallest file of all is kept (the first on a tie).
    public var alternatives: [WebPAttempt]

    /// Settings with the given method (0...6) and effort (0...100), and alternatives to try; out-of-range values
    /// are refused by ``WebPEncoder/encode(pixels:width:height:channels:settings:)``.
    public init(method: Int, effort: Int, alternatives: [WebPAttempt] = []) {
        self.method = method
        self.effort = effort
        self.alternatives = alternatives
    }

    /// The service's settings: method 6 effort 100, or method 4 effort 80 when that is smaller.
    ///
    /// Method 6 with effort 100 (libwebp tries every transform and entropy configuration, which the ordered
    /// dither's 8×8 pattern rewards) is the only setting measured whose median bytes stay at or below Pillow's
    /// lossless WebP default (method 4, quality 80, libwebp 1.6) on every corpus shape. On the first 40 presets
    /// (`gradient-bench --codec-sweep`, bench/README.md "WebP and AVIF settings"), median bytes against Pillow's
    /// default: h1200 3,840 vs 4,777, d135 6,180 vs 15,654, v390x3 10,231 vs 13,278 (method 4 effort 100 is 13,634
    /// there, method 0 effort 0 16,494). On plain two-colour ramps along one axis it loses to Pillow's own setting
    /// by up to 9 % (v2_1080 2,782 against 2,562 bytes at method 4 effort 80, h2_1080 1,900 against 1,844, v2_256
    /// 606 against 610), so that setting is tried too, for about 1.3× the time. The price is time: about 1 s for a
    /// 1200×630 card and 5 s at 1920×1080 on one loaded core, 250× the PNG encoder.
    public static let standard = WebPSettings(
        method: 6, effort: 100, alternatives: [WebPAttempt(method: 4, effort: 80)])

    /// Everything in these settings that changes the bytes, for cache keys and ETags, e.g.
    /// `lossless m6 q100 exact` or `lossless m6 q100 or m4 q80 exact`.
    public var identity: String {
        "lossless m\(method) q\(effort)" + alternatives.map { " or m\($0.method) q\($0.effort)" }.joined() + " exact"
    }
}

/// One more method and effort for ``WebPSettings/alternatives``.
public struct WebPAttempt: Sendable, Hashable {
    /// libwebp's `WebPConfig.method`, 0 ... 6.
    public var method: Int
    /// libwebp's lossless effort (`WebPConfig.quality`), 0 ... 100.
    public var effort: Int

    /// An attempt with the given method and effort.
    public init(method: Int, effort: Int) {
        self.method = method
        self.effort = effort
    }
}
