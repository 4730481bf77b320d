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

    /// Whether response `sequence` may add bytes without waiting: it is the response being sent and fewer bytes
    /// than the queue bound are unread, or the client is gone.
    func hasCapacity(sequence: Int) -> Bool

    /// Whether response `sequence` waits for earlier responses of the connection to complete.
    func isHeld(sequence: Int) -> Bool

    /// Calls `callback` once, on the loop's thread and never from within this call, as soon as
    /// ``hasCapacity(sequence:)`` holds (which may be at once) or the client is gone. Returns false, without ever
    /// calling it, when the client is already gone.
    func whenWritable(sequence: Int, _ callback: @escaping @Sendable () -> Void) -> Bool
}
