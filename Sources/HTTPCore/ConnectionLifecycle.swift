/// The decisions of one connection that do not touch a socket: timeouts, keep-alive, pipelining order and
/// back-pressure. Time comes in as arguments, so tests drive it with made-up instants.
struct ConnectionLifecycle: Sendable {
    /// Why a connection is closed by a timer.
    enum Timeout: Equatable {
        /// A request head (or the first one on a new connection) did not complete in time.
        case header
        /// A persistent connection stayed unused too long between requests.
        case idle
        /// The client stopped reading a pending response.
        case write
        /// The socket took fewer than ``HTTPLimits/minimumSendBytes`` in one ``HTTPLimits/sendRateWindow`` while
        /// output waited for the client.
        case sendRate
    }

    typealias Instant = ContinuousClock.Instant

    let limits: HTTPLimits
    /// When the request head now being received started; a new connection counts as one starting.
    private(set) var headStartedAt: Instant?
    /// When the connection became idle, with nothing to read or write.
    private(set) var idleSince: Instant?
    /// When output last stopped making progress, while some is pending.
    private(set) var writeStalledSince: Instant?
    /// When the current send-rate window began, while output waits for the client.
    private(set) var sendWindowStart: Instant?
    /// Bytes the socket took since `sendWindowStart`.
    private(set) var sendWindowBytes = 0
    /// Sequence number the next request receives.
    private(set) var nextRequestSequence = 0
    /// Sequence number of the request whose response is being sent; later ones wait.
    private(set) var currentResponseSequence = 0
    /// Whether further requests may be read (false after one that closes, or while shutting down).
    private(set) var acceptsRequests = true
    /// Whether the server is shutting down.
    private(set) var isDraining = false

    init(limits: HTTPLimits, openedAt now: Instant) {
        self.limits = limits
        self.headStartedAt = now
    }

    /// Requests read whose responses are not complete.
    var requestsInFlight: Int { nextRequestSequence - currentResponseSequence }

    /// Whether a request persists the connection (RFC 9112 §9.3): HTTP/1.1 unless `close`; HTTP/1.0 only with
    /// `keep-alive` and no `close`.
    static func isPersistent(version: HTTPVersion, options: ConnectionOptions) -> Bool {
        if options.close { return false }
        return version == .http1_0 ? options.keepAlive : true
    }

    /// Bytes arrived at `now`.
    mutating func bytesReceived(at now: Instant) {
        idleSince = nil
        if headStartedAt == nil { headStartedAt = now }
    }

    /// A complete request head was parsed; returns its sequence number and whether the connection persists after
    /// its response. `hasPartialRequest` tells whether bytes of a following request are already buffered.
    mutating func requestReceived(
        version: HTTPVersion, options: ConnectionOptions, hasPartialRequest: Bool, at now: Instant
    ) -> (sequence: Int, keepAlive: Bool) {
        let keepAlive = acceptsRequests && !isDraining && Self.isPersistent(version: version, options: options)
        if !keepAlive { acceptsRequests = false }
        headStartedAt = hasPartialRequest ? now : nil
        idleSince = nil
        defer { nextRequestSequence += 1 }
        return (nextRequestSequence, keepAlive)
    }

    /// The skipped body of the last request ended at `now` with nothing after it: the head timer stops, and the
    /// connection is idle if no response is pending, as after a response.
    mutating func bodySkipped(at now: Instant) {
        headStartedAt = nil
        if requestsInFlight == 0 && acceptsRequests && !isDraining { idleSince = now }
    }

    /// A request was refused by the parser; it still takes a place in the response order and ends reading.
    mutating func requestRefused() -> Int {
        acceptsRequests = false
        headStartedAt = nil
        defer { nextRequestSequence += 1 }
        return nextRequestSequence
    }

    /// Whether the response for `sequence` may go to the socket now (earlier responses are complete).
    func isCurrent(_ sequence: Int) -> Bool { sequence == currentResponseSequence }

    /// The current response is complete (though perhaps not yet flushed). Returns whether the connection should close
    /// once its output is flushed.
    mutating func responseCompleted(keepAlive: Bool, hasPartialRequest: Bool, at now: Instant) -> Bool {
        currentResponseSequence += 1
        if !keepAlive { acceptsRequests = false }
        guard requestsInFlight == 0 else { return false }
        if !acceptsRequests || isDraining { return true }
        if !hasPartialRequest { idleSince = now }
        return false
    }

    /// Whether more requests should be read: reading stops after a closing request, at the pipelining limit and
    /// while too much output is buffered.
    func shouldRead(bufferedOutputBytes: Int) -> Bool {
        acceptsRequests && requestsInFlight < limits.maxPipelinedRequests
            && bufferedOutputBytes < limits.maxBufferedOutputBytes
    }

    /// Output could not all be written at `now`; starts the write timer unless it is running.
    /// Starts the send-rate window unless one is open.
    mutating func outputBlocked(at now: Instant) {
        if writeStalledSince == nil { writeStalledSince = now }
        if sendWindowStart == nil {
            sendWindowStart = now
            sendWindowBytes = 0
        }
    }

    /// `bytes` of output were written at `now`; `isFlushed` tells whether none remains, which ends the send-rate
    /// window; otherwise output waits, and a window starts unless one is open.
    mutating func outputProgressed(bytes: Int, isFlushed: Bool, at now: Instant) {
        writeStalledSince = isFlushed ? nil : now
        if isFlushed {
            sendWindowStart = nil
        } else if sendWindowStart == nil {
            sendWindowStart = now
            sendWindowBytes = 0
        } else {
            sendWindowBytes += bytes
        }
    }

    /// Starts a new send-rate window at `now` when the current one has run its length with enough bytes taken;
    /// call after ``expiredTimeout(at:)`` found none.
    mutating func advanceSendRateWindow(at now: Instant) {
        guard let start = sendWindowStart, now - start >= limits.sendRateWindow else { return }
        sendWindowStart = now
        sendWindowBytes = 0
    }

    /// Shutdown began; returns whether the connection can close at once (no response in flight).
    mutating func beginDraining() -> Bool {
        isDraining = true
        acceptsRequests = false
        return requestsInFlight == 0
    }

    /// While the server itself does not read (pipelining limit, output budget, or no further requests accepted), a
    /// request already buffered waits for the server, not for the client: the header timer is held at `now`, so that
    /// it counts only time spent waiting for the client's bytes.
    mutating func holdHeaderTimerWhileNotReading(bufferedOutputBytes: Int, at now: Instant) {
        guard headStartedAt != nil, !shouldRead(bufferedOutputBytes: bufferedOutputBytes) else { return }
        headStartedAt = now
    }

    /// The timeout that has expired at `now`, if any.
    func expiredTimeout(at now: Instant) -> Timeout? {
        if let writeStalledSince, now - writeStalledSince >= limits.writeTimeout { return .write }
        if let sendWindowStart, now - sendWindowStart >= limits.sendRateWindow,
            sendWindowBytes < limits.minimumSendBytes
        {
            return .sendRate
        }
        if let headStartedAt, now - headStartedAt >= limits.headerTimeout { return .header }
        if let idleSince, now - idleSince >= limits.idleTimeout { return .idle }
        return nil
    }
}
