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
    private let core: LockedValue<ConnectionCore>

    init(socket: Int32, info: HTTPConnectionInfo, loop: EventLoop, limits: HTTPLimits, now: ContinuousClock.Instant) {
        self.socket = socket
        self.info = info
        self.loop = loop
        self.core = LockedValue(ConnectionCore(socket: socket, epoll: loop.epoll, limits: limits, now: now))
    }

    deinit {
        core.withLock { $0.output.releaseAccounting() }
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

    /// The socket is writable, or another thread queued output: flushes pending output and calls back the writers
    /// whose responses have capacity again.
    func writable() -> Disposition {
        let (disposition, ready) = core.withLock { core in
            core.isScheduled = false
            core.flush()
            core.updateInterest()
            return (core.disposition, core.takeReadyCapacityWaiters())
        }
        for callback in ready { callback() }
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
            switch core.lifecycle.expiredTimeout(at: now) {
            case nil:
                break
            case .write, .sendRate:
                core.resetsOnClose = true
                return .close
            case .header, .idle:
                return .close
            }
            core.lifecycle.advanceSendRateWindow(at: now)
            return .keepOpen
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

    /// Closes the socket; responses still being produced find the client gone. A client closed for not reading (write
    /// timeout, send rate) is reset: the kernel drops the bytes it still holds for it instead of trickling them out.
    func close() {
        let waiting = core.withLock { core in
            core.isClosed = true
            if core.resetsOnClose {
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            }
            _ = Glibc.close(socket)
            return core.takeReadyCapacityWaiters()
        }
        for callback in waiting { callback() }
    }

    // MARK: Any thread

    func emit(sequence: Int, _ first: [UInt8], _ second: [UInt8], _ third: [UInt8], end: ResponseEnd?) -> Bool {
        let onLoop = loop.isCurrentThread
        let (delivered, needsLoop) = core.withLock { core in
            let delivered = core.emit(sequence: sequence, first, second, third, end: end, onLoop: onLoop)
            if onLoop {
                core.updateInterest()
                // A response that became current may have a waiter to call back, which must not run here.
                guard !core.isScheduled, core.hasReadyCapacityWaiters else { return (delivered, false) }
                core.isScheduled = true
                return (delivered, true)
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

    func whenWritable(sequence: Int, _ callback: @escaping @Sendable () -> Void) -> Bool {
        let needsLoop: Bool? = core.withLock { core in
            guard !core.isClosed, !core.isClientGone else { return nil }
            core.capacityWaiters.append((sequence, callback))
            guard !core.isScheduled, core.hasCapacity(for: sequence) else { return false }
            core.isScheduled = true
            return true
        }
        guard let needsLoop else { return false }
        if needsLoop { loop.schedule(self) }
        return true
    }
}
