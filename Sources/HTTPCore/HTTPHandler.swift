/// The application side of the server: answers requests.
public protocol HTTPHandler: Sendable {
    /// Called on an I/O thread for each request; must not block. Respond exactly once via `responder`, now or later
    /// from any thread. Responses to pipelined requests are sent in request order whatever order they are given in.
    func handle(_ request: HTTPRequest, responder: HTTPResponder)

    /// The response to send for a request refused before it could be handled (400/413/414/431/505); called on the
    /// I/O thread. The connection closes after it. The status of the returned head is used as given.
    func response(for error: HTTPRequestError, connection: HTTPConnectionInfo) -> (HTTPResponseHead, [UInt8])
}

extension HTTPHandler {
    /// A plain-text response with the error's status and detail.
    public func response(for error: HTTPRequestError, connection: HTTPConnectionInfo) -> (HTTPResponseHead, [UInt8]) {
        let head = HTTPResponseHead(
            status: error.statusCode, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]))
        return (head, Array((error.detail + "\n").utf8))
    }
}
