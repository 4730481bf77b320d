import GradientCore
import GradientImage
import HTTPCore
import Locking

/// One render of one image identity, shared by every request that wants it while it runs (single-flight).
///
/// The render thread appends bytes as the encoder produces them (a PNG row by row, WebP and AVIF in one piece) to
/// one growing buffer, which becomes the cache entry. Each attached client's stream gets every byte in order, late
/// joiners first receiving what was already produced.
///
/// Back-pressure: a client's connection holds at most about ``HTTPLimits/maxQueuedStreamBytes`` unread bytes; past
/// that the render pauses until it drains. With several clients the render goes at the pace of the slowest one, up
/// to that bound: a client that reads nothing is closed by the server's write timeout (``HTTPLimits/writeTimeout``),
/// and the render goes on for the others. A job whose clients have all gone stops at the next row, unless a HEAD
/// request started it to fill the cache; a request admitted to the job (``admit()``) counts as a client from then
/// on, and a job that has stopped admits no one, so a request never joins a render that is being abandoned. Once
/// rendering has ended the job stays with its clients until each has been sent everything or is gone.
final class RenderJob: Sendable {
    /// How a job ended.
    enum Outcome: Sendable, Equatable {
        case succeeded
        case failed
    }

    /// Called once per attached client as its response ends (just before its last bytes are sent): the body bytes
    /// sent and whether it completed.
    typealias Completion = @Sendable (_ bodyBytes: Int, _ isComplete: Bool) -> Void

    private struct Client {
        let stream: HTTPResponseStream
        let completion: Completion
        /// Bytes of the buffer written to the stream.
        var sent = 0
    }

    private struct State {
        /// Every byte produced so far, in order.
        var bytes: [UInt8] = []
        var clients: [Client] = []
        var outcome: Outcome?
        var hadClient = false
        var runsWithoutClients = false
        /// Requests admitted that have not yet attached a stream (or, for HEAD, asked the job to keep running).
        var admittedRequests = 0
        /// Whether ``shouldContinue()`` has told the render to stop because every client had gone.
        var isAbandoned = false
    }

    /// The cache key, the identity's ``ImageIdentity/cacheKey``.
    let key: String
    /// What is rendered.
    let identity: ImageIdentity
    /// The identity's ETag.
    let etag: String
    /// Counts the pauses for slow clients.
    private let metrics: ServiceMetrics
    /// Most bytes copied from the buffer into one write to a client that is behind
    /// (``GradientServiceConfiguration/catchUpSliceBytes``).
    private let catchUpSliceBytes: Int
    /// Bytes, clients and outcome; guarded by this lock. Stream writes happen under it, so every client sees
    /// the bytes in order. Waiting for a client to read happens outside it.
    private let state = LockedValue(State())

    init(key: String, identity: ImageIdentity, metrics: ServiceMetrics, catchUpSliceBytes: Int) {
        self.key = key
        self.identity = identity
        self.etag = identity.etag
        self.metrics = metrics
        self.catchUpSliceBytes = catchUpSliceBytes
    }

    /// Admits one more request, which will then ``attach(_:completion:)`` or ``keepRunningWithoutClients()``; until
    /// it does, it keeps the render going. False once the render has stopped for want of clients or has failed:
    /// the request needs a render of its own.
    func admit() -> Bool {
        state.withLock { state in
            guard !state.isAbandoned && state.outcome != .failed else { return false }
            state.admittedRequests += 1
            return true
        }
    }

    /// Streams the job's bytes to `stream`: those produced so far as the connection takes them, the rest as they
    /// come.
    func attach(_ stream: HTTPResponseStream, completion: @escaping Completion) {
        state.withLock { state in
            state.hadClient = true
            state.admittedRequests = max(0, state.admittedRequests - 1)
            switch state.outcome {
            case .succeeded:
                guard stream.write(state.bytes) else { return completion(0, false) }
                completion(state.bytes.count, true)
                stream.finish()
            case .failed:
                completion(0, false)
                stream.abort()
            case nil:
                state.clients.append(Client(stream: stream, completion: completion))
                Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
            }
        }
    }

    /// Keeps the render going even when no client is attached (a HEAD request warming the cache).
    func keepRunningWithoutClients() {
        state.withLock { state in
            state.runsWithoutClients = true
            state.admittedRequests = max(0, state.admittedRequests - 1)
        }
    }

