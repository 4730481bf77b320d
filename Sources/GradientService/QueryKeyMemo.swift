import GradientCore
import Locking

/// Remembers the cache keys of recently seen raw query strings, so that a repeated URL reaches its cache entry
/// without being parsed again. Keys are the exact query text (never a hash of it), and a query maps to the same
/// keys for the life of the service because the spec limits do not change. Bounded: when full, it is emptied and
/// refills from the traffic.
final class QueryKeyMemo: Sendable {
    /// What a query resolves to: one key per format it may be written in, most preferred first.
    struct Entry: Sendable {
        /// The candidate formats and their cache keys; one for an explicit format.
        let keys: [(format: ImageFormat, key: String)]
        /// Whether the format is negotiated on `Accept` (`format=auto`).
        let isNegotiated: Bool

        /// The cache key for a request with these `Accept` field values.
        func key(accept: [String]) -> String {
            guard isNegotiated else { return keys[0].key }
            let format = FormatNegotiation.choose(from: keys.lazy.map(\.format), accept: accept)
            return keys.first { $0.format == format }?.key ?? keys[keys.count - 1].key
        }
    }

    /// Most remembered queries.
    let capacity: Int
    /// Raw query → entry; guarded by this lock.
    private let entries = LockedValue<[Substring: Entry]>([:])

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The entry remembered for `query`, if any.
    func entry(for query: Substring) -> Entry? {
        entries.withLock { $0[query] }
    }

    /// Remembers what `query` resolves to.
    func remember(_ entry: Entry, for query: Substring) {
        guard capacity > 0 else { return }
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[Substring(String(query))] = entry
        }
    }
}
