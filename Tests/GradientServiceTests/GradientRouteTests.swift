import GradientCore
import GradientImage
import HTTPCore
import HTTPTestSupport
import PNGEncoding
import Testing

@testable import GradientService

@Suite(.hangGuard(minutes: 1))
struct GradientRouteTests {
    static let query = "colors=ff7e5f,feb47b&dir=horizontal&width=120&height=63"

    @Test func aMissStreamsTheSameBytesAsTheCommandLineAndAHitSendsThemWithContentLength() throws {
        let harness = ServiceHarness()
        let expected = try ServiceHarness.cliBytes(Self.query)
        let key = try ServiceHarness.key(Self.query)
        let etag = GradientPNG.etag(for: try GradientSpec(queryItems: QueryString.decode(Substring(Self.query))))
        let miss = try harness.record("/gradient?" + Self.query)
        #expect(miss.head.status == 200)
        #expect(miss.head.headers["Transfer-Encoding"] == "chunked")
        #expect(miss.head.headers["Cache-Status"] == "gradientd; fwd=miss; stored")
        #expect(miss.body == expected)
        #expect(ServiceHarness.eventually { harness.service.coordinator.cache.contains(key) })
        let hit = try harness.record("/gradient?" + Self.query)
        #expect(hit.head.headers["Cache-Status"] == "gradientd; hit")
        #expect(hit.head.headers["Content-Length"] == String(expected.count))
        #expect(hit.body == expected)
        for response in [miss, hit] {
            #expect(response.head.headers["Content-Type"] == "image/png")
            #expect(response.head.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(response.head.headers["ETag"] == etag)
        }
        let decoded = try PNGDecoder.decode(hit.body)
        #expect(decoded.width == 120 && decoded.height == 63)
    }

    @Test func equivalentQueriesShareOneCacheEntryAndETag() throws {
        let harness = ServiceHarness()
        let first = try harness.record("/gradient?colors=red,blue&width=32&height=32")
        _ = ServiceHarness.eventually { harness.service.coordinator.cache.statistics.entries == 1 }
        let second = try harness.record("/gradient?colors=%23f00,rgb(0+0+255)&dir=to-bottom&width=32&height=32")
        #expect(second.head.headers["Cache-Status"] == "gradientd; hit")
        #expect(first.head.headers["ETag"] == second.head.headers["ETag"])
        #expect(first.body == second.body)
    }

    @Test(arguments: [
        ("\"*\"", false), ("*", true), ("ETAG", true), ("W/ETAG", true), ("\"x\", ETAG", true), ("\"x\",W/ETAG", true),
        ("\"0000\"", false), ("W/\"0000\", \"1111\"", false),
    ])
    func ifNoneMatchAnswers304WithoutABodyWhenATagMatches(field: String, matches: Bool) throws {
        let harness = ServiceHarness()
        let target = "/gradient?colors=red,blue&width=16&height=16"
        let etag = GradientPNG.etag(
            for: try GradientSpec(queryItems: [("colors", "red,blue"), ("width", "16"), ("height", "16")]))
        let value = field.replacingOccurrences(of: "ETAG", with: etag)
        for _ in 0..<2 {
            let response = try harness.record(target, headers: [("Host", "t"), ("If-None-Match", value)])
            #expect(response.head.status == (matches ? 304 : 200))
            if matches {
                #expect(response.body.isEmpty)
                #expect(response.head.headers["ETag"] == etag)
                #expect(response.head.headers["Cache-Control"] == "public, max-age=31536000, immutable")
                #expect(response.head.headers["Cache-Status"] != nil)
            }
            _ = ServiceHarness.eventually(timeout: .seconds(5)) { harness.service.coordinator.renderCount == 0 }
        }
        #expect(harness.service.metrics.renderCounts.succeeded == (matches ? 0 : 1))
    }

    @Test func headSendsTheHeadersOfGetWithoutABodyAndFillsTheCache() throws {
        let harness = ServiceHarness()
        let target = "/gradient?colors=red,blue&width=40&height=40"
        let head = try harness.record(target, method: "HEAD")
        #expect(head.head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.head.headers["Transfer-Encoding"] == "chunked")
        #expect(head.head.headers["Cache-Status"] == "gradientd; fwd=miss; stored")
        #expect(ServiceHarness.eventually { harness.service.coordinator.cache.statistics.entries == 1 })
        let get = try harness.record(target)
        let headHit = try harness.record(target, method: "HEAD")
        #expect(headHit.body.isEmpty)
        for name in ["Content-Type", "ETag", "Cache-Control", "Cache-Status", "Content-Length"] {
            #expect(headHit.head.headers[name] == get.head.headers[name], "\(name)")
        }
    }

    @Test(arguments: [
        ("width=abc&colors=red", "width"), ("colors=red,notacolour", "colors"), ("colors=red&bogus=1", "bogus"),
        ("colors=red&colors=blue", "colors"), ("colors=red&width=", "width"), ("colors=red&type=spiral", "type"),
        ("colors=red%ZZ", "colors"), ("colors=red&width=8192&height=8192", "width"), ("", "colors"),
        ("colors=red&depth=12", "depth"),
    ])
    func aBadQueryIsAProblemNamingTheParameter(query: String, parameter: String) throws {
        let response = try ServiceHarness().record("/gradient?" + query)
        #expect(response.head.status == 400)
        #expect(response.head.headers["Content-Type"] == "application/problem+json")
        let json = try ProblemJSON(response.body)
        #expect(json.status == 400)
        #expect(json.parameter == parameter)
        #expect(json.title == "Invalid parameter")
        #expect(!json.detail.isEmpty)
    }

    /// The newcomer's mistakes, as the problem detail tells them over a real socket.
    @Test func theProblemDetailSaysHowToFixTheQuery() throws {
        try ServiceHarness().withServer { port in
            let client = try LoopbackClient(port: port)
            for query in ["width=64&colors=", "colors=red@50%,blue", "colors=redd,blue", "w=10&colors=red"] {
                client.request("/gradient?" + query)
            }
            let details = try client.readResponses(4).map { try ProblemJSON($0.body).detail }
            #expect(
                details[0].hasSuffix(
                    "a '#' in a URL starts a fragment, which is never sent: leave it out (ff0000) or write %23"))
            #expect(details[1].contains("bad percent-encoding at offset 6 of the value \"red@50%,blue\""))
            #expect(details[1].hasSuffix("write % as %25"))
            #expect(details[2].contains("unknown colour name \"redd\" (did you mean \"red\"?)"))
            #expect(details[3] == "unknown parameter \"w\" (did you mean \"width\"?)")
        }
    }

    @Test func aBadQueryIsEscapedInTheProblemAndNeverReachesAHeader() throws {
        let response = try ServiceHarness().record("/gradient?colors=%22%5C%0A%01%C3%A9")
        #expect(response.head.status == 400)
        let json = try ProblemJSON(response.body)
        #expect(json.parameter == "colors")
        for (_, value) in response.head.headers { #expect(!value.contains("é")) }
    }
}
