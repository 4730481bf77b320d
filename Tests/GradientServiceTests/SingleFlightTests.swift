import Dispatch
import Foundation
import HTTPCore
import HTTPTestSupport
import Locking
import Testing

@testable import GradientService

@Suite(.hangGuard(minutes: 1))
struct SingleFlightTests {
    @Test func concurrentIdenticalMissesRenderOnce() throws {
        let harness = ServiceHarness()
        let query = "type=radial&colors=red,blue,lime&width=600&height=600"
        let bodies = LockedValue<[[UInt8]]>([])
        let statuses = LockedValue<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                let response = try harness.record("/gradient?" + query)
                bodies.withLock { $0.append(response.body) }
                statuses.withLock { $0.append(response.head.headers["Cache-Status"] ?? "") }
            } catch {
                statuses.withLock { $0.append("failed: \(error)") }
            }
        }
        #expect(harness.service.metrics.renderCounts.succeeded == 1)
        let expected = try ServiceHarness.cliBytes(query)
        #expect(bodies.withLock { $0.count } == 8)
        #expect(bodies.withLock { $0.allSatisfy { $0 == expected } })
        #expect(statuses.withLock { $0.filter { $0 == "gradientd; fwd=miss; stored" }.count } == 1)
    }

    @Test func requestsArrivingWhileTheRenderWaitsJoinItAsCollapsed() throws {
        let harness = ServiceHarness(configuration: GradientServiceConfiguration(renderWorkers: 1))
        let query = "type=radial&colors=red,blue,lime&width=300&height=200"
        // The only render worker is held, so the first request's render waits in the queue and every later request
        // finds it in flight: the join is certain, not a matter of timing.
        let worker = DispatchSemaphore(value: 0)
        #expect(harness.service.coordinator.pool.submit { worker.wait() })
        let responses = LockedValue<[HTTPRecordedResponse]>([])
        let answered = DispatchSemaphore(value: 0)
        let clients = 5
        for _ in 0..<clients {
            let request = try HTTPRequest(
                method: "GET", target: "/gradient?" + query, headers: HTTPHeaders([("Host", "t")]))
            harness.service.handle(
                request,
                responder: .recording(for: request) { response in
                    responses.withLock { $0.append(response) }
                    answered.signal()
                })
        }
        #expect(harness.service.coordinator.renderCount == 1)
        #expect(responses.withLock { $0.isEmpty })
        worker.signal()
        for _ in 0..<clients {
            #expect(answered.wait(timeout: .now() + 30) == .success)
        }
        let statuses = responses.withLock { $0.map { $0.head.headers["Cache-Status"] ?? "" } }
        #expect(statuses.filter { $0 == "gradientd; fwd=miss; stored" }.count == 1)
        #expect(statuses.filter { $0 == "gradientd; fwd=miss; collapsed" }.count == clients - 1)
        let expected = try ServiceHarness.cliBytes(query)
        #expect(responses.withLock { $0.allSatisfy { $0.head.status == 200 && $0.body == expected } })
        #expect(harness.service.metrics.renderCounts.succeeded == 1)
    }

    @Test func concurrentIdenticalMissesOverSocketsRenderOnce() throws {
        let harness = ServiceHarness()
        let query = "type=conic&colors=red,yellow,blue,red&width=500&height=500"
        try harness.withServer { port in
            let clients = try (0..<6).map { _ in try LoopbackClient(port: port) }
            for client in clients { client.request("/gradient?" + query) }
            let expected = try ServiceHarness.cliBytes(query)
            for client in clients {
                let response = try client.readResponses(1)[0]
                #expect(response.status == 200 && response.body == expected)
            }
        }
        #expect(harness.service.metrics.renderCounts.succeeded == 1)
    }

    @Test func aClientThatDisconnectsMidStreamLeavesNoCacheEntry() throws {
        let harness = ServiceHarness()
        let query = "type=radial&colors=red,blue,lime,white,black&width=3000&height=3000"
        try harness.withServer { port in
            let client = try LoopbackClient(port: port)
            client.request("/gradient?" + query)
            let started = client.readAtLeast(40_000)
            #expect(String(decoding: started.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
            client.resetOnClose()
            client.close()
            #expect(ServiceHarness.eventually { harness.service.coordinator.renderCount == 0 })
        }
        #expect(harness.service.metrics.renderCounts.abandoned == 1)
        #expect(harness.service.metrics.renderCounts.failed == 0 && harness.service.metrics.renderCounts.succeeded == 0)
        #expect(harness.service.metricsText.contains("gradientd_renders_total{format=\"png\",outcome=\"abandoned\"} 1"))
        #expect(!harness.service.coordinator.cache.contains(try ServiceHarness.key(query)))
        #expect(harness.service.coordinator.cache.statistics.entries == 0)
    }

    @Test func aFullRenderQueueAnswers503WithRetryAfter() throws {
        let configuration = GradientServiceConfiguration(renderWorkers: 1, renderQueueLimit: 0)
        let harness = ServiceHarness(configuration: configuration)
        let blocker = DispatchSemaphore(value: 0)
        #expect(harness.service.coordinator.pool.submit { blocker.wait() })
        defer { blocker.signal() }
        let response = try harness.record("/gradient?colors=red,blue&width=10&height=10")
        #expect(response.head.status == 503)
        #expect(response.head.headers["Retry-After"] == "1")
        #expect(response.head.headers["Content-Type"] == "application/problem+json")
        #expect(try ProblemJSON(response.body).status == 503)
    }
}
