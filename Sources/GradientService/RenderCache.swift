import Locking

/// The image cache: an LRU keyed by image identity (``ImageIdentity/cacheKey``), bounded in bytes and entries, safe to use from any thread.
final class RenderCache: Sendable {
    /// Counters of the cache's activity since it was made.
    struct Statistics: Sendable, Equatable {
        var hits = 0
        var misses = 0
        var evictions = 0
        var bytes = 0
        var entries = 0
    }

    private struct State {
        var storage: LRUStorage<CachedImage>
        var statistics = Statistics()
    }

    /// The entries and counters; guarded by this lock.
    private let state: LockedValue<State>

    /// A cache holding at most `maxBytes` of image data in at most `maxEntries` entries.
    init(maxBytes: Int, maxEntries: Int) {
        state = LockedValue(State(storage: LRUStorage(maxCost: maxBytes, maxCount: maxEntries)))
    }

    /// The image for `key`, which becomes the most recently used. A hit is counted; a miss only when
    /// `countsMiss` (callers that will look again after parsing pass false).
    func lookup(_ key: String, countsMiss: Bool = true) -> CachedImage? {
        state.withLock { state in
            let image = state.storage.value(forKey: key)
            if image != nil {
                state.statistics.hits += 1
            } else if countsMiss {
                state.statistics.misses += 1
            }
            return image
        }
    }

    /// Stores a complete image; one larger than the whole budget is not stored. Returns whether it was stored.
    @discardableResult
    func insert(_ image: CachedImage, forKey key: String) -> Bool {
        state.withLock { state in
            guard let evicted = state.storage.insert(image, forKey: key, cost: image.bytes.count) else { return false }
            state.statistics.evictions += evicted
            return true
        }
    }

    /// Whether `key` has an entry.
    func contains(_ key: String) -> Bool {
        state.withLock { $0.storage.contains(key) }
    }

    /// The counters, with the current bytes and entries.
    var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.bytes = state.storage.totalCost
            statistics.entries = state.storage.count
            return statistics
        }
    }

    /// The byte budget.
    var maxBytes: Int { state.withLock { $0.storage.maxCost } }
}
