/// Why a frame could not be encoded to, or decoded from, WebP.
public enum WebPEncodingError: Error, Sendable, Hashable {
    /// `width` or `height` is outside 1 ... ``WebPEncoder/maximumSide``.
    case invalidDimensions(width: Int, height: Int)
    /// `channels` is neither 3 nor 4.
    case invalidChannels(Int)
    /// The pixel buffer does not hold exactly `width × height × channels` bytes.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// `method` is outside 0...6 or `effort` outside 0...100.
    case invalidSettings(method: Int, effort: Int)
    /// VP8_ENC_ERROR_OUT_OF_MEMORY: libwebp could not allocate its objects.
    case outOfMemory
    /// VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: libwebp ran out of memory flushing bits.
    case bitstreamOutOfMemory
    /// VP8_ENC_ERROR_NULL_PARAMETER.
    case nullParameter
    /// VP8_ENC_ERROR_INVALID_CONFIGURATION: libwebp refused the configuration.
    case invalidConfiguration
    /// VP8_ENC_ERROR_BAD_DIMENSION: libwebp refused the picture's size.
    case badDimension
    /// VP8_ENC_ERROR_PARTITION0_OVERFLOW.
    case partition0Overflow
    /// VP8_ENC_ERROR_PARTITION_OVERFLOW.
    case partitionOverflow
    /// VP8_ENC_ERROR_BAD_WRITE: the memory writer failed.
    case badWrite
    /// VP8_ENC_ERROR_FILE_TOO_BIG: the file would exceed 4 GiB.
    case fileTooBig
    /// VP8_ENC_ERROR_USER_ABORT.
    case userAbort
    /// A libwebp error code this module does not know.
    case unknownLibraryError(code: Int)
    /// The bytes are not a WebP file libwebp can decode.
    case decodeFailed
    /// libwebp's output is not the simple lossless file a colour profile is embedded into.
    case unexpectedOutput

    /// The libwebp error for `code` (a `WebPEncodingError` value, 1 ... 10).
    init(libraryCode code: Int32) {
        switch code {
        case 1: self = .outOfMemory
        case 2: self = .bitstreamOutOfMemory
        case 3: self = .nullParameter
        case 4: self = .invalidConfiguration
        case 5: self = .badDimension
        case 6: self = .partition0Overflow
        case 7: self = .partitionOverflow
        case 8: self = .badWrite
        case 9: self = .fileTooBig
        case 10: self = .userAbort
        default: self = .unknownLibraryError(code: Int(code))
        }
    }

    /// A sentence saying what went wrong, naming libwebp's error code where there is one.
    public var message: String {
        switch self {
        case .invalidDimensions(let width, let height):
            return "WebP dimensions must be 1 to \(WebPEncoder.maximumSide) a side, got \(width)x\(height)"
        case .invalidChannels(let channels): return "WebP frames have 3 or 4 channels, got \(channels)"
        case .pixelCountMismatch(let expected, let actual):
            return "the WebP frame needs \(expected) bytes, got \(actual)"
        case .invalidSettings(let method, let effort):
            return "WebP method must be 0 to 6 and effort 0 to 100, got method \(method), effort \(effort)"
        case .outOfMemory: return "libwebp: VP8_ENC_ERROR_OUT_OF_MEMORY"
        case .bitstreamOutOfMemory: return "libwebp: VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY"
        case .nullParameter: return "libwebp: VP8_ENC_ERROR_NULL_PARAMETER"
        case .invalidConfiguration: return "libwebp: VP8_ENC_ERROR_INVALID_CONFIGURATION"
        case .badDimension: return "libwebp: VP8_ENC_ERROR_BAD_DIMENSION"
        case .partition0Overflow: return "libwebp: VP8_ENC_ERROR_PARTITION0_OVERFLOW"
        case .partitionOverflow: return "libwebp: VP8_ENC_ERROR_PARTITION_OVERFLOW"
        case .badWrite: return "libwebp: VP8_ENC_ERROR_BAD_WRITE"
        case .fileTooBig: return "libwebp: VP8_ENC_ERROR_FILE_TOO_BIG"
        case .userAbort: return "libwebp: VP8_ENC_ERROR_USER_ABORT"
        case .unknownLibraryError(let code): return "libwebp: error code \(code)"
        case .decodeFailed: return "libwebp could not decode the bytes as WebP"
        case .unexpectedOutput: return "libwebp wrote something other than a simple lossless WebP file"
        }
    }
}
