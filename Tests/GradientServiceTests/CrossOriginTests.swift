import Dispatch
import HTTPCore
import HTTPTestSupport
import Testing

@testable import GradientService

/// The cross-origin fields on the wire for every kind of response, and the answers to `OPTIONS`.
@Suite(.hangGuard(minutes: 1))
struct CrossOriginTests {
    static let query = "colors=ff7e5f,feb47b&dir=horizontal&width=48&height=24"

    /// The fields every response carries, each exactly once.
    static let expectedFields: [(String, String)] = [
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Expose-Headers", "ETag, Cache-Status, Retry-After"),
        ("Cross-Origin-Resource-Policy", "cross-origin"),
        ("Timing-Allow-Origin", "*"),
        ("X-Content-Type-Options", "nosniff"),
    ]

    static func expectCrossOriginFields(_ response: WireResponse, _ label: String) {
        for (name, value) in expectedFields {
            let values = response.headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
            #expect(values == [value], "\(label): \(name)")
        }
    }

    @Test func imageResponsesCarryTheFieldsOnMissHitHeadAnd304() throws {
        let harness = ServiceHarness()
        try harness.withServer { port in
            let client = try LoopbackClient(port: port)
            client.request("/gradient?" + Self.query)
            let miss = try client.readResponses(1)[0]
            #expect(miss.status == 200 && miss.wasChunked)
            #expect(miss.header("Cache-Status") == "gradientd; fwd=miss; stored")
            Self.expectCrossOriginFields(miss, "streamed miss")
            let etag = try #require(miss.header("ETag"))
            let key = try ServiceHarness.key(Self.query)
            #expect(ServiceHarness.eventually { harness.service.coordinator.cache.contains(key) })

            client.request("/gradient?" + Self.query)
            client.request("/gradient?" + Self.query, headers: "If-None-Match: \(etag)\r\n")
            let responses = try client.readResponses(2)
            #expect(responses[0].status == 200 && !responses[0].wasChunked)
            #expect(responses[0].header("Cache-Status") == "gradientd; hit")
            #expect(responses[0].body == miss.body)
            Self.expectCrossOriginFields(responses[0], "hit")
            #expect(responses[1].status == 304)
            Self.expectCrossOriginFields(responses[1], "304 on a hit")

            client.request("/gradient?" + Self.query, method: "HEAD")
            let head = try client.readResponses(1, headOnly: true)[0]
            #expect(head.status == 200 && head.header("Cache-Status") == "gradientd; hit")
            Self.expectCrossOriginFields(head, "HEAD hit")
        }
    }

