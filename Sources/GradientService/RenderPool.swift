import Dispatch
import Foundation
import Locking
import Synchronization

/// A fixed set of worker threads taking work from a bounded FIFO queue. Renders run here, never on the HTTP
/// event-loop threads.
final class RenderPool: Sendable {
    typealias Work = @Sendable () -> Void

    private struct Queue {
        var items: [Work?] = []
        var head = 0
        var isStopped = false

        /// Taken slots at which ``pop()`` drops the front of `items`, so that a queue never emptied does not grow
        /// without bound, while a pop stays O(1) amortised. An implementation detail, not a tunable: it changes
        /// neither what is queued nor in what order.
        static let compactionThreshold = 64

        var count: Int { items.count - head }

        mutating func pop() -> Work? {
            guard head < items.count else { return nil }
            let work = items[head]
            items[head] = nil
            head += 1
            if head == items.count || head >= Self.compactionThreshold {
                items.removeFirst(head)
                head = 0
            }
            return work
        }
    }

    /// Worker threads started.
    let workerCount: Int
    /// Most work items waiting for a worker; ``submit(_:)`` refuses more.
    let queueLimit: Int
    /// Waiting work; guarded by this lock.
    private let queue = LockedValue(Queue())
    /// Counts waiting work items (plus one per worker at shutdown).
    private let available = DispatchSemaphore(value: 0)
    private let busyWorkers = Atomic<Int>(0)

    /// Starts `workerCount` threads (at least one) sharing a queue of at most `queueLimit` waiting items.
    init(workerCount: Int, queueLimit: Int) {
        self.workerCount = max(1, workerCount)
        self.queueLimit = max(0, queueLimit)
        for index in 0..<self.workerCount {
            let thread = Thread { [self] in runWorker() }
            thread.name = "render-\(index)"
            thread.start()
        }
    }

    /// Queues `work`; returns false (and drops it) when the queue is full or the pool stopped.
    func submit(_ work: @escaping Work) -> Bool {
        let accepted = queue.withLock { queue in
            guard !queue.isStopped else { return false }
            let idle = workerCount - busyWorkers.load(ordering: .relaxed)
            guard queue.count < queueLimit + max(0, idle) else { return false }
            queue.items.append(work)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Queues `work` that continues work the pool already admitted (a parked render going on), whatever the queue
    /// holds: such items are bounded by the renders under way, not by ``queueLimit``. Returns false (and drops it)
    /// once the pool has stopped.
    func resume(_ work: @escaping Work) -> Bool {
        let accepted = queue.withLock { queue in
            guard !queue.isStopped else { return false }
            queue.items.append(work)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Work items waiting for a worker.
    var queueDepth: Int { queue.withLock { $0.count } }

    /// Lets the workers exit once the queued work is done; later submissions are refused.
    func stop() {
        queue.withLock { $0.isStopped = true }
        for _ in 0..<workerCount { available.signal() }
    }

    private func runWorker() {
        while true {
            available.wait()
            let next = queue.withLock { queue -> Work?? in
                if let work = queue.pop() { return .some(work) }
                return queue.isStopped ? .none : .some(nil)
            }
            guard let work = next else { return }
            guard let work else { continue }
            busyWorkers.add(1, ordering: .relaxed)
            work()
            busyWorkers.subtract(1, ordering: .relaxed)
        }
    }
}