    /// Appends encoded bytes and sends them to every client, then waits while a client has its queue bound unread
    /// (back-pressure); clients that are gone are dropped.
    func append(_ bytes: UnsafeRawBufferPointer) {
        let chunk = Array(bytes)
        state.withLock { state in
            let start = state.bytes.count
            state.bytes.append(contentsOf: chunk)
            for index in state.clients.indices where state.clients[index].sent == start {
                guard state.clients[index].stream.hasCapacity else { continue }
                if state.clients[index].stream.write(chunk) { state.clients[index].sent = state.bytes.count }
            }
        }
        waitForSlowClients(finishing: false)
    }

    /// Whether rendering should go on: some client is still there or admitted, none has attached yet, or the job
    /// warms the cache. Once it answers false the job admits no one.
    func shouldContinue() -> Bool {
        state.withLock { state in
            if state.runsWithoutClients || !state.hadClient || state.admittedRequests > 0 { return true }
            state.clients.removeAll { client in
                guard client.stream.isClientGone else { return false }
                client.completion(client.sent, false)
                return true
            }
            if state.clients.isEmpty { state.isAbandoned = true }
            return !state.isAbandoned
        }
    }

    /// All the bytes produced (once rendering has returned): the buffer itself, not a copy. Its spare capacity past
    /// the last byte is never written, so for an image of 128 KiB or more (a block glibc maps of its own under
    /// gradientd's heap settings) those pages are not resident; the cache counts the bytes.
    var producedBytes: [UInt8] {
        state.withLock { $0.bytes }
    }

    /// Ends the job: on success sends every client the rest of the image and finishes its stream (each as soon as it
    /// has every byte); on failure aborts them.
    func complete(_ outcome: Outcome) {
        state.withLock { $0.outcome = outcome }
        if outcome == .succeeded { waitForSlowClients(finishing: true) }
        state.withLock { state in
            let total = state.bytes.count
            for client in state.clients {
                let isComplete = outcome == .succeeded && client.sent == total
                client.completion(client.sent, isComplete)
                if isComplete { client.stream.finish() } else { client.stream.abort() }
            }
            state.clients.removeAll()
        }
    }

    /// Blocks until every client that is being sent its response has been sent every byte and has fewer than its
    /// bound unread, or is gone. Clients whose responses wait behind earlier ones on their connections fall behind
    /// (the buffer keeps their bytes) and are caught up later; when `finishing`, clients that have every byte are
    /// finished, and the job also waits for those behind earlier responses, which may be finished responses of
    /// this job.
    private func waitForSlowClients(finishing: Bool) {
        var paused = false
        defer { if paused { metrics.recordRenderResumed() } }
        while true {
            let slowest: HTTPResponseStream? = state.withLock { state in
                Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
                let total = state.bytes.count
                if finishing {
                    state.clients.removeAll { client in
                        guard client.sent == total else { return false }
                        client.completion(total, true)
                        client.stream.finish()
                        return true
                    }
                }
                let full = state.clients.first { !$0.stream.hasCapacity && !$0.stream.isBehindEarlierResponses }
                if let full { return full.stream }
                return finishing ? state.clients.first { $0.stream.isBehindEarlierResponses }?.stream : nil
            }
            guard let slowest else { return }
            if !paused {
                paused = true
                metrics.recordRenderPaused()
            }
            slowest.waitForCapacity()
        }
    }

    /// Writes to each client that is behind, in slices of at most `sliceBytes`, while its connection has capacity;
    /// drops clients that are gone.
    private static func catchUp(_ state: inout State, sliceBytes: Int) {
        let total = state.bytes.count
        var index = state.clients.endIndex
        while index > state.clients.startIndex {
            index -= 1
            var client = state.clients[index]
            while client.sent < total && client.stream.hasCapacity {
                let end = min(total, client.sent + sliceBytes)
                let slice = client.sent == 0 && end == total ? state.bytes : Array(state.bytes[client.sent..<end])
                guard client.stream.write(slice) else { break }
                client.sent = end
            }
            if client.stream.isClientGone {
                client.completion(client.sent, false)
                state.clients.remove(at: index)
            } else {
                state.clients[index] = client
            }
        }
    }
}
