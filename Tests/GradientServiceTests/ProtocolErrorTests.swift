import HTTPCore
import HTTPTestSupport
import Testing

@testable import GradientService

/// Errors of the HTTP layer and of routing, in memory where the handler decides and over a socket where HTTPCore
/// refuses the request before the handler sees it.
@Suite(.hangGuard(minutes: 1))
struct ProtocolErrorTests {
    @Test(arguments: ["/nope", "/gradient/", "/healthz/x", "/GRADIENT"])
    func anUnknownPathIs404ProblemJSON(path: String) throws {
        let response = try ServiceHarness().record(path)
        #expect(response.head.status == 404)
        #expect(response.head.headers["Content-Type"] == "application/problem+json")
        #expect(try ProblemJSON(response.body).status == 404)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "get", "options", "TRACE", "CONNECT"])
    func otherMethodsAre405WithAllow(method: String) throws {
        let response = try ServiceHarness().record("/gradient?colors=red", method: method)
        #expect(response.head.status == 405)
        #expect(response.head.headers["Allow"] == "GET, HEAD, OPTIONS")
        #expect(try ProblemJSON(response.body).status == 405)
    }

    @Test func theSameErrorsComeOverASocket() throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            client.request("/nope")
            client.request("/gradient", method: "DELETE")
            client.request("/gradient?width=0&colors=red")
            let responses = try client.readResponses(3)
            #expect(responses.map(\.status) == [404, 405, 400])
            #expect(responses[1].header("Allow") == "GET, HEAD, OPTIONS")
            #expect(responses.allSatisfy { $0.header("Content-Type") == "application/problem+json" })
            #expect(try ProblemJSON(responses[2].body).parameter == "width")
        }
    }

    /// Requests HTTPCore refuses, with the status the service must answer in problem JSON.
    static let refusals: [(name: String, request: String, status: Int)] = [
        (
            "request line over 8 KiB",
            "GET /gradient?colors=\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: t\r\n\r\n", 414
        ),
        (
            "header section over 16 KiB",
            "GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 17000))\r\n\r\n", 431
        ),
        (
            "more than 100 fields",
            "GET / HTTP/1.1\r\nHost: t\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431
        ),
        (
            "Content-Length with Transfer-Encoding",
            "GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400
        ),
        ("two Content-Lengths", "GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nContent-Length: 5\r\n\r\n", 400),
        ("chunked with another coding", "GET / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 400),
        ("space before the colon", "GET / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding : chunked\r\n\r\n", 400),
        ("obs-fold", "GET / HTTP/1.1\r\nHost: t\r\nX-A: 1\r\n  continued\r\n\r\n", 400),
        ("no Host", "GET / HTTP/1.1\r\n\r\n", 400),
    ]

    @Test(arguments: refusals.indices)
    func aRefusedRequestGetsProblemJSONAndTheConnectionCloses(index: Int) throws {
        let refusal = Self.refusals[index]
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            client.send(refusal.request + "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            let responses = try client.readResponses(1)
            #expect(responses[0].status == refusal.status, "\(refusal.name)")
            #expect(responses[0].header("Content-Type") == "application/problem+json", "\(refusal.name)")
            #expect(try ProblemJSON(responses[0].body).status == refusal.status, "\(refusal.name)")
            #expect(client.waitForClose(), "\(refusal.name)")
        }
    }

    @Test(arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func aMethodWithASmallBodyIs405AndTheConnectionStaysUsable(method: String) throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            let body = String(repeating: "x", count: 5000)
            client.send(
                "\(method) /gradient?colors=red HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            client.request("/healthz")
            let responses = try client.readResponses(2)
            #expect(responses.map(\.status) == [405, 200])
            #expect(responses[0].header("Allow") == "GET, HEAD, OPTIONS")
            #expect(try ProblemJSON(responses[0].body).status == 405)
        }
    }

    @Test func aChunkedBodyIs405TooAndTheConnectionStaysUsable() throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            client.send(
                "PUT /gradient HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nhello\r\n0\r\n\r\n")
            client.request("/healthz")
            let responses = try client.readResponses(2)
            #expect(responses.map(\.status) == [405, 200])
            #expect(responses[0].header("Allow") == "GET, HEAD, OPTIONS")
        }
    }

    @Test func aBodyOverTheLimitIs413AndAMalformedChunkedOneIs400() throws {
        for (request, status) in [
            ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 65537\r\n\r\n", 413),
            ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n20000\r\n", 413),
            ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nhello\r\n0\r\n\r\n", 400),
        ] {
            try ServiceHarness().withServer { port in
                let client = try LoopbackClient(port: port)
                client.send(request)
                let response = try client.readResponses(1)[0]
                #expect(response.status == status)
                #expect(try ProblemJSON(response.body).status == status)
                #expect(client.waitForClose())
            }
        }
    }

    /// Every byte value four times over: refused at the first byte, long before the header timeout (set here far
    /// beyond the test's time limit, so the answer cannot come from it).
    @Test func garbageIsAnswered400AtOnceAndClosed() throws {
        try ServiceHarness().withServer(limits: HTTPLimits(headerTimeout: .seconds(600))) { port in
            let client = try LoopbackClient(port: port)
            client.send(bytes: Array((0..<4).map { _ in Array(UInt8.min...UInt8.max) }.joined()))
            let response = try client.readResponses(1)[0]
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(try ProblemJSON(response.body).status == 400)
            #expect(client.waitForClose())
        }
    }
}
