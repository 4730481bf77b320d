import Dispatch
import GradientCore
import GradientImage
import HTTPCore
import Locking
import PNGEncoding
import Testing

@testable import GradientService

/// Park and resume, step by step: the test is the pool (it calls ``RenderJob/step()``) and the event loop (it runs
/// the sinks' callbacks), so every interleaving is chosen, and nothing sleeps.
struct RenderJobParkingTests {
    /// A job of a 1600×1200 dithered radial PNG (about 485 KB, produced in eight IDAT chunks), and the resumes it
    /// asks for.
    final class Harness: Sendable {
        let identity: ImageIdentity
        let parkedMemory: MemoryBudget
        let metrics = ServiceMetrics()
        let resumes = LockedValue(0)
        let job: RenderJob

        init(parkedBudget: Int = 1 << 24) throws {
            let request = try ImageRequest(queryItems: [
                ("css", "radial-gradient(circle at 30% 40%, #ff7e5f, #feb47b 40%, #2c3e50)"),
                ("width", "1600"), ("height", "1200"),
            ])
            identity = ImageIdentity(request: request, format: .png)
            parkedMemory = MemoryBudget(limitBytes: parkedBudget)
            let resumes = resumes
            job = RenderJob(
                key: identity.cacheKey, identity: identity, frameMemoryBytes: 0, parkedMemory: parkedMemory,
                metrics: metrics, catchUpSliceBytes: 1 << 14, resume: { _ in resumes.withLock { $0 += 1 } })
        }

        /// A client of the job reading through `sink` (HTTP/1.0, so the body is the bytes written, unframed), whose
        /// completions are recorded in `completions`.
        func attach(_ sink: MeteredClientSink, completions: LockedValue<[Completion]>) throws {
            #expect(job.admit())
            let request = try HTTPRequest(
                method: "GET", target: "/gradient", version: .http1_0, headers: HTTPHeaders([("Host", "t")]))
            let stream = HTTPResponder(request: request, sink: sink).startStream(HTTPResponseHead(status: 200))
            job.attach(stream) { bytes, isComplete in
                completions.withLock { $0.append(Completion(bytes: bytes, isComplete: isComplete)) }
            }
        }

        /// The PNG an unparked render writes.
        func unparkedImage() throws -> [UInt8] {
            try ImageRenderer.renderImage(identity)
        }
    }

    struct Completion: Equatable {
        let bytes: Int
        let isComplete: Bool
    }

    @Test func parksAtTheRowThatFillsTheClientAndResumesWithoutALostOrRepeatedByte() throws {
        let harness = try Harness()
        let allowance = 16_000
        let sink = MeteredClientSink(allowance: allowance)
        let completions = LockedValue<[Completion]>([])
        try harness.attach(sink, completions: completions)
        let expected = try harness.unparkedImage()
        #expect(expected.count > 4 * allowance)

        var parks = 0
        var granted = allowance
        var outcome: RenderJob.Outcome?
        for _ in 0..<1000 {
            let resumesBefore = harness.resumes.withLock { $0 }
            switch harness.job.step() {
            case .finished(let ended, _):
                outcome = ended
            case .parked:
                parks += 1
                let body = sink.body
                let lastWrite = try #require(sink.writeSizes.last)
                #expect(body.count == harness.job.producedByteCount, "the client had every byte produced")
                #expect(body.count >= granted, "parked only once the client was full")
                #expect(body.count - lastWrite < granted, "parked at the write that filled the client")
                #expect(harness.job.lifecycle == .parked(reservedBytes: body.count))
                #expect(harness.parkedMemory.reservedBytes == body.count)
                #expect(sink.waitingCallbacks == 1)
                sink.runCallbacks()
                #expect(harness.resumes.withLock { $0 } == resumesBefore, "no resume while the client is full")
                #expect(sink.waitingCallbacks == 1, "still watched")
                while granted <= body.count {
                    granted += allowance
                    sink.grant(allowance)
                }
                sink.runCallbacks()
                #expect(harness.resumes.withLock { $0 } == resumesBefore + 1)
                #expect(harness.job.lifecycle == .resumed)
                #expect(harness.parkedMemory.reservedBytes == 0)
            }
            if outcome != nil { break }
        }
        #expect(outcome == .succeeded)
        #expect(parks >= 4)
        harness.job.complete(.succeeded)
        while sink.end == nil && sink.waitingCallbacks > 0 {
            sink.grant(allowance)
            sink.runCallbacks()
        }
        #expect(harness.job.lifecycle == .finished)
        #expect(sink.body == expected)
        #expect(try PNGDecoder.decode(sink.body) == PNGDecoder.decode(expected))
        #expect(completions.withLock { $0 } == [Completion(bytes: expected.count, isComplete: true)])
        guard case .complete = try #require(sink.end) else { Issue.record("the response was cut short"); return }
    }

