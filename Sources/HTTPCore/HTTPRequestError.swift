/// Why a request was refused before it reached the handler.
///
/// Every case closes the connection after its response, because the bytes that follow cannot be trusted to start a
/// new request.
public enum HTTPRequestError: Error, Sendable, Equatable {
    /// The request line is longer than ``HTTPLimits/maxRequestLineBytes``. Status 414.
    case requestLineTooLong(limit: Int)
    /// The header section is larger than ``HTTPLimits/maxHeaderSectionBytes``. Status 431.
    case headerSectionTooLarge(limit: Int)
    /// The request has more fields than ``HTTPLimits/maxHeaderFields``. Status 431.
    case tooManyHeaderFields(limit: Int)
    /// The request line is not `method SP request-target SP HTTP-version` (this includes HTTP/0.9). Status 400.
    case malformedRequestLine
    /// The request target is neither origin-form, absolute-form (`http`/`https`) nor `*` for OPTIONS, or its path
    /// has bad percent-encoding or is not UTF-8. Status 400.
    case invalidTarget
    /// A header field line is not `name: value` with a token name, no space before the colon and no control bytes.
    /// Status 400.
    case malformedHeader
    /// A field line is continued on the next line (obs-fold, RFC 9112 §5.2). Status 400.
    case obsoleteLineFolding
    /// The protocol version is not HTTP/1.0 or HTTP/1.1 (for example the HTTP/2 preface). Status 505.
    case unsupportedVersion
    /// An HTTP/1.1 request without a Host field. Status 400.
    case missingHost
    /// A request with more than one Host field. Status 400.
    case duplicateHost
    /// A Content-Length value that is not a decimal number. Status 400.
    case invalidContentLength
    /// More than one Content-Length, as separate fields or as a list, equal or not. Status 400.
    case conflictingContentLength
    /// Both Content-Length and Transfer-Encoding, the classic request-smuggling vector. Status 400.
    case contentLengthWithTransferEncoding
    /// A transfer coding other than `chunked`. Status 400.
    case unsupportedTransferCoding
    /// A GET, HEAD or OPTIONS request with a body (Content-Length above zero or chunked Transfer-Encoding); these
    /// take none. Status 413.
    case bodyNotAllowed
    /// A request of another method whose body (Content-Length, or chunked with its framing) is above
    /// ``HTTPLimits/maxDiscardedBodyBytes``. Status 413.
    case bodyTooLarge(limit: Int)
    /// A chunked body that breaks RFC 9112 §7.1 (a chunk size that is not hex, data not followed by CRLF, a
    /// malformed trailer). Status 400.
    case invalidChunkedBody

    /// The HTTP status code this refusal is answered with.
    public var statusCode: Int {
        switch self {
        case .requestLineTooLong: 414
        case .headerSectionTooLarge, .tooManyHeaderFields: 431
        case .unsupportedVersion: 505
        case .bodyNotAllowed, .bodyTooLarge: 413
        case .malformedRequestLine, .invalidTarget, .malformedHeader, .obsoleteLineFolding, .missingHost,
            .duplicateHost, .invalidContentLength, .conflictingContentLength, .contentLengthWithTransferEncoding,
            .unsupportedTransferCoding, .invalidChunkedBody:
            400
        }
    }

    /// A short sentence for the client saying what was wrong; it never repeats anything the client sent.
    public var detail: String {
        switch self {
        case .requestLineTooLong(let limit): "The request line is longer than \(limit) bytes."
        case .headerSectionTooLarge(let limit): "The header section is larger than \(limit) bytes."
        case .tooManyHeaderFields(let limit): "The request has more than \(limit) header fields."
        case .malformedRequestLine: "The request line is not 'METHOD target HTTP/1.x'."
        case .invalidTarget: "The request target is not a valid path."
        case .malformedHeader: "A header field is malformed."
        case .obsoleteLineFolding: "Header fields folded over several lines are not accepted."
        case .unsupportedVersion: "Only HTTP/1.0 and HTTP/1.1 are supported."
        case .missingHost: "An HTTP/1.1 request needs a Host header field."
        case .duplicateHost: "The request has more than one Host header field."
        case .invalidContentLength: "Content-Length is not a number."
        case .conflictingContentLength: "The request has more than one Content-Length."
        case .contentLengthWithTransferEncoding: "The request has both Content-Length and Transfer-Encoding."
        case .unsupportedTransferCoding: "The request uses an unsupported transfer coding."
        case .bodyNotAllowed: "GET, HEAD and OPTIONS requests take no body."
        case .bodyTooLarge(let limit): "The request body is larger than \(limit) bytes."
        case .invalidChunkedBody: "The chunked request body is malformed."
        }
    }
}
