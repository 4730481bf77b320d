/// The status line and header fields of a response.
///
/// The server adds `Date`, the framing field (`Content-Length` or `Transfer-Encoding: chunked`) and
/// `Connection`; fields of those names set here are replaced.
public struct HTTPResponseHead: Sendable {
    /// The status code, 100–999.
    public var status: Int
    /// The reason phrase; defaults to the standard one for `status`.
    public var reason: String
    /// Header fields, in the order they are sent.
    public var headers: HTTPHeaders

    /// Creates a head; `reason` defaults to the standard phrase for `status`.
    public init(status: Int, reason: String? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.reason = reason ?? Self.standardReason(for: status)
        self.headers = headers
    }

    /// Whether responses with this status never carry content (1xx, 204, 304).
    var forbidsContent: Bool { status < 200 || status == 204 || status == 304 }

    /// The RFC 9110 reason phrase for `status`, or an empty string.
    public static func standardReason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: ""
        }
    }
}
