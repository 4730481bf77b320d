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
    /// peak; past it such renders get 503 with `Retry-After: 1` (one larger than the whole budget runs alone).
    /// Default 268,435,456 (256 MiB).
    public var frameMemoryBytes: Int
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
    /// Default 100,663,296 (96 MiB).
    public var parkedRenderBytes: Int

    /// Creates a configuration; every argument defaults to the value documented on its property.
    public init(
        cacheBytes: Int = 256 * 1024 * 1024, cacheEntries: Int = 65536, renderWorkers: Int? = nil,
        renderQueueLimit: Int = 64, specLimits: SpecLimits = .standard, frameMemoryBytes: Int = 256 * 1024 * 1024,
        queryMemoEntries: Int = 16384, catchUpSliceBytes: Int = 256 * 1024, parkedRenderBytes: Int = 96 * 1024 * 1024
    ) {
        self.cacheBytes = cacheBytes
        self.cacheEntries = cacheEntries
        self.renderWorkers = max(1, renderWorkers ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        self.renderQueueLimit = renderQueueLimit
        self.specLimits = specLimits
        self.frameMemoryBytes = frameMemoryBytes
        self.queryMemoEntries = queryMemoEntries
        self.catchUpSliceBytes = max(1, catchUpSliceBytes)
        self.parkedRenderBytes = parkedRenderBytes
    }
}