    @Test func aConditionalMissAnswers304WithTheFields() throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            client.request("/gradient?colors=red,blue&width=8&height=8", headers: "If-None-Match: *\r\n")
            let response = try client.readResponses(1)[0]
            #expect(response.status == 304)
            #expect(response.header("Cache-Status") == "gradientd; fwd=miss")
            Self.expectCrossOriginFields(response, "304 without rendering")
        }
    }

    @Test func problemsAndOtherEndpointsCarryTheFields() throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            let targets: [(method: String, target: String, status: Int)] = [
                ("GET", "/gradient?width=0&colors=red", 400),
                ("GET", "/nope", 404),
                ("OPTIONS", "/nope", 404),
                ("DELETE", "/gradient", 405),
                ("GET", "/healthz", 200),
                ("GET", "/metrics", 200),
                ("GET", "/openapi.yaml", 200),
                ("GET", "/", 200),
            ]
            for request in targets { client.request(request.target, method: request.method) }
            let responses = try client.readResponses(targets.count)
            for (request, response) in zip(targets, responses) {
                #expect(response.status == request.status, "\(request.method) \(request.target)")
                Self.expectCrossOriginFields(response, "\(request.method) \(request.target)")
            }
            #expect(responses[3].header("Allow") == "GET, HEAD, OPTIONS")
            #expect(try ProblemJSON(responses[3].body).detail == "This resource answers GET, HEAD and OPTIONS only.")
            #expect(responses[7].header("Content-Security-Policy") != nil)
        }
    }

    @Test func aFullRenderQueueAnswers503WithTheFields() throws {
        let harness = ServiceHarness(configuration: GradientServiceConfiguration(renderWorkers: 1, renderQueueLimit: 0))
        let blocker = DispatchSemaphore(value: 0)
        #expect(harness.service.coordinator.pool.submit { blocker.wait() })
        defer { blocker.signal() }
        try harness.withServer { port in
            let client = try LoopbackClient(port: port)
            client.request("/gradient?colors=red,blue&width=10&height=10")
            let response = try client.readResponses(1)[0]
            #expect(response.status == 503 && response.header("Retry-After") == "1")
            Self.expectCrossOriginFields(response, "503")
        }
    }

    /// Requests HTTPCore refuses before the service sees them: the service's refusal carries the fields too.
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: t\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
        ("OPTIONS /gradient HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello", 413),
        ("GET /gradient?\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: t\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET * HTTP/1.1\r\nHost: t\r\n\r\n", 400),
    ])
    func refusalsCarryTheFields(request: String, status: Int) throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            client.send(request)
            let response = try client.readResponses(1)[0]
            #expect(response.status == status)
            #expect(response.header("Content-Type") == "application/problem+json")
            Self.expectCrossOriginFields(response, "refusal \(status)")
            #expect(client.waitForClose())
        }
    }

    @Test(arguments: ["/gradient?colors=red,blue", "/gradient", "/healthz", "/metrics", "/openapi.yaml", "/", "*"])
    func optionsOnEveryRouteIsAPreflightAnswer(target: String) throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            client.request(
                target, method: "OPTIONS",
                headers: "Origin: http://127.0.0.1:9\r\nAccess-Control-Request-Method: GET\r\n"
                    + "Access-Control-Request-Headers: if-none-match\r\n")
            client.request("/healthz")
            let responses = try client.readResponses(2)
            let preflight = responses[0]
            #expect(preflight.status == 204)
            #expect(preflight.body.isEmpty)
            #expect(preflight.header("Content-Length") == nil && preflight.header("Transfer-Encoding") == nil)
            #expect(preflight.header("Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
            #expect(preflight.header("Access-Control-Allow-Headers") == "if-none-match")
            #expect(preflight.header("Access-Control-Max-Age") == "86400")
            #expect(preflight.header("Allow") == "GET, HEAD, OPTIONS")
            Self.expectCrossOriginFields(preflight, "OPTIONS \(target)")
            #expect(responses[1].status == 200, "the connection goes on after a preflight")
        }
    }

    @Test(arguments: [
        ("if-none-match,x-custom,Cache-Control, authorization , range", "if-none-match, cache-control, range"),
        (
            "accept,accept-language,content-language,pragma,if-modified-since,user-agent",
            "accept, accept-language, content-language, pragma, if-modified-since, user-agent"
        ),
        ("ACCEPT, accept,Accept", "accept"),
        ("accept x, acc\"ept, <script>, if-none-match;q=1, cookie, content-type, \u{7f}range", nil),
        ("x-requested-with", nil),
        (",,, ,", nil),
    ])
    func preflightEchoesOnlyStandardHeadersAskedFor(requested: String, granted: String?) throws {
        let response = try ServiceHarness().record(
            "/gradient?colors=red", method: "OPTIONS",
            headers: [("Host", "t"), ("Access-Control-Request-Headers", requested)])
        #expect(response.head.status == 204)
        #expect(response.head.headers["Access-Control-Allow-Headers"] == granted)
        #expect(response.body.isEmpty)
    }

    @Test func preflightWithoutRequestHeadersGrantsNone() throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            client.request(
                "/gradient?colors=red", method: "OPTIONS",
                headers: "Access-Control-Request-Headers: x-evil, if-none-match\r\n"
                    + "Access-Control-Request-Headers: Range\r\n")
            client.request("/gradient?colors=red", method: "OPTIONS")
            let responses = try client.readResponses(2)
            #expect(responses[0].header("Access-Control-Allow-Headers") == "if-none-match, range")
            #expect(!responses[0].headers.contains { $0.1.contains("evil") })
            #expect(responses[1].status == 204)
            #expect(responses[1].header("Access-Control-Allow-Headers") == nil)
        }
    }
}
