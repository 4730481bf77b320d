import Dispatch
import HTTPCore
import Locking

/// A response sink standing in for a client that the test can make leave; until then it takes every byte.
final class DepartingClientSink: ResponseSink {
    /// Whether the client has left; guarded by this lock.
    private let hasLeft = LockedValue(false)

    /// Makes the client leave: later writes fail and the job sees it gone.
    func leave() {
        hasLeft.withLock { $0 = true }
    }

    func emit(sequence: Int, _ first: [UInt8], _ second: [UInt8], _ third: [UInt8], end: ResponseEnd?) -> Bool {
        !hasLeft.withLock { $0 }
    }

    func isClientGone(sequence: Int) -> Bool { hasLeft.withLock { $0 } }

    func hasCapacity(sequence: Int) -> Bool { true }

    func isHeld(sequence: Int) -> Bool { false }

    func whenWritable(sequence: Int, _ callback: @escaping @Sendable () -> Void) -> Bool {
        guard !hasLeft.withLock({ $0 }) else { return false }
        DispatchQueue.global().async(execute: callback)
        return true
    }
}
