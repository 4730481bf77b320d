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

    /// Allocations from this size up are always mapped and unmapped, so freed image buffers go back to the system
    /// (glibc otherwise raises the threshold as large blocks are freed, keeping them in the heap). Below it lie a
    /// render's scratch tables (the PNG encoder's hash chains of 128 and 256 KiB), which the next render reuses from
    /// the heap: with a threshold of 128 KiB each 1200×630 card mapped, faulted in and unmapped them again, 108 page
    /// faults a request, against 7 with 1 MiB (`SALT=$RANDOM wrk -t2 -c16 -s bench/unique-cards.lua`, faults read from
    /// `/proc/PID/stat`).
    static let mmapThresholdBytes: Int32 = 1024 * 1024
    /// Free space at the top of a heap past which it is trimmed: as large as ``mmapThresholdBytes``, so that freeing
    /// one render's scratch does not hand its pages back only for the next render to fault them in again.
    static let trimThresholdBytes: Int32 = 1024 * 1024
    /// Arenas serving the event-loop and render threads.
    static let maximumArenas: Int32 = 4

    /// Applies ``mmapThresholdBytes``, ``trimThresholdBytes`` and ``maximumArenas``. `mallopt` is looked up at run
    /// time, as `<malloc.h>` is not part of the Glibc module; without it nothing changes.
    static func limitRetainedHeap() {
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(mmapThreshold, mmapThresholdBytes)
        _ = mallopt(trimThreshold, trimThresholdBytes)
        _ = mallopt(arenaMax, maximumArenas)
    }
}
