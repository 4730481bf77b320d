import GradientCore
import GradientImage
import Synchronization

/// Finds a spec's PNG in the cache, or the render already producing it, or starts one on the pool.
///
/// A render's bytes enter the cache only when it completed; a failed or cancelled render leaves nothing behind.
final class RenderCoordinator: Sendable {
    /// What a request for a spec gets.
    enum Acquisition {
        /// The cached image.
        case hit(CachedImage)
        /// A render started for this request.
        case started(RenderJob)
        /// A render already under way for another request.
        case joined(RenderJob)
        /// The render queue is full.
        case overloaded
    }

    let cache: RenderCache
    let pool: RenderPool
    private let metrics: ServiceMetrics
    /// Renders under way by key; guarded by this `Mutex`, which is taken before the cache's and the pool's.
    private let inFlight = Mutex<[String: RenderJob]>([:])

    init(cache: RenderCache, pool: RenderPool, metrics: ServiceMetrics) {
        self.cache = cache
        self.pool = pool
        self.metrics = metrics
    }

    /// Joins or starts the render of `spec` (whose canonical form is `key`), unless the cache already holds it.
    func acquire(key: String, spec: GradientSpec, etag: String) -> Acquisition {
        inFlight.withLock { jobs in
            if let job = jobs[key] { return .joined(job) }
            if let image = cache.lookup(key, countsMiss: false) { return .hit(image) }
            let job = RenderJob(key: key, spec: spec, etag: etag)
            guard pool.submit({ [self] in run(job) }) else { return .overloaded }
            jobs[key] = job
            return .started(job)
        }
    }

    /// Renders on a pool thread; stores the PNG only when complete, before the last bytes go out, so a client that
    /// has the whole image and asks again finds it in the cache.
    private func run(_ job: RenderJob) {
        let start = ContinuousClock.now
        var outcome = RenderJob.Outcome.succeeded
        do {
            try GradientPNG.render(job.spec, shouldContinue: job.shouldContinue) { job.append($0) }
        } catch {
            outcome = .failed
        }
        metrics.recordRender(duration: ContinuousClock.now - start, succeeded: outcome == .succeeded)
        let png = outcome == .succeeded ? job.producedBytes : nil
        inFlight.withLock { jobs in
            if let png { cache.insert(CachedImage(png: png, etag: job.etag), forKey: job.key) }
            jobs[job.key] = nil
        }
        job.complete(outcome)
    }

    /// Renders under way.
    var renderCount: Int { inFlight.withLock { $0.count } }
}
