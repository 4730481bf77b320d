/// One parsed HTTP/1.x request head (this server accepts no request bodies).
public struct HTTPRequest: Sendable {
    /// The method token as sent, case-sensitive (`GET`, `HEAD`, …).
    public let method: String
    /// The request target as sent (origin-form, absolute-form or `*`).
    public let target: String
    /// The percent-decoded path of the target (`+` stays `+`); `*` for an asterisk-form target.
    public let path: String
    /// The raw query of the target, without `?`, or nil when the target has none.
    public let query: Substring?
    /// The protocol version, HTTP/1.0 or HTTP/1.1.
    public let version: HTTPVersion
    /// The header fields in the order received.
    public let headers: HTTPHeaders
    /// When the end of the header section was received.
    public let receivedAt: ContinuousClock.Instant
    /// What the Connection field asked for.
    let connectionOptions: ConnectionOptions

    /// Whether the method is HEAD, whose responses carry no body.
    public var isHead: Bool { method == "HEAD" }

    /// Creates a request as the parser would, for example to exercise a handler without a socket.
    ///
    /// - Throws: ``HTTPRequestError/invalidTarget`` when `target` is not origin-form, absolute-form or `*`.
    public init(
        method: String, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = HTTPHeaders(),
        receivedAt: ContinuousClock.Instant = .now
    ) throws(HTTPRequestError) {
        let parsed = try RequestTarget(parsing: Array(target.utf8)[...], method: method)
        self.init(
            method: method, target: target, target: parsed, version: version, headers: headers,
            receivedAt: receivedAt, connectionOptions: ConnectionOptions(headers: headers))
    }

    init(
        method: String, target: String, target parsed: RequestTarget, version: HTTPVersion, headers: HTTPHeaders,
        receivedAt: ContinuousClock.Instant, connectionOptions: ConnectionOptions
    ) {
        self.method = method
        self.target = target
        self.path = parsed.path
        self.query = parsed.queryOffset.map { target[target.utf8.index(target.utf8.startIndex, offsetBy: $0)...] }
        self.version = version
        self.headers = headers
        self.receivedAt = receivedAt
        self.connectionOptions = connectionOptions
    }
}
