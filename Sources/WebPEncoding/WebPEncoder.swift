import CWebP

/// Lossless WebP through the system's libwebp, one frame held in memory, on the calling thread only.
public enum WebPEncoder {
    /// The largest width or height libwebp encodes (`WEBP_MAX_DIMENSION`).
    public static let maximumSide = 16_383

    /// The version of the libwebp encoder loaded at run time, e.g. `1.2.4` (WebPGetEncoderVersion).
    public static let libraryVersion: String = {
        let packed = Int(cwebp_encoder_version())
        return "\(packed >> 16 & 0xFF).\(packed >> 8 & 0xFF).\(packed & 0xFF)"
    }()

    /// Lossless WebP of an 8-bit frame; `channels` 3 (RGB) or 4 (RGBA, straight alpha); rows are tightly packed,
    /// `pixels.count == width*height*channels`. Colour under alpha 0 is preserved (libwebp's `exact`), so decoded
    /// pixels equal the input bit for bit. libwebp runs on the calling thread (`thread_level` 0). With
    /// ``WebPSettings/alternatives`` (and ``WebPSettings/paletteAlternatives`` when the frame holds at most
    /// ``WebPColorCount/paletteLimit`` colours), the frame is encoded once per attempt and the smallest file is
    /// returned.
    public static func encode(
        pixels: UnsafeRawBufferPointer, width: Int, height: Int, channels: Int, settings: WebPSettings,
        iccProfile: [UInt8]? = nil
    ) throws(WebPEncodingError) -> [UInt8] {
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        guard channels == 3 || channels == 4 else { throw .invalidChannels(channels) }
        guard pixels.count == width * height * channels, let base = pixels.baseAddress else {
            throw .pixelCountMismatch(expected: width * height * channels, actual: pixels.count)
        }
        var attempts = [WebPAttempt(method: settings.method, effort: settings.effort)] + settings.alternatives
        if !settings.paletteAlternatives.isEmpty
            && WebPColorCount.fitsPalette(pixels: pixels, pixelCount: width * height, channels: channels)
        {
            attempts += settings.paletteAlternatives
        }
        for attempt in attempts where !(0...6).contains(attempt.method) || !(0...100).contains(attempt.effort) {
            throw .invalidSettings(method: attempt.method, effort: attempt.effort)
        }
        var smallest: [UInt8]?
        for attempt in attempts {
            var output = cwebp_bytes()
            let status = cwebp_encode_lossless(
                base.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), Int32(channels),
                Int32(attempt.method), Int32(attempt.effort), &output)
            defer { cwebp_free(&output) }
            guard status == 0, let bytes = output.bytes else { throw WebPEncodingError(libraryCode: status) }
            if output.count < smallest?.count ?? .max {
                smallest = [UInt8](UnsafeBufferPointer(start: bytes, count: output.count))
            }
        }
        guard let smallest else { return [] }
        guard let iccProfile else { return smallest }
        guard let extended = WebPContainer.embedding(profile: iccProfile, in: smallest) else {
            throw .unexpectedOutput
        }
        return extended
    }

    /// Bytes of memory one encode of this size holds at its peak: the caller's 8-bit frame, libwebp's ARGB copy
    /// and its working buffers (hash chains, histograms, the candidate transforms of each configuration tried) and
    /// the output; an upper bound for the render pool's frame-memory budget.
    ///
    /// Measured as peak RSS growth around rendering plus encoding a 45° three-colour gradient with the standard
    /// settings (`gradient-bench --codec-memory webp`, bench/README.md "WebP and AVIF settings"): 20 MiB at 256×256,
    /// 48 MiB at 1024×1024, 69 MiB at 1920×1080, 122 MiB at 2048×2048, 263 MiB at 3000×3000, 457 MiB at 4096×4096 (RGB;
    /// RGBA measured 10–25 % less). 32 bytes a pixel plus 24 MiB covers every size measured with at least 4 % to
    /// spare. Lower methods and efforts do less work in the same buffers.
    public static func peakMemoryBytes(width: Int, height: Int, channels: Int, settings: WebPSettings) -> Int {
        let pixels = max(width, 0) * max(height, 0)
        return pixels * 32 + (24 << 20)
    }
}
