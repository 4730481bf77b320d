import GradientCore
import GradientImage
import HTTPCore
import Testing

@testable import GradientService

/// Single-flight admission: a request joins a render only while the render will go on for it.
struct RenderJobAdmissionTests {
    static func job() throws -> RenderJob {
        let request = try ImageRequest(queryItems: [("colors", "red,blue"), ("width", "8"), ("height", "8")])
        let identity = ImageIdentity(request: request, format: .png)
        return RenderJob(
            key: identity.cacheKey, identity: identity, frameMemoryBytes: 0,
            parkedMemory: MemoryBudget(limitBytes: 1 << 20), metrics: ServiceMetrics(),
            catchUpSliceBytes: 1 << 18,
            resume: { _ in })
    }

    /// A stream to a client that `sink` controls.
    static func stream(to sink: DepartingClientSink) throws -> HTTPResponseStream {
        let request = try HTTPRequest(method: "GET", target: "/gradient", headers: HTTPHeaders([("Host", "t")]))
        return HTTPResponder(request: request, sink: sink).startStream(HTTPResponseHead(status: 200))
    }

    @Test func aRenderWhoseClientsAllLeftAdmitsNoOne() throws {
        let job = try Self.job()
        #expect(job.admit())
        let sink = DepartingClientSink()
        job.attach(try Self.stream(to: sink)) { _, _ in }
        #expect(job.shouldContinue())
        sink.leave()
        #expect(!job.shouldContinue())
        #expect(!job.admit())
        #expect(!job.shouldContinue())
    }

    @Test func anAdmittedRequestKeepsTheRenderGoingUntilItAttaches() throws {
        let job = try Self.job()
        #expect(job.admit())
        let first = DepartingClientSink()
        job.attach(try Self.stream(to: first)) { _, _ in }
        #expect(job.admit())
        first.leave()
        #expect(job.shouldContinue())
        let second = DepartingClientSink()
        job.attach(try Self.stream(to: second)) { _, _ in }
        #expect(job.shouldContinue())
        second.leave()
        #expect(!job.shouldContinue())
    }

    @Test func aHeadRequestAdmittedKeepsTheRenderGoingWithoutClients() throws {
        let job = try Self.job()
        #expect(job.admit())
        let sink = DepartingClientSink()
        job.attach(try Self.stream(to: sink)) { _, _ in }
        #expect(job.admit())
        job.keepRunningWithoutClients()
        sink.leave()
        #expect(job.shouldContinue())
        #expect(job.admit())
    }

    @Test func aFailedRenderAdmitsNoOne() throws {
        let job = try Self.job()
        #expect(job.admit())
        job.complete(.failed)
        #expect(!job.admit())
    }
}
