import Foundation
import Locking

/// An HTTP/1.1 server: non-blocking sockets driven by one epoll event loop per thread.
///
/// Handlers run on the loop threads and must not block; responses may be sent from any thread.
public final class HTTPServer: Sendable {
    private enum Phase {
        case idle
        case running(loops: [EventLoop], port: Int)
        case stopped
    }

    private let configuration: HTTPServerConfiguration
    private let handler: any HTTPHandler
    private let connectionCounter = ConnectionCounter()
    /// Lifecycle of the server; guarded by this lock.
    private let phase = LockedValue<Phase>(.idle)
    /// Counts running loop threads, for ``waitUntilStopped()``.
    private let running = DispatchGroup()

    /// Creates a server; nothing is bound until ``start()``.
    public init(configuration: HTTPServerConfiguration, handler: some HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// The port being listened on after ``start()`` (the one picked when configured as 0), nil before.
    public var boundPort: Int? {
        phase.withLock { phase in
            if case .running(_, let port) = phase { return port }
            return nil
        }
    }

    /// Connections open now, across all loops.
    public var openConnections: Int { connectionCounter.value }

    /// Response bytes queued for sockets that would block, in every connection of the process (every server's) not
    /// yet released: what ``HTTPLimits/maxQueuedStreamBytes`` and ``HTTPLimits/maxBufferedOutputBytes`` bound per
    /// connection.
    public static var queuedOutputBytes: Int { OutputQueue.processWideBytes.load(ordering: .relaxed) }

    /// Binds the listening sockets and starts the loop threads. Ignores SIGPIPE for the process.
    /// - Throws: ``HTTPServerError`` for a bad address or port, a second start, or a failing system call.
    public func start() throws(HTTPServerError) {
        try phase.withLock { (phase: inout Phase) throws(HTTPServerError) in
            guard case .idle = phase else { throw .alreadyStarted }
            signal(SIGPIPE, SIG_IGN)
            var address = try Listener.claim(SocketAddress.parse(host: configuration.host, port: configuration.port))
            var listeners: [Int32] = []
            var loops: [EventLoop] = []
            do throws(HTTPServerError) {
                for _ in 0..<configuration.eventLoopCount {
                    let listener = try Listener.open(address: address, backlog: configuration.backlog)
                    listeners.append(listener)
                    if SocketAddress.port(of: address) == 0 {
                        address = try Listener.localAddress(of: listener)
                    }
                    loops.append(
                        try EventLoop(
                            listener: listener, limits: configuration.limits, handler: handler,
                            connectionCount: connectionCounter))
                }
            } catch {
                for loop in loops { loop.discard() }
                for listener in listeners { close(listener) }
                throw error
            }
            for (index, loop) in loops.enumerated() {
                running.enter()
                let group = running
                let thread = Thread {
                    loop.run()
                    group.leave()
                }
                thread.name = "http-loop-\(index)"
                thread.start()
            }
            phase = .running(loops: loops, port: SocketAddress.port(of: address))
        }
    }

    /// Stops accepting, closes idle connections and lets in-flight responses finish; connections still open after
    /// `deadline` are closed. Returns at once (safe to call from a signal-handling queue); see
    /// ``waitUntilStopped()``.
    public func shutdown(deadline: Duration) {
        let loops: [EventLoop] = phase.withLock { phase in
            guard case .running(let loops, _) = phase else { return [] }
            phase = .stopped
            return loops
        }
        let instant = ContinuousClock.now + deadline
        for loop in loops { loop.beginShutdown(deadline: instant) }
    }

    /// Blocks until every loop thread has stopped after ``shutdown(deadline:)`` (at once if never started).
    public func waitUntilStopped() {
        running.wait()
    }
}
