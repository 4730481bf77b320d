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
        /// The whole-frame renders under way hold the frame-memory budget.
        case frameMemoryFull
    }

    let cache: RenderCache
    let pool: RenderPool
    let frameMemory: MemoryBudget
    /// Bytes the renders parked for slow clients hold (``GradientServiceConfiguration/parkedRenderBytes``).
    let parkedMemory: MemoryBudget
    private let metrics: ServiceMetrics
    /// Each job's slice for catching a client up (``GradientServiceConfiguration/catchUpSliceBytes``).
    private let catchUpSliceBytes: Int
    /// Renders under way by cache key; guarded by this lock, which is taken before the cache's and the pool's.
    private let inFlight = LockedValue<[String: RenderJob]>([:])

    init(
        cache: RenderCache, pool: RenderPool, frameMemory: MemoryBudget, parkedMemory: MemoryBudget,
        metrics: ServiceMetrics, catchUpSliceBytes: Int
    ) {
        self.cache = cache
        self.pool = pool
        self.frameMemory = frameMemory
        self.parkedMemory = parkedMemory
        self.metrics = metrics
        self.catchUpSliceBytes = catchUpSliceBytes
    }

    /// Joins or starts the render of `identity`, unless the cache already holds it. A render that has stopped
    /// because its clients all left is not joined: a new one takes its place. Its frame memory is worked out before
    /// the lock that every miss takes.
    func acquire(_ identity: ImageIdentity, key: String) -> Acquisition {
        let frameBytes = identity.frameMemoryBytes
        return inFlight.withLock { jobs in
            if let job = jobs[key], job.admit() { return .joined(job) }
            if let image = cache.lookup(key, countsMiss: false) { return .hit(image) }
            guard frameMemory.reserve(frameBytes) else {
                metrics.recordRefusal(format: identity.format)
                return .frameMemoryFull
            }
            let job = RenderJob(
                key: key, identity: identity, frameMemoryBytes: frameBytes, parkedMemory: parkedMemory,
                metrics: metrics, catchUpSliceBytes: catchUpSliceBytes, resume: { [self] in resume($0) })
            _ = job.admit()
            guard pool.submit({ [self] in run(job) }) else {
                frameMemory.release(frameBytes)
                return .overloaded
            }
            jobs[key] = job
            return .started(job)
        }
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
        metrics.recordRender(format: job.identity.format, duration: duration, succeeded: outcome == .succeeded)
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
}
