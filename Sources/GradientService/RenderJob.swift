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
/// each has been sent everything or is gone. Its states and their transitions are ``RenderJobLifecycle``'s. Stream
/// writes happen under the job's lock, so every client sees the bytes in order; callbacks (a response's completion,
/// `resume`) run after it is released.
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

        /// The end of this client's response, run once the job's lock is released.
        func ending(complete: Bool) -> ClientEnding {
            ClientEnding(stream: stream, completion: completion, sentBytes: sent, isComplete: complete)
        }
    }

    /// A client's response ending: its completion is called and its stream finished (or aborted) outside the job's
    /// lock, after the client has left the job's list, so no callback runs under the lock.
    private struct ClientEnding {
        let stream: HTTPResponseStream
        let completion: Completion
        let sentBytes: Int
        let isComplete: Bool

        func run() {
            completion(sentBytes, isComplete)
            if isComplete { stream.finish() } else { stream.abort() }
        }
    }

    /// Whom the render runs for.
    private enum Demand {
        /// No client has attached yet: the request that started the job is on its way.
        case awaitingFirstClient
        /// The attached clients and the admitted requests.
        case clients
        /// A HEAD request asked for the image to be cached: the render goes on with no client.
        case cacheWarming
    }

    private struct State {
        /// Every byte produced so far, in order.
        var bytes: [UInt8] = []
        var clients: [Client] = []
        var nextClientID = 0
        var lifecycle = RenderJobLifecycle.queued
        var demand = Demand.awaitingFirstClient
        /// Requests admitted that have not yet attached a stream (or, for HEAD, asked the job to keep running).
        var admittedRequests = 0
        /// Time the steps so far took on workers.
        var workDuration = Duration.zero
        /// Responses that ended under the lock, run once it is released.
        var endings: [ClientEnding] = []

        /// Moves the lifecycle on; a transition the job does not make is a bug, and leaves the state as it was.
        mutating func apply(_ event: RenderJobLifecycle.Event) {
            do {
                lifecycle = try lifecycle.after(event)
            } catch {
                assertionFailure("render job: \(error.event) in \(error.from)")
            }
        }

        /// Removes the client at `index`, its response ending (completed or cut short) once the lock is released.
        mutating func end(clientAt index: Int, complete: Bool) {
            endings.append(clients[index].ending(complete: complete))
            clients.remove(at: index)
        }

        /// Removes every client for which `shouldEnd` holds, their responses cut short once the lock is released.
        mutating func abortClients(where shouldEnd: (Client) -> Bool) {
            var index = clients.endIndex
            while index > clients.startIndex {
                index -= 1
                if shouldEnd(clients[index]) { end(clientAt: index, complete: false) }
            }
        }
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
    /// Bytes, clients and lifecycle; guarded by this lock (taken through `withState`, which runs the endings after).
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
        withState { state in
            guard state.lifecycle.admitsRequests else { return false }
            state.admittedRequests += 1
            return true
        }
    }

    /// Streams the job's bytes to `stream`: those produced so far as the connection takes them, the rest as they
    /// come.
    func attach(_ stream: HTTPResponseStream, completion: @escaping Completion) {
        withState { state in
            if state.demand == .awaitingFirstClient { state.demand = .clients }
            state.admittedRequests = max(0, state.admittedRequests - 1)
            let client = Client(id: state.nextClientID, stream: stream, completion: completion)
            state.nextClientID += 1
            state.clients.append(client)
            switch state.lifecycle.outcome {
            case .succeeded:
                let index = state.clients.endIndex - 1
                let written = stream.write(state.bytes)
                if written { state.clients[index].sent = state.bytes.count }
                state.end(clientAt: index, complete: written)
            case .failed, .abandoned:
                state.end(clientAt: state.clients.endIndex - 1, complete: false)
            case nil:
                Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
            }
        }
    }

    /// Keeps the render going even when no client is attached (a HEAD request warming the cache).
    func keepRunningWithoutClients() {
        withState { state in
            state.demand = .cacheWarming
            state.admittedRequests = max(0, state.admittedRequests - 1)
        }
    }

    /// Runs the render on the calling worker until it ends, or until a client being sent its response is full: the
    /// job then parks, keeping its render's state, and the worker is free; `resume` queues the next step when the
    /// client has drained (or gone).
    func step() -> StepResult {
        let start = ContinuousClock.now
        let starts = withState { state in
            guard state.lifecycle != .abandoned else { return false }
            state.apply(.stepStarted)
            return true
        }
        guard starts else { return end(.abandoned, since: start) }
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
        withState { state in
            switch state.lifecycle {
            case .abandoned: return false
            case .queued, .rendering, .parked, .resumed, .finished, .failed: break
            }
            if state.demand != .clients || state.admittedRequests > 0 { return true }
            state.abortClients { $0.stream.isClientGone }
            guard state.clients.isEmpty else { return true }
            state.apply(.clientsLeft)
            return false
        }
    }

    /// Where the job is in its life.
    var lifecycle: RenderJobLifecycle { state.withLock { $0.lifecycle } }

    /// Bytes produced so far, held in the job's buffer.
    var producedByteCount: Int { state.withLock { $0.bytes.count } }

    /// All the bytes produced (once rendering has returned): the buffer itself, not a copy. Its spare capacity past
    /// the last byte is never written, so for an image of 128 KiB or more (a block glibc maps of its own under
    /// gradientd's heap settings) those pages are not resident; the cache counts the bytes.
    var producedBytes: [UInt8] {
        state.withLock { $0.bytes }
    }

    /// Ends the job: on success sends every client the rest of the image as its connection takes it and finishes
    /// its stream once it has every byte; otherwise aborts them.
    func complete(_ outcome: Outcome) {
        withState { state in
            state.apply(.ended(outcome))
            guard outcome == .succeeded else { return state.abortClients { _ in true } }
            catchUpAfterRendering(&state)
        }
    }

    /// Runs `body` under the lock, then the client endings it left, outside it.
    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        let (result, endings) = state.withLock { state in
            let result = body(&state)
            let endings = state.endings
            state.endings.removeAll()
            return (result, endings)
        }
        for ending in endings { ending.run() }
        return result
    }

    /// The render's next bytes: sent at once to every client that has all before them and room, kept for the others.
    private func append(_ bytes: UnsafeRawBufferPointer) {
        let chunk = Array(bytes)
        withState { state in
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
        withState { state in
            Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
            guard state.clients.contains(where: \.isFull) else { return false }
            let bytes = state.bytes.count
            guard parkedMemory.reserve(bytes) else {
                state.abortClients(where: \.isFull)
                return false
            }
            guard watchFullClients(&state) else {
                parkedMemory.release(bytes)
                return false
            }
            state.apply(.parked(bytes: bytes))
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
        let resumes = withState { state in
            if let index = state.clients.firstIndex(where: { $0.id == id }) { state.clients[index].isWatched = false }
            switch state.lifecycle {
            case .queued, .rendering, .resumed, .abandoned, .failed:
                Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
                return false
            case .finished:
                catchUpAfterRendering(&state)
                return false
            case .parked(let reservedBytes):
                Self.catchUp(&state, sliceBytes: catchUpSliceBytes)
                if watchFullClients(&state) { return false }
                parkedMemory.release(reservedBytes)
                state.apply(.drained)
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
        var index = state.clients.endIndex
        while index > state.clients.startIndex {
            index -= 1
            if state.clients[index].sent == total { state.end(clientAt: index, complete: true) }
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
                    state.end(clientAt: index, complete: false)
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
            state.clients[index] = client
            if client.stream.isClientGone { state.end(clientAt: index, complete: false) }
        }
    }
}
