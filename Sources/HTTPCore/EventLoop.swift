import CEpoll
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One epoll loop on its own thread: accepts from its listening socket, reads and parses requests, flushes output
/// and runs the connection timers. Other threads reach it only through `inbox` and `command` (each behind a
/// lock) and a wake-up eventfd; the connection table lives on the loop thread's stack.
final class EventLoop: Sendable {
    static let readEvents = EPOLLIN.rawValue
    static let writeEvents = EPOLLOUT.rawValue

    let epoll: Int32
    private let wakeFD: Int32
    private let listener: Int32
    private let limits: HTTPLimits
    private let handler: any HTTPHandler
    private let connectionCount: ConnectionCounter
    private let threadID = Atomic<UInt>(0)
    /// Connections that other threads need serviced on the loop thread.
    private let inbox = LockedValue<[Connection]>([])
    /// The shutdown deadline once shutdown has begun.
    private let shutdownDeadline = LockedValue<ContinuousClock.Instant?>(nil)

    init(
        listener: Int32, limits: HTTPLimits, handler: any HTTPHandler, connectionCount: ConnectionCounter
    )
        throws(HTTPServerError)
    {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw .systemCallFailed(call: "epoll_create1", errno: errno) }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            _ = Glibc.close(epoll)
            throw .systemCallFailed(call: "eventfd", errno: errno)
        }
        self.listener = listener
        self.limits = limits
        self.handler = handler
        self.connectionCount = connectionCount
        register(wakeFD, events: Self.readEvents)
        register(listener, events: Self.readEvents)
    }

    /// Releases the descriptors of a loop that will never run (start-up failed after it was made).
    func discard() {
        _ = Glibc.close(wakeFD)
        _ = Glibc.close(epoll)
    }

    /// Whether the caller runs on this loop's thread.
    var isCurrentThread: Bool { threadID.load(ordering: .relaxed) == UInt(pthread_self()) }

    /// Asks the loop thread to service `connection` (write the bytes other threads queued, close it, or parse
    /// requests it had paused on), waking the loop through its eventfd.
    func schedule(_ connection: Connection) {
        inbox.withLock { $0.append(connection) }
        wake()
    }

    /// Stops accepting, closes idle connections and lets the others finish until `deadline`.
    func beginShutdown(deadline: ContinuousClock.Instant) {
        shutdownDeadline.withLock { $0 = $0 ?? deadline }
        wake()
    }

    private func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    private func register(_ fd: Int32, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        _ = epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    }

    /// Runs until shutdown completes; call on the loop's own thread.
    func run() {
        threadID.store(UInt(pthread_self()), ordering: .relaxed)
        var state = LoopState(sweepInterval: Self.sweepInterval(for: limits))
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, limits.readBufferBytes), alignment: 16)
        let events = UnsafeMutableBufferPointer<epoll_event>.allocate(capacity: max(1, limits.eventsPerWait))
        defer {
            scratch.deallocate()
            events.deallocate()
            _ = Glibc.close(wakeFD)
            _ = Glibc.close(epoll)
        }
        while true {
            let count = epoll_wait(epoll, events.baseAddress, Int32(events.count), state.waitMilliseconds)
            if count < 0 && errno != EINTR { break }
            for index in 0..<max(0, Int(count)) {
                let fd = events[index].data.fd
                let flags = events[index].events
                if fd == listener {
                    acceptConnections(&state)
                } else if fd == wakeFD {
                    serviceInbox(&state)
                } else if let connection = state.connection(for: fd) {
                    serviceEvent(flags, on: connection, scratch: scratch, state: &state)
                }
            }
            let now = ContinuousClock.now
            if now >= state.nextSweep {
                sweep(&state, now: now)
                if state.isStopped { break }
            }
        }
        state.closeAll(counter: connectionCount)
    }

    private func serviceEvent(
        _ flags: UInt32, on connection: Connection, scratch: UnsafeMutableRawBufferPointer, state: inout LoopState
    ) {
        if flags & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            state.close(connection, counter: connectionCount)
            return
        }
        var disposition = Connection.Disposition.keepOpen
        if flags & Self.writeEvents != 0 {
            disposition = connection.writable()
            if disposition == .keepOpen && flags & Self.readEvents == 0 {
                disposition = connection.processInput(handler: handler)
            }
        }
        if disposition == .keepOpen, flags & Self.readEvents != 0 {
            disposition = connection.readable(scratch: scratch, handler: handler)
        }
        if disposition == .close { state.close(connection, counter: connectionCount) }
    }

    private func serviceInbox(_ state: inout LoopState) {
        var value: UInt64 = 0
        _ = Glibc.read(wakeFD, &value, 8)
        let pending = inbox.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        for connection in pending where state.connection(for: connection.socket) === connection {
            var disposition = connection.writable()
            if disposition == .keepOpen { disposition = connection.processInput(handler: handler) }
            if disposition == .close { state.close(connection, counter: connectionCount) }
        }
        if state.drainDeadline == nil, let deadline = shutdownDeadline.withLock({ $0 }) {
            state.drainDeadline = deadline
            state.nextSweep = .now
            _ = epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
            _ = Glibc.close(listener)
            for connection in state.openConnections where connection.beginDraining() == .close {
                state.close(connection, counter: connectionCount)
            }
        }
    }

    private func acceptConnections(_ state: inout LoopState) {
        for _ in 0..<64 {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let socket = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept4(listener, $0, &length, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
                }
            }
            if socket < 0 {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    _ = epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
                    state.acceptPausedUntil = .now + limits.acceptPauseAfterExhaustion
                    state.nextSweep = min(state.nextSweep, state.acceptPausedUntil!)
                    return
                default: return
                }
            }
            guard connectionCount.tryIncrement(limit: limits.maxConnections) else {
                _ = Glibc.close(socket)
                continue
            }
            var one: Int32 = 1
            _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let connection = Connection(
                socket: socket, info: SocketAddress.describe(address), loop: self, limits: limits, now: .now)
            state.add(connection)
            register(socket, events: Self.readEvents)
        }
    }

    private func sweep(_ state: inout LoopState, now: ContinuousClock.Instant) {
        state.nextSweep = now + state.sweepInterval
        if let until = state.acceptPausedUntil, now >= until, state.drainDeadline == nil {
            state.acceptPausedUntil = nil
            register(listener, events: Self.readEvents)
        }
        for connection in state.openConnections where connection.checkTimeouts(at: now) == .close {
            state.close(connection, counter: connectionCount)
        }
        if let deadline = state.drainDeadline, state.openConnections.isEmpty || now >= deadline {
            state.isStopped = true
        }
    }

    /// How often timers are checked: a quarter of the shortest timeout (or send-rate window), within the limits' sweep interval bounds.
    private static func sweepInterval(for limits: HTTPLimits) -> Duration {
        let shortest = min(limits.headerTimeout, limits.idleTimeout, limits.writeTimeout, limits.sendRateWindow)
        return min(max(shortest / 4, limits.minimumTimerSweepInterval), limits.maximumTimerSweepInterval)
    }
}
