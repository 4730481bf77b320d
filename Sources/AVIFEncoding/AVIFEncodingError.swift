/// Why a frame could not be encoded to, or decoded from, AVIF.
public enum AVIFEncodingError: Error, Sendable, Hashable {
    /// `width` or `height` is outside 1 ... ``AVIFEncoder/maximumSide``.
    case invalidDimensions(width: Int, height: Int)
    /// `channels` is neither 3 nor 4.
    case invalidChannels(Int)
    /// The sample buffer does not hold exactly `width × height × channels` samples.
    case sampleCountMismatch(expected: Int, actual: Int)
    /// Quality outside 1...100, speed outside 0...10 or depth not 8, 10 or 12.
    case invalidSettings(quality: Int, speed: Int, bitDepth: Int)
    /// libavif was built without the requested AV1 encoder.
    case codecUnavailable(AVIFCodec)
    /// libavif failed: its `avifResult` code and the message it gave (`avifResultToString` and its diagnostics).
    case library(code: Int, detail: String)

    /// A sentence saying what went wrong.
    public var message: String {
        switch self {
        case .invalidDimensions(let width, let height):
            return "AVIF dimensions must be 1 to \(AVIFEncoder.maximumSide) a side, got \(width)x\(height)"
        case .invalidChannels(let channels): return "AVIF frames have 3 or 4 channels, got \(channels)"
        case .sampleCountMismatch(let expected, let actual):
            return "the AVIF frame needs \(expected) samples, got \(actual)"
        case .invalidSettings(let quality, let speed, let bitDepth):
            return "AVIF quality must be 1 to 100, speed 0 to 10 and depth 8, 10 or 12; got quality \(quality), "
                + "speed \(speed), depth \(bitDepth)"
        case .codecUnavailable(let codec): return "libavif was built without the \(codec.rawValue) AV1 encoder"
        case .library(let code, let detail): return "libavif error \(code): \(detail)"
        }
    }
}
