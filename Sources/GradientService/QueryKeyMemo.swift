import Synchronization

/// Remembers the canonical cache key of recently seen raw query strings, so that a repeated URL reaches its cache
/// entry without being parsed again. Keys are the exact query text (never a hash of it), and a query maps to one
/// canonical form for the life of the service because the spec limits do not change. Bounded: when full, it is
/// emptied and refills from the traffic.
final class QueryKeyMemo: Sendable {
    /// Most remembered queries.
    let capacity: Int
    /// Raw query → canonical key; guarded by this `Mutex`.
    private let keys = Mutex<[Substring: String]>([:])

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The canonical key remembered for `query`, if any.
    func key(for query: Substring) -> String? {
        keys.withLock { $0[query] }
    }

    /// Remembers that `query` parses to the spec whose canonical form is `key`.
    func remember(_ key: String, for query: Substring) {
        guard capacity > 0 else { return }
        keys.withLock { keys in
            if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
            keys[Substring(String(query))] = key
        }
    }
}
