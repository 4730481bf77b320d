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

    /// The service's settings, chosen by measurement (`gradient-bench --codec-sweep`, bench/README.md "WebP and
    /// AVIF settings").
    public static let standard = WebPSettings(method: 6, effort: 100)

    /// Everything in these settings that changes the bytes, for cache keys and ETags, e.g.
    /// `lossless m6 q100 exact`.
    public var identity: String { "lossless m\(method) q\(effort) exact" }
}
