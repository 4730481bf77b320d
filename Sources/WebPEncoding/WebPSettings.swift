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

    /// The service's settings: the smallest of method 6 effort 100, method 2 effort 100 and method 1 effort 100.
    ///
    /// Method 6 with effort 100 (libwebp tries every transform and entropy configuration, which the ordered
    /// dither's 8×8 pattern rewards) is the only single setting measured whose median bytes stay at or below
    /// Pillow's lossless WebP default (method 4, quality 80, libwebp 1.6) on every corpus shape. On the first 40
    /// presets (`gradient-bench --codec-sweep`, bench/README.md "WebP and AVIF settings"), median bytes against
    /// Pillow's default: h1200 3,840 vs 4,777, d135 6,180 vs 15,654, v390x3 10,231 vs 13,278 (method 4 effort 100
    /// is 13,634 there, method 0 effort 0 16,494). On plain two-colour ramps along one axis it loses to Pillow by up
    /// to 9 %: v2_1080 2,782 bytes against Pillow's 2,560, h2_1080 1,900 against 1,842, v2_256 606 against 594.
    /// There the fast methods win (method 2: 2,612 / 1,840 / 482; method 1: 2,318 / 1,896 / 508; method 4 effort 80,
    /// Pillow's setting on this libwebp 1.2.4: 2,562 / 1,844 / 610), so methods 2 and 1 are tried too, for about
    /// 1.5× the time. The price is time: about 0.5 s for a 1200×630 card and 5 s at 1920×1080 on one loaded core.
    public static let standard = WebPSettings(
        method: 6, effort: 100,
        alternatives: [WebPAttempt(method: 2, effort: 100), WebPAttempt(method: 1, effort: 100)])

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
