import Dispatch
import HTTPCore
import HTTPTestSupport
import Testing

@testable import GradientService

@Suite(.hangGuard(minutes: 1))
struct ConnectionTests {
    @Test func keepsTheConnectionAliveAcrossAMissAndAHit() throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            let target = "/gradient?colors=red,blue&width=64&height=64"
            client.request(target)
            let miss = try client.readResponses(1)[0]
            client.request(target)
            let hit = try client.readResponses(1)[0]
            client.request("/healthz")
            let health = try client.readResponses(1)[0]
            #expect(miss.wasChunked && miss.header("Cache-Status") == "gradientd; fwd=miss; stored")
            #expect(hit.header("Cache-Status") == "gradientd; hit" && !hit.wasChunked)
            #expect(miss.body == hit.body)
            #expect(miss.body == (try ServiceHarness.cliBytes("colors=red,blue&width=64&height=64")))
            #expect(health.status == 200 && health.bodyText == "{\"status\":\"ok\"}\n")
            #expect(hit.header("Connection") == nil)
        }
    }

    @Test func answersThreePipelinedRequestsInOneWriteInOrder() throws {
        let harness = ServiceHarness(configuration: GradientServiceConfiguration(renderWorkers: 1))
        // The only render worker is held until both renders are queued: the second and third requests are then
        // certainly handled while the first is unanswered, so their responses take the pipelined (held) path.
        let worker = DispatchSemaphore(value: 0)
        #expect(harness.service.coordinator.pool.submit { worker.wait() })
        try harness.withServer { port in
            let client = try LoopbackClient(port: port)
            let targets = [
                "/gradient?colors=red,blue&width=300&height=300", "/healthz", "/gradient?colors=lime&width=8&height=8",
            ]
            client.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
            let bothQueued = ServiceHarness.eventually { harness.service.coordinator.renderCount == 2 }
            worker.signal()
            #expect(bothQueued)
            let responses = try client.readResponses(3)
            #expect(responses.map(\.status) == [200, 200, 200])
            #expect(responses[0].body == (try ServiceHarness.cliBytes("colors=red,blue&width=300&height=300")))
            #expect(responses[1].bodyText == "{\"status\":\"ok\"}\n")
            #expect(responses[2].body == (try ServiceHarness.cliBytes("colors=lime&width=8&height=8")))
        }
    }

    @Test func headOverASocketHasNoBodyAndTheConnectionCarriesOn() throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            client.request("/gradient?colors=red,blue&width=50&height=50", method: "HEAD")
            let head = try client.readResponses(1, headOnly: true)[0]
            client.request("/healthz")
            let health = try client.readResponses(1)[0]
            #expect(head.status == 200 && head.header("Content-Type") == "image/png")
            #expect(health.status == 200)
        }
    }

    @Test func an304OverASocketHasNoBody() throws {
        let harness = ServiceHarness()
        try harness.withServer { port in
            let client = try LoopbackClient(port: port)
            client.request("/gradient?colors=red&width=4&height=4")
            let first = try client.readResponses(1)[0]
            let etag = try #require(first.header("ETag"))
            client.request("/gradient?colors=red&width=4&height=4", headers: "If-None-Match: W/\(etag)\r\n")
            client.request("/healthz")
            let responses = try client.readResponses(2)
            #expect(responses[0].status == 304 && responses[0].body.isEmpty)
            #expect(responses[0].header("ETag") == etag)
            #expect(responses[1].status == 200)
        }
    }
}
