import CAVIF

/// AVIF still images through the system's libavif, one frame held in memory, on the calling thread only.
///
/// Fixed choices (part of every ``AVIFSettings/identity``): full-range YUV; CICP colour primaries 1 (BT.709, the sRGB
/// primaries), transfer characteristics 13 (sRGB) and matrix coefficients ``matrixCoefficients`` written into the
/// file; straight (not premultiplied) alpha in an alpha plane when there are 4 channels; a single image
/// (`AVIF_ADD_IMAGE_FLAG_SINGLE`); `maxThreads` 1, because the service's render pool owns the cores.
public enum AVIFEncoder {
    /// The largest width or height accepted (the API's output limit per side).
    public static let maximumSide = 16_384

    /// CICP matrix coefficients written into every file: 6, BT.601 (libavif's default, read by every decoder).
    public static let matrixCoefficients = 6

    /// libavif's version and the standard AV1 encoder's name and version, e.g. `libavif 0.11.1 aom 3.6.0`.
    public static let libraryVersion: String = {
        let codec = AVIFSettings.standard(bitDepth: 10).codec
        return "libavif \(String(cString: cavif_library_version())) \(codec.rawValue) \(codecVersion(codec))"
    }()

    /// The version libavif reports for `codec` (from avifCodecVersions), or `unavailable`.
    public static func codecVersion(_ codec: AVIFCodec) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        buffer.withUnsafeMutableBufferPointer { cavif_codec_versions($0.baseAddress) }
        let list = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        for entry in list.split(separator: ",") {
            let trimmed = entry.drop { $0 == " " }
            guard trimmed.hasPrefix(codec.rawValue + " "), let colon = trimmed.lastIndex(of: ":") else { continue }
            let version = trimmed[trimmed.index(after: colon)...]
            return String(version.hasPrefix("v") ? version.dropFirst() : version)
        }
        return "unavailable"
    }

    /// Encodes a frame of 16-bit channel samples (native-endian UInt16, 0...65535 full scale, straight alpha),
    /// `channels` 3 or 4, tightly packed, converting them to `settings.bitDepth` bits (rounded:
    /// `(v × (2^d − 1) + 32767) / 65535`). For bitDepth 8 the samples are 8-bit values stored in UInt16 (0...255,
    /// larger values clamped to 255), so an 8-bit (for example dithered) frame passes through unchanged.
    public static func encode(
        samples: UnsafeBufferPointer<UInt16>, width: Int, height: Int, channels: Int, settings: AVIFSettings
    ) throws(AVIFEncodingError) -> [UInt8] {
        let encoder = try AVIFFrameEncoder(width: width, height: height, channels: channels, settings: settings)
        guard samples.count == width * height * channels else {
            throw .sampleCountMismatch(expected: width * height * channels, actual: samples.count)
        }
        try encoder.write(rows: samples, at: 0)
        return try encoder.encode()
    }

    /// Bytes of memory one encode of this size holds at its peak: the YUV and alpha planes of
    /// ``AVIFFrameEncoder`` (filled a band at a time, so no frame of samples is held), and libaom's state (its frame
    /// buffers with borders, reconstruction and per-block search data); an upper bound for the render pool's
    /// frame-memory budget.
    ///
    /// Measured as the peak resident set growth of one render and encode through the product's path
    /// (`gradient-bench --codec-memory avif --query …`), aom at speed 6:
    /// - 4:2:0 (the standard settings): 8 MB at 256×256, 36 MB at 1024×1024 RGBA, 54 MB at 1920×1080, 211 MB at
    ///   3000×3000 12-bit, 359 MB at 4096×4096 RGBA (21–35 bytes a pixel above 1 megapixel), covered by 26 bytes a
    ///   pixel plus 12 MiB with at least 9 % to spare;
    /// - 4:4:4 (`gradient render`'s peak less a 1×1 render's): 38 MB at 1024×1024 RGBA, 76 MB at 1920×1080,
    ///   298 MB at 3000×3000, 531–610 MB at 4096×4096 (32–37 bytes a pixel), covered by 38 bytes a pixel plus
    ///   12 MiB.
    ///
    /// Other encoders and speeds were not measured.
    public static func peakMemoryBytes(width: Int, height: Int, channels: Int, settings: AVIFSettings) -> Int {
        let pixels = max(width, 0) * max(height, 0)
        return pixels * (settings.chroma == .yuv420 ? 26 : 38) + (12 << 20)
    }

    static func cavifCodec(_ codec: AVIFCodec) -> cavif_codec {
        switch codec {
        case .aom: return CAVIF_CODEC_AOM
        case .rav1e: return CAVIF_CODEC_RAV1E
        case .svt: return CAVIF_CODEC_SVT
        }
    }
}
