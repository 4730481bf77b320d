import GradientCore
import GradientImage
import HTTPCore
import Locking

/// One render of one image identity, shared by every request that wants it while it runs (single-flight).
///
/// The render appends bytes as the encoder produces them (a PNG row by row, WebP and AVIF in one piece) to one
/// growing buffer, which becomes the cache entry. Each attached client's stream gets every byte in order, late
/// joiners first receiving what was already produced.
///
/// The render runs in steps on the pool (``step()``): it goes on while every client being sent its response has
/// room. Back-pressure parks it, on no thread: a client's connection holds at most about
/// ``HTTPLimits/maxQueuedStreamBytes`` unread bytes, and when one is full the step ends, keeping the rasterizer
/// and encoder (``ImageRenderTask``), and the worker is free for other renders. The connection calls the job back
/// on its event loop as it drains (``HTTPResponseStream/whenWritable(_:)``), and the job queues its next step
/// (`resume`). With several clients the render goes at the pace of the slowest one, until that client is closed
/// for reading too little (``HTTPLimits/minimumSendBytes``) or nothing (``HTTPLimits/writeTimeout``); the render
/// then goes on for the others. A job whose clients have all gone stops at its next row, unless a HEAD request
/// started it to fill the cache; a request admitted to the job (``admit()``) counts as a client from then on, and a
/// job that has stopped admits no one, so a request never joins a render that is being abandoned. Once rendering
/// has ended the job stays with its clients, catching each up from its event loop as its connection drains, until
/// each has been sent everything or is gone.
final class RenderJob: Sendable {
    /// How a job ended.
    enum Outcome: Sendable, Equatable, CaseIterable {
        case succeeded
        /// The render or its encoder failed, or the pool stopped.
        case failed
        /// Every client left before the image was done: not a failure of the service.
        case abandoned
    }

    /// Where a step of the render on a worker left it.
    enum StepResult: Sendable, Equatable {
        /// Waiting for a client to drain; `resume` queues the next step.
        case parked
        /// Rendering is over; `workDuration` is the time its steps took on workers.
        case finished(Outcome, workDuration: Duration)
    }

    /// Called once per attached client as its response ends (just before its last bytes are sent): the body bytes
    /// sent and whether it completed.
    typealias Completion = @Sendable (_ bodyBytes: Int, _ isComplete: Bool) -> Void

    private struct Client {
        let id: Int
        let stream: HTTPResponseStream
        let completion: Completion
        /// Bytes of the buffer written to the stream.
        var sent = 0
        /// Whether the stream will call the job back (``HTTPResponseStream/whenWritable(_:)``).
        var isWatched = false

        /// Whether the client, being sent its response, has no room: the render must wait for it.
        var isFull: Bool { !stream.hasCapacity && !stream.isBehindEarlierResponses }
    }

    private enum Phase {
        /// A step runs on a worker, or is queued for one.
        case rendering
        /// Waiting for a full client to drain, on no thread.
        case parked
        /// Rendering is over; clients are caught up as their connections drain.
        case rendered
    }

    private struct State {
        /// Every byte produced so far, in order.
        var bytes: [UInt8] = []
        var clients: [Client] = []
        var nextClientID = 0
        var outcome: Outcome?
        var phase = Phase.rendering
        var hadClient = false
        var runsWithoutClients = false
        /// Requests admitted that have not yet attached a stream (or, for HEAD, asked the job to keep running).
        var admittedRequests = 0
        /// Whether ``shouldContinue()`` has told the render to stop because every client had gone.
        var isAbandoned = false
        /// Time the steps so far took on workers.
        var workDuration = Duration.zero
        /// Bytes reserved in `parkedMemory` while parked.
        var parkedBytes = 0
    }

