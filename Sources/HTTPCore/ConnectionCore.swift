import CEpoll

/// The mutable state of a ``Connection``, always accessed under its lock. Only the loop thread touches the socket:
/// bytes emitted on other threads are queued, and the loop writes them.
struct ConnectionCore: Sendable {
    /// The next thing the loop should do with parsed input.
    enum Input {
        case none
        case request(HTTPRequest, sequence: Int, keepAlive: Bool)
        case refused(HTTPRequestError, sequence: Int)
    }

    /// Bytes of a response that must wait for earlier responses.
    struct HeldResponse: Sendable {
        var parts: [[UInt8]] = []
        var end: ResponseEnd?
    }

    let socket: Int32
    let epoll: Int32
    var parser: HTTPRequestParser
    var lifecycle: ConnectionLifecycle
    var output = OutputQueue()
    var held: [Int: HeldResponse] = [:]
    /// Callbacks waiting for their responses to have capacity (``Connection/whenWritable(sequence:_:)``).
    var capacityWaiters: [(sequence: Int, callback: @Sendable () -> Void)] = []
    /// Whether the connection is in its loop's inbox already.
    var isScheduled = false
    let maxQueuedStreamBytes: Int
    var isClosed = false
    var isClientGone = false
    var readEOF = false
    var closeWhenFlushed = false
    /// Whether closing resets the connection (SO_LINGER 0), dropping what the kernel still holds for the client.
    var resetsOnClose = false
    /// The epoll events currently registered.
    var interest: UInt32

    init(socket: Int32, epoll: Int32, limits: HTTPLimits, now: ContinuousClock.Instant) {
        self.socket = socket
        self.epoll = epoll
        self.parser = HTTPRequestParser(limits: limits)
        self.lifecycle = ConnectionLifecycle(limits: limits, openedAt: now)
        self.interest = EventLoop.readEvents
        self.maxQueuedStreamBytes = limits.maxQueuedStreamBytes
    }

    /// Whether response `sequence` may add bytes without waiting: it is the one being sent and fewer than
    /// `maxQueuedStreamBytes` bytes are queued unread, or the connection is gone. A response held behind earlier
    /// ones has no capacity until they complete.
    func hasCapacity(for sequence: Int) -> Bool {
        isClosed || isClientGone || (lifecycle.isCurrent(sequence) && output.byteCount < maxQueuedStreamBytes)
    }

    /// Whether response `sequence` waits for earlier responses of the connection to complete.
    func isHeld(_ sequence: Int) -> Bool {
        !isClosed && !isClientGone && sequence > lifecycle.currentResponseSequence
    }

    /// Whether some capacity waiter's response has capacity now.
    var hasReadyCapacityWaiters: Bool {
        capacityWaiters.contains { hasCapacity(for: $0.sequence) }
    }

    /// Takes the callbacks whose responses have capacity now (all of them once the connection is gone).
    mutating func takeReadyCapacityWaiters() -> [@Sendable () -> Void] {
        guard hasReadyCapacityWaiters else { return [] }
        var ready: [@Sendable () -> Void] = []
        var waiting: [(sequence: Int, callback: @Sendable () -> Void)] = []
        for waiter in capacityWaiters {
            if hasCapacity(for: waiter.sequence) {
                ready.append(waiter.callback)
            } else {
                waiting.append(waiter)
            }
        }
        capacityWaiters = waiting
        return ready
    }

    mutating func nextInput() -> Input {
        guard !isClosed, !isClientGone, !closeWhenFlushed,
            lifecycle.shouldRead(bufferedOutputBytes: output.byteCount)
        else { return .none }
        do {
            let wasSkippingBody = parser.isSkippingBody
            guard let request = try parser.nextRequest(receivedAt: .now) else {
                if wasSkippingBody && !parser.hasPartialRequest { lifecycle.bodySkipped(at: .now) }
                return .none
            }
            let (sequence, keepAlive) = lifecycle.requestReceived(
                version: request.version, options: request.connectionOptions,
                hasPartialRequest: parser.hasPartialRequest, at: request.receivedAt)
            return .request(request, sequence: sequence, keepAlive: keepAlive)
        } catch {
            return .refused(error, sequence: lifecycle.requestRefused())
        }
    }

