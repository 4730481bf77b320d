import GradientCore
import GradientImage
import Locking

/// Finds an image in the cache, or the render already producing it, or starts one on the pool.
///
/// A render's bytes enter the cache only when it completed; a failed or cancelled render leaves nothing behind.
final class RenderCoordinator: Sendable {
    /// What a request for an image gets.
    enum Acquisition {
        /// The cached image.
        case hit(CachedImage)
        /// A render started for this request.
        case started(RenderJob)
        /// A render already under way for another request.
        case joined(RenderJob)
        /// The render queue is full.
        case overloaded
        /// The frame-memory queue is full, or the request waited for frame memory until its deadline.
        case frameMemoryFull
        /// The image needs more frame memory than one request may reserve (`bytes` against `limit`).
        case frameMemoryOverLimit(bytes: Int, limit: Int)
    }

    let cache: RenderCache
    let pool: RenderPool
    let frameMemory: FrameMemoryQueue
    /// Bytes the renders parked for slow clients hold (``GradientServiceConfiguration/parkedRenderBytes``).
    let parkedMemory: MemoryBudget
    private let metrics: ServiceMetrics
    /// Each job's slice for catching a client up (``GradientServiceConfiguration/catchUpSliceBytes``).
    private let catchUpSliceBytes: Int
    /// Renders under way by cache key; guarded by this lock, which is taken before the cache's and the pool's.
    private let inFlight = LockedValue<[String: RenderJob]>([:])

    init(
        cache: RenderCache, pool: RenderPool, frameMemory: FrameMemoryQueue, parkedMemory: MemoryBudget,
        metrics: ServiceMetrics, catchUpSliceBytes: Int
    ) {
        self.cache = cache
        self.pool = pool
        self.frameMemory = frameMemory
        self.parkedMemory = parkedMemory
        self.metrics = metrics
        self.catchUpSliceBytes = catchUpSliceBytes
    }

    /// Joins or starts the render of `identity`, unless the cache already holds it, and calls `answer` with what
    /// the request gets: at once, or, when the render waits for frame memory, once it has it or its deadline has
    /// passed (then from the thread that released the memory, or a timer's). A render that has stopped because its
    /// clients all left is not joined: a new one takes its place. Its frame memory is worked out before the lock
    /// that every miss takes.
    func acquire(_ identity: ImageIdentity, key: String, answer: @escaping @Sendable (Acquisition) -> Void) {
        let frameBytes = identity.frameMemoryBytes
        let now = inFlight.withLock { jobs -> Acquisition? in
            if let job = jobs[key], job.admit() { return .joined(job) }
            if let image = cache.lookup(key, countsMiss: false) { return .hit(image) }
            let admission = frameMemory.reserve(frameBytes) { [self] outcome in
                switch outcome {
                case .reserved:
                    answer(startReserved(identity, key: key, frameBytes: frameBytes))
                case .timedOut:
                    metrics.recordRefusal(format: identity.format)
                    answer(.frameMemoryFull)
                }
            }
            switch admission {
            case .reserved:
                return start(identity, key: key, frameBytes: frameBytes, jobs: &jobs)
            case .waiting:
                return nil
            case .queueFull:
                metrics.recordRefusal(format: identity.format)
                return .frameMemoryFull
            case .overRequestLimit:
                metrics.recordRefusal(format: identity.format)
                return .frameMemoryOverLimit(bytes: frameBytes, limit: frameMemory.requestLimitBytes)
            }
        }
        if case .overloaded = now { frameMemory.release(frameBytes) }
        if let now { answer(now) }
    }

    /// What a request gets once its frame memory is reserved: the render another request started meanwhile, the
    /// image it left in the cache, or a render of its own holding the reservation. A reservation left unused is
    /// released after the lock, since releasing grants other waiters, which take the lock.
    private func startReserved(_ identity: ImageIdentity, key: String, frameBytes: Int) -> Acquisition {
        let acquisition = inFlight.withLock { jobs -> Acquisition in
            if let job = jobs[key], job.admit() { return .joined(job) }
            if let image = cache.lookup(key, countsMiss: false) { return .hit(image) }
            return start(identity, key: key, frameBytes: frameBytes, jobs: &jobs)
        }
        if case .started = acquisition { return acquisition }
        frameMemory.release(frameBytes)
        return acquisition
    }

    /// Starts a render of `identity` holding `frameBytes` of frame memory, under the lock of `jobs`; on
    /// ``Acquisition/overloaded`` the caller releases the frame memory.
    private func start(
        _ identity: ImageIdentity, key: String, frameBytes: Int, jobs: inout [String: RenderJob]
    ) -> Acquisition {
        let job = RenderJob(
            key: key, identity: identity, frameMemoryBytes: frameBytes, parkedMemory: parkedMemory,
            metrics: metrics, catchUpSliceBytes: catchUpSliceBytes, resume: { [self] in resume($0) })
        _ = job.admit()
        guard pool.submit({ [self] in run(job) }) else { return .overloaded }
        jobs[key] = job
        return .started(job)
    }

    /// Runs a step of `job` on a pool thread; once rendering is over, ends the job.
    private func run(_ job: RenderJob) {
        guard case .finished(let outcome, let workDuration) = job.step() else { return }
        end(job, outcome, workDuration: workDuration)
    }

    /// Queues the next step of a parked job whose clients have room again (called on an event loop). A pool that
    /// has stopped ends the job as failed.
    private func resume(_ job: RenderJob) {
        guard pool.resume({ [self] in run(job) }) else { return end(job, .failed, workDuration: .zero) }
    }

    /// Releases the job's frame memory and stores the image only when complete, before the last bytes go out, so a
    /// client that has the whole image and asks again finds it in the cache. The render's duration is the time its
    /// steps ran on workers, without the time it was parked for slow clients.
    private func end(_ job: RenderJob, _ outcome: RenderJob.Outcome, workDuration duration: Duration) {
        frameMemory.release(job.frameMemoryBytes)
        metrics.recordRender(format: job.identity.format, duration: duration, outcome: outcome)
        let bytes = outcome == .succeeded ? job.producedBytes : nil
        inFlight.withLock { jobs in
            if let bytes {
                let image = CachedImage(
                    bytes: bytes, etag: job.etag, mediaType: job.identity.mediaType, renderDuration: duration)
                cache.insert(image, forKey: job.key)
            }
            if jobs[job.key] === job { jobs[job.key] = nil }
        }
        job.complete(outcome)
    }

    /// Renders under way.
    var renderCount: Int { inFlight.withLock { $0.count } }

    /// Bytes the renders under way hold in their buffers (parked ones included).
    var renderBufferBytes: Int { inFlight.withLock { $0.values.reduce(0) { $0 + $1.producedByteCount } } }
}