    /// The cache key, the identity's ``ImageIdentity/cacheKey``.
    let key: String
    /// What is rendered.
    let identity: ImageIdentity
    /// The identity's ETag.
    let etag: String
    /// Frame memory reserved for the render (``ImageIdentity/frameMemoryBytes``), released when it ends.
    let frameMemoryBytes: Int
    /// What the parked renders hold (``GradientServiceConfiguration/parkedRenderBytes``).
    private let parkedMemory: MemoryBudget
    /// Counts the pauses for slow clients.
    private let metrics: ServiceMetrics
    /// Most bytes copied from the buffer into one write to a client that is behind
    /// (``GradientServiceConfiguration/catchUpSliceBytes``).
    private let catchUpSliceBytes: Int
    /// Queues the next ``step()`` of a parked job on a worker, once its clients have room; called on an event loop.
    private let resume: @Sendable (RenderJob) -> Void
    /// Bytes, clients and outcome; guarded by this lock. Stream writes happen under it, so every client sees
    /// the bytes in order.
    private let state = LockedValue(State())
    /// The rasterizer and encoder between steps; held by the step that runs (a job runs on one worker at a time,
    /// so it is never contended), and emptied when rendering ends.
    private let task = LockedValue<ImageRenderTask?>(nil)

    init(
        key: String, identity: ImageIdentity, frameMemoryBytes: Int, parkedMemory: MemoryBudget,
        metrics: ServiceMetrics, catchUpSliceBytes: Int, resume: @escaping @Sendable (RenderJob) -> Void
    ) {
        self.parkedMemory = parkedMemory
        self.key = key
        self.identity = identity
        self.etag = identity.etag
        self.frameMemoryBytes = frameMemoryBytes
        self.metrics = metrics
        self.catchUpSliceBytes = catchUpSliceBytes
        self.resume = resume
    }

