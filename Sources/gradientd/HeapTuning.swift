#if canImport(Glibc)
    import Glibc
#endif

/// glibc malloc settings that keep the resident size close to the live data of a long-running server.
enum HeapTuning {
    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32

    /// `M_TRIM_THRESHOLD`, `M_MMAP_THRESHOLD` and `M_ARENA_MAX` from `<malloc.h>`.
    private static let trimThreshold: Int32 = -1
    private static let mmapThreshold: Int32 = -3
    private static let arenaMax: Int32 = -8

    /// Makes freed image buffers go back to the system: allocations from 128 KiB up are always mapped and unmapped
    /// (glibc otherwise raises that threshold as large blocks are freed, keeping them in the heap), the heap is
    /// trimmed past 256 KiB of free space, and at most four arenas serve the event-loop and render threads.
    /// `mallopt` is looked up at run time, as `<malloc.h>` is not part of the Glibc module; without it nothing
    /// changes.
    static func limitRetainedHeap() {
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(mmapThreshold, 128 * 1024)
        _ = mallopt(trimThreshold, 256 * 1024)
        _ = mallopt(arenaMax, 4)
    }
}
