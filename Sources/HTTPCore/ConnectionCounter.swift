import Synchronization

/// The number of open connections across all loops, kept in an atomic.
final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }

    /// Counts one more connection unless `limit` is reached; returns whether it did.
    func tryIncrement(limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func decrement() {
        count.subtract(1, ordering: .relaxed)
    }
}
