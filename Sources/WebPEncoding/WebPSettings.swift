/// The knobs of libwebp's lossless encoder that change the bytes (never the pixels: every setting is lossless and
/// keeps the colour under transparent pixels).
public struct WebPSettings: Sendable, Hashable {
    /// libwebp's `WebPConfig.method`, 0 (fastest) ... 6 (smallest).
    public var method: Int
    /// libwebp's `WebPConfig.quality`, which in lossless mode is the effort spent on compression, 0 ... 100.
    public var effort: Int
    /// Further method and effort pairs to encode with; the smallest file of all is kept (the first on a tie).
    public var alternatives: [WebPAttempt]
    /// Method and effort pairs encoded with as well when the frame holds at most
    /// ``WebPColorCount/paletteLimit`` distinct colours (libwebp then codes it with a palette, where its higher
    /// methods find far more than method 0); the smallest file of all is kept.
    public var paletteAlternatives: [WebPAttempt]

    /// Settings with the given method (0...6) and effort (0...100), and alternatives to try; out-of-range values
    /// are refused by ``WebPEncoder/encode(pixels:width:height:channels:settings:)``.
    public init(
        method: Int, effort: Int, alternatives: [WebPAttempt] = [], paletteAlternatives: [WebPAttempt] = []
    ) {
        self.method = method
        self.effort = effort
        self.alternatives = alternatives
        self.paletteAlternatives = paletteAlternatives
    }

    /// The exhaustive search, `compression=smallest`: the smallest of method 6 effort 100, method 2 effort 100
    /// and method 1 effort 100.
    ///
    /// Method 6 with effort 100 (libwebp tries every transform and entropy configuration, which the ordered
    /// dither's 8×8 pattern rewards) is the only single setting measured whose median bytes stay at or below
    /// Pillow's lossless WebP default (method 4, quality 80, libwebp 1.6) on every corpus shape. On the first 40
    /// presets (`gradient-bench --codec-sweep`, bench/README.md "WebP and AVIF settings"), median bytes against
    /// Pillow's default: h1200 3,840 vs 4,777, d135 6,180 vs 15,654, v390x3 10,231 vs 13,278 (method 4 effort 100
    /// is 13,634 there, method 0 effort 0 16,494). On plain two-colour ramps along one axis it loses to Pillow by up
    /// to 9 %: v2_1080 2,782 bytes against Pillow's 2,560, h2_1080 1,900 against 1,842, v2_256 606 against 594.
    /// There the fast methods win (method 2: 2,612 / 1,840 / 482; method 1: 2,318 / 1,896 / 508), so methods 2 and 1
    /// are tried too. The price is time, about 0.6–1 s of CPU for a 1200×630 card and 10 s at 1920×1080
    /// (`gradient-bench --webp-speed`, bench/README.md "WebP at interactive speed").
    public static let smallest = WebPSettings(
        method: 6, effort: 100,
        alternatives: [WebPAttempt(method: 2, effort: 100), WebPAttempt(method: 1, effort: 100)])

    /// The largest frame, in pixels, for which ``fast(pixelCount:)`` also tries method 1 effort 100.
    public static let fastAlternativePixelLimit = 262_144

    /// The smallest frame, in pixels, on which ``fast(pixelCount:)`` tries method 1 effort 100 when the frame holds
    /// at most ``WebPColorCount/paletteLimit`` colours (larger than a 1200×630 card, which stays within 100 ms).
    public static let fastPaletteAlternativePixelMinimum = 1_048_576

    /// The default settings for a frame of `pixelCount` pixels: method 0 effort 100, and also method 1 effort 100
    /// up to ``fastAlternativePixelLimit`` pixels or, from ``fastPaletteAlternativePixelMinimum`` pixels, when the
    /// frame holds at most ``WebPColorCount/paletteLimit`` colours; the smaller file kept.
    ///
    /// Method 0 (libwebp's low-effort path: subtract-green with one fixed predictor, or a palette) is the only
    /// setting measured that encodes a 1200×630 card within 100 ms of one core: about 15 ms, where methods 1–5
    /// take 140–300 ms and the exhaustive search 0.6–1 s. On dithered frames with more than 256 colours it is often
    /// smaller than ``smallest``; on palette frames (256 colours or fewer) and radial backgrounds it is larger
    /// (bench/README.md "WebP at interactive speed"). Method 1 effort 100 takes about 0.2 µs a pixel (about 25 ms
    /// at 600×200) and wins on many small palette frames, so it is tried below the limit. On a larger palette
    /// frame method 0 can be ten times method 1's bytes (a 159-colour 1170×2532 splash: 81,634 against 8,130
    /// bytes), so method 1 is tried there too, for about half a second at that size. On palette cards method 1
    /// would cost 150–210 ms for 0.75–0.95× method 0's bytes, so cards keep method 0 alone.
    public static func fast(pixelCount: Int) -> WebPSettings {
        let methodOne = [WebPAttempt(method: 1, effort: 100)]
        if pixelCount <= fastAlternativePixelLimit {
            return WebPSettings(method: 0, effort: 100, alternatives: methodOne)
        }
        if pixelCount >= fastPaletteAlternativePixelMinimum {
            return WebPSettings(method: 0, effort: 100, paletteAlternatives: methodOne)
        }
        return WebPSettings(method: 0, effort: 100)
    }

    /// The highest effort any attempt spends on a frame with film grain (`grain` above 0).
    ///
    /// Grain is noise that no transform or longer match search compresses, so libwebp's effort buys nothing there
    /// and its time grows about tenfold from effort 50 to 100 (every LZ77 search runs to its iteration limit):
    /// a 2048×2048 radial with `grain=1` costs 15.6 s at method 6 effort 100 and 1.3 s at effort 50, for the same
    /// bytes within 0.1 % (bench/README.md "WebP on grain"). Capping it keeps the slowest whole-frame encode, a
    /// 4096×4096 grain frame, within seconds.
    public static let grainEffortLimit = 50

    /// These settings with every attempt's effort at most `limit` (attempts that become equal are kept once).
    public func cappingEffort(at limit: Int) -> WebPSettings {
        func capped(_ attempts: [WebPAttempt]) -> [WebPAttempt] {
            var seen: Set<WebPAttempt> = [WebPAttempt(method: method, effort: min(effort, limit))]
            return attempts.map { WebPAttempt(method: $0.method, effort: min($0.effort, limit)) }
                .filter { seen.insert($0).inserted }
        }
        return WebPSettings(
            method: method, effort: min(effort, limit), alternatives: capped(alternatives),
            paletteAlternatives: capped(paletteAlternatives))
    }

    /// Everything in these settings that changes the bytes, for cache keys and ETags, e.g.
    /// `lossless m6 q100 exact` or `lossless m6 q100 or m4 q80 exact`.
    public var identity: String {
        let palette = paletteAlternatives.map { " or m\($0.method) q\($0.effort)" }.joined()
        return "lossless m\(method) q\(effort)" + alternatives.map { " or m\($0.method) q\($0.effort)" }.joined()
            + (palette.isEmpty ? "" : palette + " at most \(WebPColorCount.paletteLimit) colours") + " exact"
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
