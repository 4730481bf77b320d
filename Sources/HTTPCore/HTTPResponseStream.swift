import Synchronization

/// The body of a streamed response, written in pieces from any thread (one writer at a time).
///
/// A stream released without ``finish()`` or ``abort()`` is aborted.
public final class HTTPResponseStream: Sendable {
    enum Mode: Sendable {
        /// Chunked transfer-coding; the connection persists afterwards when `keepAlive`.
        case chunked(keepAlive: Bool)
        /// The body ends when the connection closes (HTTP/1.0).
        case closeDelimited
        /// Nothing more is sent (HEAD, statuses without content, or a second response attempt).
        case finished
    }

    private let sink: any ResponseSink
    private let sequence: Int
    private let mode: Mode
    /// Set by ``finish()`` or ``abort()``; atomic, so no lock is needed.
    private let isEnded: Atomic<Bool>

    init(sink: any ResponseSink, sequence: Int, mode: Mode) {
        self.sink = sink
        self.sequence = sequence
        self.mode = mode
        if case .finished = mode {
            self.isEnded = Atomic(true)
        } else {
            self.isEnded = Atomic(false)
        }
    }

    deinit {
        if !isEnded.load(ordering: .acquiring) {
            _ = sink.emit(sequence: sequence, [], [], [], end: .aborted)
        }
    }

    /// Sends `chunk` (an empty chunk sends nothing). Returns false once the client is gone or the stream has ended;
    /// for a HEAD request nothing is sent and the result only tells whether the client is still there.
    @discardableResult
    public func write(_ chunk: [UInt8]) -> Bool {
        if isEnded.load(ordering: .acquiring) {
            if case .finished = mode { return !sink.isClientGone(sequence: sequence) }
            return false
        }
        if chunk.isEmpty { return !sink.isClientGone(sequence: sequence) }
        switch mode {
        case .chunked:
            return sink.emit(
                sequence: sequence, ResponseSerializer.chunkHeader(size: chunk.count), chunk, ResponseSerializer.crlf,
                end: nil)
        case .closeDelimited:
            return sink.emit(sequence: sequence, chunk, [], [], end: nil)
        case .finished:
            return !sink.isClientGone(sequence: sequence)
        }
    }

    /// Ends the body: sends the terminating chunk (HTTP/1.1; the connection may carry further requests) or closes
    /// the connection (HTTP/1.0).
    public func finish() {
        guard !isEnded.exchange(true, ordering: .acquiringAndReleasing) else { return }
        switch mode {
        case .chunked(let keepAlive):
            _ = sink.emit(
                sequence: sequence, ResponseSerializer.lastChunk, [], [], end: .complete(keepAlive: keepAlive))
        case .closeDelimited:
            _ = sink.emit(sequence: sequence, [], [], [], end: .complete(keepAlive: false))
        case .finished:
            break
        }
    }

    /// Ends the body without the terminating chunk and closes the connection, so the client sees it incomplete.
    public func abort() {
        guard !isEnded.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = sink.emit(sequence: sequence, [], [], [], end: .aborted)
    }

    /// Whether a write now keeps the connection's unread bytes within ``HTTPLimits/maxQueuedStreamBytes``: this
    /// response is the one being sent and fewer bytes than that are queued (or the client is gone, and writes are
    /// pointless). A response behind earlier responses of its connection has no capacity until they complete.
    public var hasCapacity: Bool { sink.hasCapacity(sequence: sequence) }

    /// Whether this response waits for earlier responses of its connection to complete (HTTP pipelining). Writing
    /// to it only accumulates bytes; a writer that feeds several streams should not pause for it while it feeds
    /// the earlier ones.
    public var isBehindEarlierResponses: Bool { sink.isHeld(sequence: sequence) }

    /// Back-pressure without a waiting thread: calls `callback` once, on the connection's event-loop thread and
    /// never from within this call, as soon as the stream has capacity again (the client read enough, or the
    /// earlier responses completed; possibly at once) or the connection closed (``HTTPLimits/writeTimeout`` and
    /// ``HTTPLimits/minimumSendBytes`` close clients that read nothing or too little). Returns false, and never
    /// calls `callback`, when the client is already gone. The callback runs on the loop: it should only write,
    /// queue work elsewhere, or ask again.
    @discardableResult
    public func whenWritable(_ callback: @escaping @Sendable () -> Void) -> Bool {
        sink.whenWritable(sequence: sequence, callback)
    }

    /// Whether the client is gone (the connection closed); further writes are pointless.
    public var isClientGone: Bool { sink.isClientGone(sequence: sequence) }
}
