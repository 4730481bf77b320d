import Foundation
import HTTPTestSupport
import Locking
import Testing

@testable import GradientService

/// The frame-memory queue step by step: reservations, waiting in arrival order, the queue's bound, the per-request
/// limit and the deadline.
@Suite(.hangGuard(minutes: 1))
struct FrameMemoryQueueTests {
    /// Records the outcomes delivered to waiting requests, by name, in delivery order.
    final class Deliveries: Sendable {
        private let outcomes = LockedValue<[(String, FrameMemoryQueue.WaitOutcome)]>([])

        func callback(_ name: String) -> @Sendable (FrameMemoryQueue.WaitOutcome) -> Void {
            { outcome in self.outcomes.withLock { $0.append((name, outcome)) } }
        }

        var all: [String] { outcomes.withLock { $0.map { "\($0.0) \($0.1)" } } }
    }

    private func queue(
        limit: Int = 100, share: Double = 0.5, queueLimit: Int = 2, wait: Duration = .seconds(30)
    )
        -> FrameMemoryQueue
    {
        FrameMemoryQueue(limitBytes: limit, requestShare: share, queueLimit: queueLimit, maximumWait: wait)
    }

    @Test func aReservationThatFitsIsGrantedAtOnceAndReleased() {
        let memory = queue()
        let deliveries = Deliveries()
        #expect(memory.reserve(50, whenWaited: deliveries.callback("a")) == .reserved)
        #expect(memory.reserve(50, whenWaited: deliveries.callback("b")) == .reserved)
        #expect(memory.reservedBytes == 100)
        memory.release(50)
        memory.release(50)
        #expect(memory.reservedBytes == 0)
        #expect(deliveries.all.isEmpty)
        #expect(memory.reserve(0, whenWaited: deliveries.callback("none")) == .reserved)
    }

    @Test func moreThanTheShareIsRefusedWithoutWaiting() {
        let memory = queue()
        #expect(memory.requestLimitBytes == 50)
        #expect(memory.reserve(51) { _ in } == .overRequestLimit)
        #expect(memory.reservedBytes == 0 && memory.waiting.requests == 0)
    }

    @Test func waitersAreGrantedInArrivalOrderAsMemoryIsReleased() {
        let memory = queue(queueLimit: 4)
        let deliveries = Deliveries()
        #expect(memory.reserve(50) { _ in } == .reserved)
        #expect(memory.reserve(40) { _ in } == .reserved)
        #expect(memory.reserve(30, whenWaited: deliveries.callback("first")) == .waiting)
        // A request that would fit now still queues behind the one waiting: no overtaking.
        #expect(memory.reserve(10, whenWaited: deliveries.callback("second")) == .waiting)
        #expect(memory.waiting.requests == 2 && memory.waiting.bytes == 40)
        memory.release(40)
        #expect(deliveries.all == ["first reserved", "second reserved"])
        #expect(memory.reservedBytes == 90 && memory.waiting.requests == 0)
    }

    @Test func aFullQueueRefusesAtOnce() {
        let memory = queue(queueLimit: 1)
        #expect(memory.reserve(50) { _ in } == .reserved)
        #expect(memory.reserve(50) { _ in } == .reserved)
        #expect(memory.reserve(10) { _ in } == .waiting)
        #expect(memory.reserve(10) { _ in } == .queueFull)
    }

    @Test func aWaiterPastItsDeadlineTimesOutAndTheOnesBehindItGoOn() {
        let memory = queue(queueLimit: 4, wait: .milliseconds(50))
        let deliveries = Deliveries()
        #expect(memory.reserve(50) { _ in } == .reserved)
        #expect(memory.reserve(45) { _ in } == .reserved)
        #expect(memory.reserve(40, whenWaited: deliveries.callback("late")) == .waiting)
        #expect(ServiceHarness.eventually(timeout: .seconds(10)) { deliveries.all == ["late timedOut"] })
        #expect(memory.waiting.requests == 0 && memory.reservedBytes == 95)
        // When the head expires, a small request behind it (queued half a wait later, so still inside its own
        // deadline) is granted.
        let memoryAhead = queue(queueLimit: 4, wait: .milliseconds(400))
        let behind = Deliveries()
        #expect(memoryAhead.reserve(50) { _ in } == .reserved)
        #expect(memoryAhead.reserve(40) { _ in } == .reserved)
        #expect(memoryAhead.reserve(50, whenWaited: behind.callback("big")) == .waiting)
        usleep(200_000)
        #expect(memoryAhead.reserve(5, whenWaited: behind.callback("small")) == .waiting)
        #expect(ServiceHarness.eventually(timeout: .seconds(10)) { behind.all.count == 2 })
        #expect(behind.all == ["big timedOut", "small reserved"])
        #expect(memoryAhead.reservedBytes == 95)
    }
}