    @Test func aClientThatWouldOverrunTheParkedBudgetIsClosedAndTheRenderGoesOnForTheOthers() throws {
        let harness = try Harness(parkedBudget: 1000)
        #expect(harness.parkedMemory.reserve(1000), "another render parked, holding the whole budget")
        let stalled = MeteredClientSink(allowance: 20_000)
        let reader = MeteredClientSink(allowance: .max)
        let stalledCompletions = LockedValue<[Completion]>([])
        let readerCompletions = LockedValue<[Completion]>([])
        try harness.attach(stalled, completions: stalledCompletions)
        try harness.attach(reader, completions: readerCompletions)

        guard case .finished(.succeeded, _) = harness.job.step() else {
            Issue.record("the render parked, or did not succeed, with its budget spent")
            return
        }
        harness.job.complete(.succeeded)
        let expected = try harness.unparkedImage()
        #expect(reader.body == expected)
        #expect(readerCompletions.withLock { $0 } == [Completion(bytes: expected.count, isComplete: true)])
        guard case .aborted = try #require(stalled.end) else { Issue.record("the stalled client was not cut"); return }
        #expect(stalledCompletions.withLock { $0 } == [Completion(bytes: stalled.body.count, isComplete: false)])
        #expect(stalled.body == Array(expected.prefix(stalled.body.count)))
        #expect(harness.parkedMemory.reservedBytes == 1000)
        #expect(harness.metrics.renderPauses.total == 0)
    }

    @Test func aStalledReaderClosedByTheServerLetsTheParkedRenderGoOnForTheOthers() throws {
        let harness = try Harness()
        let stalled = MeteredClientSink(allowance: 20_000)
        let reader = MeteredClientSink(allowance: .max)
        let stalledCompletions = LockedValue<[Completion]>([])
        try harness.attach(stalled, completions: stalledCompletions)
        try harness.attach(reader, completions: LockedValue([]))

        #expect(harness.job.step() == .parked)
        let sentBeforeClose = stalled.body.count
        stalled.close()
        stalled.runCallbacks()
        #expect(harness.resumes.withLock { $0 } == 1)
        #expect(stalledCompletions.withLock { $0 } == [Completion(bytes: sentBeforeClose, isComplete: false)])
        #expect(harness.parkedMemory.reservedBytes == 0)

        guard case .finished(.succeeded, _) = harness.job.step() else {
            Issue.record("the render did not finish for the reader left")
            return
        }
        harness.job.complete(.succeeded)
        #expect(reader.body == (try harness.unparkedImage()))
    }

    @Test func aParkedRenderWhoseClientsAllLeftIsAbandonedAtItsNextStep() throws {
        let harness = try Harness()
        let sink = MeteredClientSink(allowance: 20_000)
        try harness.attach(sink, completions: LockedValue([]))
        #expect(harness.job.step() == .parked)
        sink.close()
        sink.runCallbacks()
        #expect(harness.job.lifecycle == .resumed)
        guard case .finished(.abandoned, _) = harness.job.step() else {
            Issue.record("the render went on with no client")
            return
        }
        #expect(harness.job.lifecycle == .abandoned)
        #expect(!harness.job.admit())
        harness.job.complete(.abandoned)
        #expect(harness.job.lifecycle == .abandoned)
    }

    @Test func completionsRunOutsideTheJobsLock() throws {
        let harness = try Harness()
        let job = harness.job
        let lockWasFree = LockedValue<[Bool]>([])
        #expect(job.admit())
        let request = try HTTPRequest(
            method: "GET", target: "/gradient", version: .http1_0, headers: HTTPHeaders([("Host", "t")]))
        let sink = MeteredClientSink(allowance: .max)
        let stream = HTTPResponder(request: request, sink: sink).startStream(HTTPResponseHead(status: 200))
        job.attach(stream) { _, _ in
            let probe = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = job.producedByteCount
                probe.signal()
            }
            let free = probe.wait(timeout: .now() + .seconds(10)) == .success
            lockWasFree.withLock { $0.append(free) }
        }
        guard case .finished(.succeeded, _) = job.step() else {
            Issue.record("the render did not finish")
            return
        }
        job.complete(.succeeded)
        #expect(lockWasFree.withLock { $0 } == [true])
    }
}
