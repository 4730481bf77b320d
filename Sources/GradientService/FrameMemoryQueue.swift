import Dispatch
import Locking

/// The frame memory of whole-frame renders (WebP, AVIF): a budget of bytes, a share of it that one request may not
/// exceed, and a bounded first-in-first-out queue of requests waiting for memory, each until a deadline.
///
/// A reservation is granted at once when nobody waits and it fits beside those held; otherwise it waits, and
/// releases grant the waiters in arrival order as they fit. A reservation is never more than the per-request limit,
/// so a request at the head of the queue waits at most until the budget holds that limit free: one large image
/// delays a small one, never refuses it. Outcomes of waiting reservations are delivered outside the queue's lock, on
/// the thread that released the memory or on a timer thread at the deadline.
final class FrameMemoryQueue: Sendable {
    /// What ``reserve(_:whenWaited:)`` did.
    enum Admission: Equatable {
        /// The bytes are reserved; nothing will be delivered.
        case reserved
        /// The request waits; its outcome will be delivered once.
        case waiting
        /// The queue holds ``queueLimit`` waiting requests already; nothing reserved.
        case queueFull
        /// The bytes exceed ``requestLimitBytes``; nothing reserved, and waiting would not help.
        case overRequestLimit
    }

    /// How a waiting request ended.
    enum WaitOutcome: Equatable {
        /// Its bytes are reserved now; the receiver must release them.
        case reserved
        /// The deadline passed first; nothing reserved.
        case timedOut
    }

    private struct Waiter {
        let id: Int
        let bytes: Int
        let deliver: @Sendable (WaitOutcome) -> Void
    }

    private struct State {
        var reserved = 0
        var waiters: [Waiter] = []
        var nextID = 0

        /// Grants the waiters at the head that fit, in order, and returns them.
        mutating func grantFitting(limit: Int) -> [Waiter] {
            var granted: [Waiter] = []
            while let first = waiters.first, reserved + first.bytes <= limit {
                reserved += first.bytes
                granted.append(waiters.removeFirst())
            }
            return granted
        }
    }

    /// Most bytes reserved at once.
    let limitBytes: Int
    /// Most bytes one request may reserve (``GradientServiceConfiguration/frameMemoryRequestShare`` of the budget).
    let requestLimitBytes: Int
    /// Most requests waiting at once.
    let queueLimit: Int
    /// How long a request waits before it is refused.
    let maximumWait: Duration
    private let state = LockedValue(State())

    init(limitBytes: Int, requestShare: Double, queueLimit: Int, maximumWait: Duration) {
        self.limitBytes = max(0, limitBytes)
        let share = min(max(requestShare, 0), 1)
        requestLimitBytes = Int(Double(self.limitBytes) * share)
        self.queueLimit = max(0, queueLimit)
        self.maximumWait = maximumWait
    }

    /// Reserves `bytes` now, or queues the request: `whenWaited` is then called once, outside the lock, with
    /// ``WaitOutcome/reserved`` when the bytes were granted or ``WaitOutcome/timedOut`` at the deadline.
    func reserve(_ bytes: Int, whenWaited: @escaping @Sendable (WaitOutcome) -> Void) -> Admission {
        guard bytes > 0 else { return .reserved }
        guard bytes <= requestLimitBytes else { return .overRequestLimit }
        let admission = state.withLock { state -> (Admission, Int?) in
            if state.waiters.isEmpty && state.reserved + bytes <= limitBytes {
                state.reserved += bytes
                return (.reserved, nil)
            }
            guard state.waiters.count < queueLimit else { return (.queueFull, nil) }
            let id = state.nextID
            state.nextID += 1
            state.waiters.append(Waiter(id: id, bytes: bytes, deliver: whenWaited))
            return (.waiting, id)
        }
        if let id = admission.1 {
            let (seconds, attoseconds) = maximumWait.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
                expire(id)
            }
        }
        return admission.0
    }

    /// Returns `bytes` reserved earlier, granting the waiters that now fit (their outcomes delivered on this thread).
    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        let granted = state.withLock { state in
            state.reserved -= bytes
            return state.grantFitting(limit: limitBytes)
        }
        for waiter in granted { waiter.deliver(.reserved) }
    }

    /// Refuses the waiter `id` if it still waits; the waiters behind it may fit now.
    private func expire(_ id: Int) {
        let (expired, granted) = state.withLock { state -> (Waiter?, [Waiter]) in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return (nil, []) }
            let waiter = state.waiters.remove(at: index)
            return (waiter, index == 0 ? state.grantFitting(limit: limitBytes) : [])
        }
        expired?.deliver(.timedOut)
        for waiter in granted { waiter.deliver(.reserved) }
    }

    /// Bytes reserved now.
    var reservedBytes: Int { state.withLock { $0.reserved } }

    /// Requests waiting now, and the bytes they wait for.
    var waiting: (requests: Int, bytes: Int) {
        state.withLock { state in (state.waiters.count, state.waiters.reduce(0) { $0 + $1.bytes }) }
    }
}
