import Dispatch
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// One accepted socket: reads and parses requests on its event loop's thread, and takes response bytes from any
/// thread. All mutable state is in `core`, guarded by its lock. Only the loop thread touches the socket (reads,
/// writes, epoll registration, close): other threads queue bytes and wake the loop (``EventLoop/schedule(_:)``).
final class Connection: ResponseSink {
    /// What the event loop must do with a connection after an event.
    enum Disposition {
        case keepOpen
        case close
    }

    let socket: Int32
    let info: HTTPConnectionInfo
    let loop: EventLoop
    /// ``HTTPLimits/streamCapacityRecheckInterval``, the longest one wait in ``waitForCapacity(sequence:)`` lasts.
    private let capacityRecheckInterval: DispatchTimeInterval
    private let core: LockedValue<ConnectionCore>

    init(socket: Int32, info: HTTPConnectionInfo, loop: EventLoop, limits: HTTPLimits, now: ContinuousClock.Instant) {
        self.socket = socket
        self.info = info
        self.loop = loop
        let (seconds, attoseconds) = limits.streamCapacityRecheckInterval.components
        self.capacityRecheckInterval = .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        self.core = LockedValue(ConnectionCore(socket: socket, epoll: loop.epoll, limits: limits, now: now))
    }

    // MARK: Loop thread

    /// The socket is readable (or hung up): reads once and hands complete requests to `handler`.
    func readable(scratch: UnsafeMutableRawBufferPointer, handler: some HTTPHandler) -> Disposition {
        switch SocketIO.read(socket, into: scratch) {
        case .failure:
            return .close
        case .success(nil):
            return .keepOpen
        case .success(0):
            core.withLock { $0.readEOF = true }
        case .success(let count?):
            let bytes = UnsafeRawBufferPointer(rebasing: scratch[0..<count])
            core.withLock { core in
                core.parser.feed(bytes)
                core.lifecycle.bytesReceived(at: .now)
            }
        }
        return processInput(handler: handler)
    }

    /// The socket is writable, or another thread queued output: flushes pending output and wakes writers waiting
    /// for it to drain.
    func writable() -> Disposition {
        let (disposition, waiters) = core.withLock { core in
            core.isScheduled = false
            core.flush()
            core.updateInterest()
            return (core.disposition, core.takeDrainWaiters())
        }
        for waiter in waiters { waiter.signal() }
        return disposition
    }

    /// Parses buffered requests while reading is allowed and hands each to `handler`, outside the lock.
    func processInput(handler: some HTTPHandler) -> Disposition {
        while true {
            let next = core.withLock { $0.nextInput() }
            switch next {
            case .none:
                return core.withLock { core in
                    core.updateInterest()
                    return core.disposition
                }
            case .request(let request, let sequence, let keepAlive):
                let responder = HTTPResponder(
                    sink: self, sequence: sequence, isHead: request.isHead, requestVersion: request.version,
                    keepAlive: keepAlive)
                handler.handle(request, responder: responder)
            case .refused(let error, let sequence):
                let (head, body) = handler.response(for: error, connection: info)
                HTTPResponder(sink: self, sequence: sequence, isHead: false, requestVersion: .http1_1, keepAlive: false)
                    .send(head, body: body)
            }
        }
    }

    /// Checks the timers at `now`.
    func checkTimeouts(at now: ContinuousClock.Instant) -> Disposition {
        core.withLock { core in
            core.lifecycle.holdHeaderTimerWhileNotReading(bufferedOutputBytes: core.output.byteCount, at: now)
            return core.lifecycle.expiredTimeout(at: now) == nil ? .keepOpen : .close
        }
    }

    /// Shutdown began: closes now when no response is in flight, otherwise after the current ones.
    func beginDraining() -> Disposition {
        core.withLock { core in
            if core.lifecycle.beginDraining() { return .close }
            core.updateInterest()
            return core.disposition
        }
    }

    /// Closes the socket; responses still being produced find the client gone.
    func close() {
        let waiters = core.withLock { core in
            core.isClosed = true
            _ = Glibc.close(socket)
            return core.takeDrainWaiters()
        }
        for waiter in waiters { waiter.signal() }
    }

    // MARK: Any thread

    func emit(sequence: Int, _ first: [UInt8], _ second: [UInt8], _ third: [UInt8], end: ResponseEnd?) -> Bool {
        let onLoop = loop.isCurrentThread
        let (delivered, needsLoop) = core.withLock { core in
            let delivered = core.emit(sequence: sequence, first, second, third, end: end, onLoop: onLoop)
            if onLoop {
                core.updateInterest()
                return (delivered, false)
            }
            guard !core.isScheduled, core.needsLoopAttention else { return (delivered, false) }
            core.isScheduled = true
            return (delivered, true)
        }
        if needsLoop { loop.schedule(self) }
        return delivered
    }

    func isClientGone(sequence: Int) -> Bool {
        core.withLock { $0.isClosed || $0.isClientGone }
    }

    func hasCapacity(sequence: Int) -> Bool {
        core.withLock { $0.hasCapacity(for: sequence) }
    }

    func isHeld(sequence: Int) -> Bool {
        core.withLock { $0.isHeld(sequence) }
    }

    func waitForCapacity(sequence: Int) -> Bool {
        if loop.isCurrentThread { return !isClientGone(sequence: sequence) }
        while true {
            let waiter: DispatchSemaphore? = core.withLock { core in
                guard !core.hasCapacity(for: sequence) else { return nil }
                let waiter = DispatchSemaphore(value: 0)
                core.drainWaiters.append(waiter)
                return waiter
            }
            guard let waiter else { return !isClientGone(sequence: sequence) }
            // The loop signals when the queue drains or the connection closes (its write timeout closes a client
            // that reads nothing); the recheck interval only bounds each wait, so that a response that was held
            // behind earlier ones looks again.
            _ = waiter.wait(timeout: .now() + capacityRecheckInterval)
        }
    }
}