    /// Admits one more request, which will then ``attach(_:completion:)`` or ``keepRunningWithoutClients()``; until
    /// it does, it keeps the render going. False once the render has stopped for want of clients or has failed:
    /// the request needs a render of its own.
    func admit() -> Bool {
        state.withLock { state in
            guard !state.isAbandoned && state.outcome != .failed && state.outcome != .abandoned else { return false }
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
            case .failed, .abandoned:
                completion(0, false)
                stream.abort()
            case nil:
                state.clients.append(Client(id: state.nextClientID, stream: stream, completion: completion))
                state.nextClientID += 1
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

    /// Runs the render on the calling worker until it ends, or until a client being sent its response is full: the
    /// job then parks, keeping its render's state, and the worker is free; `resume` queues the next step when the
    /// client has drained (or gone).
    func step() -> StepResult {
        let start = ContinuousClock.now
        while true {
            let isComplete: Bool
            do {
                isComplete = try task.withLock { task throws(RenderError) in
                    let render = task ?? ImageRenderTask(identity) { [unowned self] in append($0) }
                    task = render
                    return try render.advance(while: mayProceed)
                }
            } catch {
                return end(.failed, since: start)
            }
            if isComplete { return end(.succeeded, since: start) }
            guard shouldContinue() else { return end(.abandoned, since: start) }
            if park(since: start) { return .parked }
        }
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

    /// Bytes produced so far, held in the job's buffer.
    var producedByteCount: Int { state.withLock { $0.bytes.count } }

    /// All the bytes produced (once rendering has returned): the buffer itself, not a copy. Its spare capacity past
    /// the last byte is never written, so for an image of 128 KiB or more (a block glibc maps of its own under
    /// gradientd's heap settings) those pages are not resident; the cache counts the bytes.
    var producedBytes: [UInt8] {
        state.withLock { $0.bytes }
    }

    /// Ends the job: on success sends every client the rest of the image as its connection takes it and finishes
    /// its stream once it has every byte; on failure aborts them.
    func complete(_ outcome: Outcome) {
        state.withLock { state in
            state.outcome = outcome
            state.phase = .rendered
            guard outcome == .succeeded else {
                for client in state.clients {
                    client.completion(client.sent, false)
                    client.stream.abort()
                }
                state.clients.removeAll()
                return
            }
            catchUpAfterRendering(&state)
        }
    }

    /// The render's next bytes: sent at once to every client that has all before them and room, kept for the others.
    private func append(_ bytes: UnsafeRawBufferPointer) {
        let chunk = Array(bytes)
        state.withLock { state in
            let start = state.bytes.count
            state.bytes.append(contentsOf: chunk)
            for index in state.clients.indices where state.clients[index].sent == start {
                guard state.clients[index].stream.hasCapacity else { continue }
                if state.clients[index].stream.write(chunk) { state.clients[index].sent = state.bytes.count }
            }
            Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
        }
    }

    /// Asked before each row: false once the job is abandoned or a client being sent its response is full.
    private func mayProceed() -> Bool {
        shouldContinue() && !state.withLock { state in state.clients.contains { $0.isFull } }
    }

    /// The render has stopped with a client full: parks the job, asking each full client to call back. False when
    /// they all have room again by now, or when the parked renders already hold their budget: the full clients are
    /// then closed, and the step goes on for the others (or finds itself abandoned).
    private func park(since start: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
            guard state.clients.contains(where: \.isFull) else { return false }
            let bytes = state.bytes.count
            guard parkedMemory.reserve(bytes) else {
                state.clients.removeAll { client in
                    guard client.isFull else { return false }
                    client.completion(client.sent, false)
                    client.stream.abort()
                    return true
                }
                return false
            }
            guard watchFullClients(&state) else {
                parkedMemory.release(bytes)
                return false
            }
            state.parkedBytes = bytes
            state.phase = .parked
            state.workDuration += ContinuousClock.now - start
            metrics.recordRenderPaused()
            return true
        }
    }

    /// Records the end of rendering and frees the render's state.
    private func end(_ outcome: Outcome, since start: ContinuousClock.Instant) -> StepResult {
        task.withLock { $0 = nil }
        let duration = state.withLock { state in
            state.workDuration += ContinuousClock.now - start
            return state.workDuration
        }
        return .finished(outcome, workDuration: duration)
    }

    /// Client `id`'s connection has room again or closed (on its event loop): catches clients up, and resumes a
    /// parked render once no client is full.
    private func clientDrained(_ id: Int) {
        let resumes = state.withLock { state in
            if let index = state.clients.firstIndex(where: { $0.id == id }) { state.clients[index].isWatched = false }
            switch state.phase {
            case .rendering:
                Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
                return false
            case .rendered:
                catchUpAfterRendering(&state)
                return false
            case .parked:
                Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
                if watchFullClients(&state) { return false }
                parkedMemory.release(state.parkedBytes)
                state.parkedBytes = 0
                state.phase = .rendering
                metrics.recordRenderResumed()
                return true
            }
        }
        if resumes { resume(self) }
    }

    /// Asks every full client that is not yet watched to call back when it drains; drops clients found gone.
    /// Returns whether some client is full.
    private func watchFullClients(_ state: inout State) -> Bool {
        watch(&state) { $0.isFull }
    }

    /// Once rendering has succeeded: finishes the clients that have every byte and watches the others (full, or
    /// behind earlier responses of their connections), which are caught up as they drain.
    private func catchUpAfterRendering(_ state: inout State) {
        Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
        let total = state.bytes.count
        state.clients.removeAll { client in
            guard client.sent == total else { return false }
            client.completion(total, true)
            client.stream.finish()
            return true
        }
        _ = watch(&state) { _ in true }
    }

    /// Asks each client that `needsWatching` and is not yet watched to call back when its connection has room;
    /// drops the clients found gone. Returns whether any client that needs watching remains.
    private func watch(_ state: inout State, where needsWatching: (Client) -> Bool) -> Bool {
        var watching = false
        var index = state.clients.endIndex
        while index > state.clients.startIndex {
            index -= 1
            guard needsWatching(state.clients[index]) else { continue }
            if !state.clients[index].isWatched {
                let id = state.clients[index].id
                guard state.clients[index].stream.whenWritable({ [self] in clientDrained(id) }) else {
                    state.clients[index].completion(state.clients[index].sent, false)
                    state.clients.remove(at: index)
                    continue
                }
                state.clients[index].isWatched = true
            }
            watching = true
        }
        return watching
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
