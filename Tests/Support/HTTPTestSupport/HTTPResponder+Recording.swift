import HTTPCore

extension HTTPResponder {
    /// A responder for `request` that records the response instead of sending it, to exercise a handler without a
    /// socket. `completion` runs once, on the thread that ends the response.
    ///
    /// The recorded head and body are exactly what a client would receive over a connection kept alive (unless the
    /// request asked to close), with the chunked coding of a stream removed.
    public static func recording(
        for request: HTTPRequest, completion: @escaping @Sendable (HTTPRecordedResponse) -> Void
    ) -> HTTPResponder {
        HTTPResponder(request: request, sink: RecordingSink(isHead: request.isHead, completion: completion))
    }
}
