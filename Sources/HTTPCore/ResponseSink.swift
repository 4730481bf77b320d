/// How a response for one request ends.
package enum ResponseEnd: Sendable {
    /// Complete; `keepAlive` tells whether the connection may carry another request.
    case complete(keepAlive: Bool)
    /// Cut short: the connection closes after what was already sent, without completing the framing.
    case aborted
}

/// Where responders put response bytes: a connection, or (through ``HTTPResponder/init(request:sink:)``, at
/// `package` level for test support) a recorder.
package protocol ResponseSink: AnyObject, Sendable {
    /// Sends `first`, `second` and `third` (any may be empty) as the next bytes of response `sequence`, in request
    /// order, and ends the response when `end` is given. Returns false once the client is gone.
    func emit(sequence: Int, _ first: [UInt8], _ second: [UInt8], _ third: [UInt8], end: ResponseEnd?) -> Bool

    /// Whether the client of response `sequence` is gone (the connection closed).
    func isClientGone(sequence: Int) -> Bool
}
