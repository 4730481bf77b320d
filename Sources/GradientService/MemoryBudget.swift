import Locking

/// Memory that renders of one kind may hold at once: the buffers of renders parked for slow clients (frames of
/// whole-frame renders wait in a ``FrameMemoryQueue`` instead). A render is admitted when its bytes fit beside those
/// already reserved; one that is larger than the whole budget is admitted only alone.
final class MemoryBudget: Sendable {
    /// Most bytes reserved at once (except for one render alone).
    let limitBytes: Int
    /// Bytes reserved now; guarded by this lock.
    private let reserved = LockedValue(0)

    init(limitBytes: Int) {
        self.limitBytes = max(0, limitBytes)
    }

    /// Reserves `bytes`; false, reserving nothing, when they do not fit.
    func reserve(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        return reserved.withLock { reserved in
            guard reserved == 0 || reserved + bytes <= limitBytes else { return false }
            reserved += bytes
            return true
        }
    }

    /// Returns `bytes` reserved earlier.
    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        reserved.withLock { $0 -= bytes }
    }

    /// Bytes reserved now.
    var reservedBytes: Int { reserved.withLock { $0 } }
}