    /// Whether the loop must write queued bytes, change the epoll events, close the connection, or parse requests
    /// that are buffered but not yet read.
    var needsLoopAttention: Bool {
        if disposition == .close || !output.isEmpty || wantedInterest != interest || hasReadyCapacityWaiters {
            return true
        }
        return parser.hasPartialRequest && lifecycle.shouldRead(bufferedOutputBytes: output.byteCount)
    }

    var disposition: Connection.Disposition {
        if isClosed || isClientGone { return .close }
        guard output.isEmpty else { return .keepOpen }
        if closeWhenFlushed { return .close }
        if readEOF && lifecycle.requestsInFlight == 0 { return .close }
        return .keepOpen
    }

    /// Sends or holds the bytes of response `sequence`; `onLoop` tells whether the caller is the loop thread, the
    /// only one that writes to the socket (other threads queue).
    mutating func emit(
        sequence: Int, _ first: [UInt8], _ second: [UInt8], _ third: [UInt8], end: ResponseEnd?, onLoop: Bool
    )
        -> Bool
    {
        guard !isClosed, !isClientGone else { return false }
        guard lifecycle.isCurrent(sequence) else {
            guard sequence > lifecycle.currentResponseSequence else { return false }
            var response = held[sequence] ?? HeldResponse()
            for part in [first, second, third] where !part.isEmpty { response.parts.append(part) }
            response.end = end
            held[sequence] = response
            return true
        }
        write(first, second, third, onLoop: onLoop)
        if let end { complete(end, onLoop: onLoop) }
        return !isClientGone
    }

    /// On the loop thread, writes at once when nothing is queued, queueing whatever the socket does not take; on
    /// any other thread, queues.
    private mutating func write(_ first: [UInt8], _ second: [UInt8], _ third: [UInt8], onLoop: Bool) {
        guard onLoop, output.isEmpty else {
            output.append(first)
            output.append(second)
            output.append(third)
            return
        }
        let total = first.count + second.count + third.count
        guard total > 0 else { return }
        switch SocketIO.send(socket, first, second, third) {
        case .failure:
            isClientGone = true
        case .success(let written):
            guard written < total else { return }
            var skip = written
            for part in [first, second, third] {
                output.append(part, from: min(skip, part.count))
                skip = max(0, skip - part.count)
            }
            lifecycle.outputBlocked(at: .now)
        }
    }

    /// Ends the current response and releases any held responses that may now be sent.
    private mutating func complete(_ end: ResponseEnd, onLoop: Bool) {
        var end = end
        while true {
            switch end {
            case .aborted:
                closeWhenFlushed = true
                held.removeAll()
                return
            case .complete(let keepAlive):
                let closes = lifecycle.responseCompleted(
                    keepAlive: keepAlive, hasPartialRequest: parser.hasPartialRequest, at: .now)
                if closes {
                    closeWhenFlushed = true
                    held.removeAll()
                    return
                }
            }
            guard let next = held.removeValue(forKey: lifecycle.currentResponseSequence) else { return }
            for part in next.parts { write(part, [], [], onLoop: onLoop) }
            guard let nextEnd = next.end else { return }
            end = nextEnd
        }
    }

    /// Writes queued bytes; call on the loop thread.
    mutating func flush() {
        guard !output.isEmpty, !isClosed else { return }
        switch output.flush(to: socket, partsPerWrite: lifecycle.limits.partsPerWrite) {
        case .failure:
            isClientGone = true
        case .success(let written):
            if written > 0 {
                lifecycle.outputProgressed(bytes: written, isFlushed: output.isEmpty, at: .now)
            } else {
                lifecycle.outputBlocked(at: .now)
            }
        }
    }

    /// The epoll events wanted now: reading only while more requests may be read, writing while output waits.
    var wantedInterest: UInt32 {
        var wanted: UInt32 = 0
        if !readEOF && !closeWhenFlushed && !isClientGone && lifecycle.shouldRead(bufferedOutputBytes: output.byteCount)
        {
            wanted |= EventLoop.readEvents
        }
        if !output.isEmpty { wanted |= EventLoop.writeEvents }
        return wanted
    }

    /// Registers ``wantedInterest`` when it changed; call on the loop thread.
    mutating func updateInterest() {
        guard !isClosed else { return }
        let wanted = wantedInterest
        guard wanted != interest else { return }
        interest = wanted
        var event = epoll_event()
        event.events = wanted
        event.data.fd = socket
        _ = epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
    }
}
