import GradientCore
import GradientImage
import HTTPCore
import HTTPTestSupport
import Testing

@testable import GradientService

/// `format=svg` on the wire: the document, its headers, its identity, and what is refused.
@Suite(.hangGuard(minutes: 1))
struct SVGRouteTests {
    static let query = "colors=ff7e5f,feb47b&dir=horizontal&width=1200&height=630&format=svg"

    @Test func aCardIsServedAsASandboxedSVGDocument() throws {
        let harness = ServiceHarness()
        let response = try harness.record("/gradient?" + Self.query)
        #expect(response.head.status == 200)
        #expect(response.head.headers["Content-Type"] == "image/svg+xml")
        #expect(
            response.head.headers["Content-Security-Policy"]
                == "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        #expect(response.head.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.head.headers["Access-Control-Allow-Origin"] == "*")
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"630\""))
        #expect(text.contains("<stop offset=\"0\" stop-color=\"#ff7e5f\"/><stop offset=\"1\" stop-color=\"#feb47b\"/>"))
        #expect(response.body.count <= 400)
        let request = try ImageRequest(queryItems: QueryString.decode(Substring(Self.query)))
        let identity = ImageIdentity(request: request, format: .svg)
        #expect(response.head.headers["ETag"] == identity.etag)
        let png = ImageIdentity(request: request, format: .png)
        #expect(identity.etag != png.etag)
        let hit = try harness.record("/gradient?" + Self.query)
        #expect(hit.body == response.body)
        #expect(hit.head.headers["Content-Security-Policy"] != nil)
        let notModified = try harness.record(
            "/gradient?" + Self.query, headers: [("Host", "t"), ("If-None-Match", identity.etag)])
        #expect(notModified.head.status == 304)
    }

    @Test func theDocumentHoldsNoTextFromTheRequest() throws {
        let harness = ServiceHarness()
        let response = try harness.record(
            "/gradient?css=linear-gradient(%23f00%20/*%3Cscript%3E*/,%20blue)&format=svg&width=10&height=10")
        #expect(response.head.status == 200)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(!text.contains("script") && !text.contains("/*"))
    }

    @Test(
        arguments: [
            ("type=conic&colors=red,blue", "type"),
            ("css=radial-gradient(red, blue), conic-gradient(red, blue)", "type"),
            ("type=mesh&mesh=2x2&colors=red,blue,lime,white", "type"),
            ("colors=red,blue&grain=0.2", "grain"),
            ("colors=red,blue&spread=none", "spread"),
        ])
    func whatSVGCannotDrawIs422NamingTheFormatsThatCan(query: String, parameter: String) throws {
        let harness = ServiceHarness()
        let response = try harness.record("/gradient?" + query + "&format=svg")
        #expect(response.head.status == 422)
        #expect(response.head.headers["Content-Type"] == "application/problem+json")
        let problem = try ProblemJSON(response.body)
        #expect(problem.status == 422)
        #expect(problem.parameter == parameter)
        #expect(problem.detail.contains("format=png"))
    }

    @Test(arguments: ["dither=off", "depth=16", "quality=50", "compression=smallest"])
    func rasterSettingsWithSVGAre400(setting: String) throws {
        let harness = ServiceHarness()
        let response = try harness.record("/gradient?colors=red,blue&format=svg&" + setting)
        #expect(response.head.status == 400)
        let problem = try ProblemJSON(response.body)
        #expect(problem.parameter == String(setting.prefix { $0 != "=" }))
    }

    @Test func autoNeverPicksSVGEvenWhenOnlySVGIsAccepted() throws {
        let harness = ServiceHarness()
        let response = try harness.record(
            "/gradient?colors=red,blue&format=auto", headers: [("Host", "t"), ("Accept", "image/svg+xml")])
        #expect(response.head.status == 200)
        #expect(response.head.headers["Content-Type"] == "image/png")
    }

    @Test func aHeadRequestGetsTheHeadersWithoutABody() throws {
        let harness = ServiceHarness()
        let response = try harness.record("/gradient?" + Self.query, method: "HEAD")
        #expect(response.head.status == 200)
        #expect(response.head.headers["Content-Type"] == "image/svg+xml")
        #expect(response.body.isEmpty)
    }
}
