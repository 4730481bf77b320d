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
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        guard channels == 3 || channels == 4 else { throw .invalidChannels(channels) }
        guard samples.count == width * height * channels, let base = samples.baseAddress else {
            throw .sampleCountMismatch(expected: width * height * channels, actual: samples.count)
        }
        guard (1...100).contains(settings.quality), (0...10).contains(settings.speed),
            [8, 10, 12].contains(settings.bitDepth)
        else {
            throw .invalidSettings(quality: settings.quality, speed: settings.speed, bitDepth: settings.bitDepth)
        }
        guard cavif_codec_name(cavifCodec(settings.codec)) != nil else { throw .codecUnavailable(settings.codec) }
        var parameters = cavif_settings(
            quantizer: Int32(settings.quantizer), speed: Int32(settings.speed), depth: Int32(settings.bitDepth),
            yuv_format: settings.chroma == .yuv444 ? CAVIF_YUV444 : CAVIF_YUV420, matrix: Int32(matrixCoefficients),
            codec: cavifCodec(settings.codec))
        var output = cavif_bytes()
        var message = [CChar](repeating: 0, count: Int(CAVIF_MESSAGE_CAPACITY))
        let status = message.withUnsafeMutableBufferPointer {
            cavif_encode(base, Int32(width), Int32(height), Int32(channels), &parameters, &output, $0.baseAddress)
        }
        defer { cavif_free(&output) }
        guard status == 0, let bytes = output.bytes else {
            throw .library(
                code: Int(status), detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: output.count))
    }

    /// Bytes of memory one encode of this size holds at its peak: the caller's 16-bit frame, the shim's copy at the
    /// target depth, the YUV and alpha planes and libaom's state (its frame buffers with borders, reconstruction
    /// and per-block search data); an upper bound for the render pool's frame-memory budget.
    ///
    /// Measured as peak RSS growth around rendering plus encoding with the standard settings
    /// (`gradient-bench --codec-memory avif`, bench/README.md "WebP and AVIF settings"), RGB and RGBA, linear and
    /// radial: 10 MiB at 256×256, 59 MiB at 1024×1024, 93 MiB at 1920×1080, 177 MiB at 2048×2048, 357 MiB at
    /// 3000×3000, 669 MiB at 4096×4096 (42–47 bytes a pixel from 1920×1080 up). 46 bytes a pixel plus 20 MiB covers every size
    /// measured with at least 10 % to spare. Measured with aom at speed 6 and depth 10; depth 8 holds less, depth 12
    /// the same; other encoders and speeds were not measured.
    public static func peakMemoryBytes(width: Int, height: Int, channels: Int, settings: AVIFSettings) -> Int {
        let pixels = max(width, 0) * max(height, 0)
        return pixels * 46 + (20 << 20)
    }

    static func cavifCodec(_ codec: AVIFCodec) -> cavif_codec {
        switch codec {
        case .aom: return CAVIF_CODEC_AOM
        case .rav1e: return CAVIF_CODEC_RAV1E
        case .svt: return CAVIF_CODEC_SVT
        }
    }
}
