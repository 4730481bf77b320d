import AVIFEncoding
import WebPEncoding

/// One encoder configuration of the codec sweep, written on the command line as `webp:m6q100` or
/// `avif:q80s6d10-444-aom`.
enum CodecSetting: CustomStringConvertible {
    case webp(WebPSettings)
    case avif(AVIFSettings)

    /// The default sweep: libwebp methods and efforts around Pillow's lossless default (m4 q80) up to the slowest,
    /// and AVIF qualities at speed 6, speeds at quality 80, 4:2:0 and the other encoders.
    static let defaultSweep: [CodecSetting] =
        ["m0q0", "m2q25", "m4q80", "m4q100", "m5q90", "m6q75", "m6q100"].compactMap { parse("webp:" + $0) }
        + [
            "q60s6d10-444-aom", "q70s6d10-444-aom", "q75s6d10-444-aom", "q80s6d10-444-aom", "q85s6d10-444-aom",
            "q90s6d10-444-aom", "q80s4d10-444-aom", "q80s8d10-444-aom", "q80s10d10-444-aom", "q80s6d10-420-aom",
            "q80s6d12-444-aom", "q80s6d10-444-rav1e", "q80s6d10-420-svt",
        ].compactMap { parse("avif:" + $0) }

    /// Parses `webp:mMqQ` or `avif:qQsSdD-CHROMA-CODEC`; nil when malformed.
    static func parse(_ text: String) -> CodecSetting? {
        if text.hasPrefix("webp:m") {
            let parts = text.dropFirst(6).split(separator: "q")
            guard parts.count == 2, let method = Int(parts[0]), let effort = Int(parts[1]) else { return nil }
            return .webp(WebPSettings(method: method, effort: effort))
        }
        guard text.hasPrefix("avif:q") else { return nil }
        let fields = text.dropFirst(6).split(separator: "-")
        guard fields.count == 3, let chroma = AVIFChroma(rawValue: String(fields[1])),
            let codec = AVIFCodec(rawValue: String(fields[2]))
        else { return nil }
        let numbers = fields[0].split(whereSeparator: { $0 == "s" || $0 == "d" }).compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        var settings = AVIFSettings(quality: numbers[0], speed: numbers[1], bitDepth: numbers[2])
        settings.chroma = chroma
        settings.codec = codec
        return .avif(settings)
    }

    var description: String {
        switch self {
        case .webp(let settings): return "webp:m\(settings.method)q\(settings.effort)"
        case .avif(let settings):
            return "avif:q\(settings.quality)s\(settings.speed)d\(settings.bitDepth)-\(settings.chroma.rawValue)-"
                + settings.codec.rawValue
        }
    }
}
