import GradientCore

#if canImport(Glibc)
    import Glibc
#endif

/// What the service caches, how many renders it runs at once and what it accepts.
public struct GradientServiceConfiguration: Sendable {
    /// Most bytes of image data the cache holds. Default 268,435,456 (256 MiB). An image larger than this is served
    /// but not cached.
    public var cacheBytes: Int
    /// Most entries the cache holds. Default 65,536.
    public var cacheEntries: Int
    /// Render worker threads. Default: the number of active processors.
    public var renderWorkers: Int
    /// Most renders waiting for a worker; past it requests that need a render get 503 with `Retry-After: 1`.
    /// Default 64.
    public var renderQueueLimit: Int
    /// Limits on what a `/gradient` query may ask for. Default: the API contract's limits.
    public var specLimits: SpecLimits
    /// Most bytes the whole-frame renders (WebP, AVIF) may hold at once, each counted at its encoder's measured
    /// peak (``ImageIdentity/frameMemoryBytes``); a render that does not fit waits for memory
    /// (``frameMemoryQueueLimit``, ``frameMemoryWait``). Default 1,073,741,824 (1 GiB): with
    /// ``frameMemoryRequestShare`` it lets the largest whole-frame image the API allows (16,777,216 pixels, at most
    /// 650 MB as AVIF 4:4:4) render beside smaller ones.
    public var frameMemoryBytes: Int
    /// The share of ``frameMemoryBytes`` one request may reserve; an image that needs more is refused with 400
    /// (`format=auto` answers with PNG), since waiting would not help. Default 0.625.
    public var frameMemoryRequestShare: Double
    /// Most requests waiting for frame memory at once; past it they get 503 with `Retry-After: 1`. Default 64.
    public var frameMemoryQueueLimit: Int
    /// How long a request waits for frame memory before it gets 503 with `Retry-After: 1` (`format=auto`: PNG).
    /// Default 5 seconds.
    public var frameMemoryWait: Duration
    /// Most raw query strings whose cache keys are remembered, so that a repeated URL reaches its cache entry
    /// without being parsed again; when full, the memo is emptied and refills from the traffic. Default 16,384
    /// queries.
    public var queryMemoEntries: Int
    /// Most bytes of a render's output copied into one write to a client that is behind it (one that joined a
    /// render under way, or whose connection paused it): the client is caught up in slices of this size as its
    /// connection takes them. Default 262,144 (256 KiB).
    public var catchUpSliceBytes: Int
    /// Most bytes the renders parked for slow clients may hold at once, each counted at the bytes it has produced
    /// (kept for the cache and for clients that join). A render that would park past it closes the clients that
    /// hold it (``HTTPLimits/minimumSendBytes`` closes the slowest in time anyway) and goes on for the others.
    /// Default 67,108,864 (64 MiB).
    public var parkedRenderBytes: Int

    /// Creates a configuration; every argument defaults to the value documented on its property.
    public init(
        cacheBytes: Int = 256 * 1024 * 1024, cacheEntries: Int = 65536, renderWorkers: Int? = nil,
        renderQueueLimit: Int = 64, specLimits: SpecLimits = .standard, frameMemoryBytes: Int = 1024 * 1024 * 1024,
        frameMemoryRequestShare: Double = 0.625, frameMemoryQueueLimit: Int = 64,
        frameMemoryWait: Duration = .seconds(5), queryMemoEntries: Int = 16384, catchUpSliceBytes: Int = 256 * 1024,
        parkedRenderBytes: Int = 64 * 1024 * 1024
    ) {
        self.cacheBytes = cacheBytes
        self.cacheEntries = cacheEntries
        self.renderWorkers = max(1, renderWorkers ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        self.renderQueueLimit = renderQueueLimit
        self.specLimits = specLimits
        self.frameMemoryBytes = frameMemoryBytes
        self.frameMemoryRequestShare = min(max(frameMemoryRequestShare, 0), 1)
        self.frameMemoryQueueLimit = max(0, frameMemoryQueueLimit)
        self.frameMemoryWait = max(.zero, frameMemoryWait)
        self.queryMemoEntries = queryMemoEntries
        self.catchUpSliceBytes = max(1, catchUpSliceBytes)
        self.parkedRenderBytes = parkedRenderBytes
    }
}
