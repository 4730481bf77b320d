import Synchronization

/// Sends the one response to one request, from any thread.
///
/// The first call to ``send(_:body:)`` or ``startStream(_:)`` wins; later calls do nothing. A responder released
/// without responding sends `500 Internal Server Error` and closes the connection, so no client waits forever.
public final class HTTPResponder: Sendable {
    let sink: any ResponseSink
    let sequence: Int
    let isHead: Bool
    let requestVersion: HTTPVersion
    let keepAlive: Bool
    /// Set by the first response; atomic, so no lock is needed.
    private let hasResponded = Atomic<Bool>(false)

    init(sink: any ResponseSink, sequence: Int, isHead: Bool, requestVersion: HTTPVersion, keepAlive: Bool) {
        self.sink = sink
        self.sequence = sequence
        self.isHead = isHead
        self.requestVersion = requestVersion
        self.keepAlive = keepAlive
    }

    deinit {
        if !hasResponded.load(ordering: .acquiring) {
            let head = ResponseSerializer.serialize(
                HTTPResponseHead(status: 500), framing: .contentLength(0), keepAlive: false,
                requestVersion: requestVersion)
            _ = sink.emit(sequence: sequence, head, [], [], end: .complete(keepAlive: false))
        }
    }

    /// Sends a complete response with `Content-Length: body.count`. For HEAD (and 1xx, 204, 304) only the head is
    /// sent. The head and body go to the socket in one vectored write, without copying the body.
    public func send(_ head: HTTPResponseHead, body: [UInt8]) {
        guard claim() else { return }
        let framing: ResponseFraming = head.forbidsContent ? .none : .contentLength(body.count)
        let bytes = ResponseSerializer.serialize(
            head, framing: framing, keepAlive: keepAlive, requestVersion: requestVersion)
        let sendsBody = !isHead && !head.forbidsContent
        _ = sink.emit(sequence: sequence, bytes, sendsBody ? body : [], [], end: .complete(keepAlive: keepAlive))
    }

    /// Sends a complete response whose head was serialised beforehand, with `body` (of `head.contentLength`
    /// bytes); see ``send(_:body:)``. Only the `Date` field is filled in for this response.
    public func send(_ head: PreparedResponseHead, body: [UInt8]) {
        guard claim() else { return }
        let bytes = head.bytes(keepAlive: keepAlive, requestVersion: requestVersion)
        let sendsBody = !isHead && !head.forbidsContent
        _ = sink.emit(sequence: sequence, bytes, sendsBody ? body : [], [], end: .complete(keepAlive: keepAlive))
    }

    /// Sends `head` and returns a stream for the body: chunked transfer-coding for HTTP/1.1, and for HTTP/1.0 a body
    /// delimited by closing the connection. For HEAD (and 1xx, 204, 304) only the head is sent, and the returned
    /// stream ignores writes and is already finished.
    public func startStream(_ head: HTTPResponseHead) -> HTTPResponseStream {
        guard claim() else { return HTTPResponseStream(sink: sink, sequence: sequence, mode: .finished) }
        if isHead || head.forbidsContent {
            let framing: ResponseFraming = head.forbidsContent || requestVersion == .http1_0 ? .none : .chunked
            let bytes = ResponseSerializer.serialize(
                head, framing: framing, keepAlive: keepAlive, requestVersion: requestVersion)
            _ = sink.emit(sequence: sequence, bytes, [], [], end: .complete(keepAlive: keepAlive))
            return HTTPResponseStream(sink: sink, sequence: sequence, mode: .finished)
        }
        let isChunked = requestVersion != .http1_0
        let streamKeepsAlive = keepAlive && isChunked
        let bytes = ResponseSerializer.serialize(
            head, framing: isChunked ? .chunked : .none, keepAlive: streamKeepsAlive, requestVersion: requestVersion)
        _ = sink.emit(sequence: sequence, bytes, [], [], end: nil)
        return HTTPResponseStream(
            sink: sink, sequence: sequence, mode: isChunked ? .chunked(keepAlive: streamKeepsAlive) : .closeDelimited)
    }

    private func claim() -> Bool {
        !hasResponded.exchange(true, ordering: .acquiringAndReleasing)
    }
}
