import GradientImage
import Testing

@testable import GradientCore
@testable import GradientService

/// `/gradient.css`, and `grain`/`seed` on `/gradient`, through the service.
@Suite("gradient.css and grain over HTTP")
struct GradientCSSRouteTests {
    @Test func answersTheCSSImageWithAStrongETagAndImmutableCaching() throws {
        let harness = ServiceHarness()
        let target = "/gradient.css?colors=ff7e5f,feb47b&angle=135&width=1200&height=630"
        let response = try harness.record(target)
        #expect(response.head.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "linear-gradient(135deg, #ff7e5f, #feb47b)")
        #expect(response.head.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(response.head.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(response.head.headers["Access-Control-Allow-Origin"] == "*")
        let etag = try #require(response.head.headers["ETag"])
        #expect(etag == CSSExport.etag(of: "linear-gradient(135deg, #ff7e5f, #feb47b)"))
        #expect(etag.count == 34 && etag.hasPrefix("\""))
        let head = try harness.record(target, method: "HEAD")
        #expect(head.head.status == 200 && head.body.isEmpty && head.head.headers["ETag"] == etag)
        let notModified = try harness.record(target, headers: [("Host", "test"), ("If-None-Match", etag)])
        #expect(notModified.head.status == 304 && notModified.body.isEmpty)
        let other = try harness.record("/gradient.css?colors=ff7e5f,feb47b&angle=136&width=1200&height=630")
        #expect(other.head.headers["ETag"] != etag)
    }

    @Test(
        "specs without a CSS equivalent are 422 problems naming the parameter; bad queries stay 400",
        arguments: [
            ("colors=red,blue&grain=0.2", 422, "grain"), ("colors=red,blue&spread=reflect", 422, "spread"),
            ("colors=red,blue&spread=none", 422, "spread"), ("colors=red,blue&width=abc", 400, "width"),
            ("colors=red,blue&grain=2", 400, "grain"),
            ("css=linear-gradient(red,blue),linear-gradient(white,black)&blend=multiply", 422, "blend"),
            ("css=linear-gradient(red,blue),linear-gradient(white,black)&blend=mutliply", 400, "blend"),
            ("colors=red,blue&blend=multiply", 400, "blend"),
        ])
    func refusals(query: String, status: Int, parameter: String) throws {
        let response = try ServiceHarness().record("/gradient.css?" + query)
        #expect(response.head.status == status)
        #expect(response.head.headers["Content-Type"] == "application/problem+json")
        let problem = try ProblemJSON(response.body)
        #expect(problem.status == status && problem.parameter == parameter)
    }

    @Test func layeredBackgroundsOverHTTP() throws {
        let harness = ServiceHarness()
        let layers = "css=linear-gradient(red,blue),radial-gradient(white,black)&width=40&height=30"
        let css = try harness.record("/gradient.css?" + layers + "&blend=normal")
        #expect(css.head.status == 200)
        #expect(
            String(decoding: css.body, as: UTF8.self)
                == "linear-gradient(#ff0000, #0000ff), radial-gradient(#ffffff, #000000)")
        let blended = try harness.record("/gradient.css?" + layers + "&blend=screen")
        let problem = try ProblemJSON(blended.body)
        #expect(blended.head.status == 422 && problem.parameter == "blend")
        #expect(problem.detail.contains("background-blend-mode: screen, normal"), "\(problem.detail)")
        let image = try harness.record("/gradient?" + layers + "&blend=screen")
        let repeated = try harness.record("/gradient?" + layers + "&blend=screen,screen")
        let plain = try harness.record("/gradient?" + layers)
        #expect(image.head.status == 200 && image.head.headers["Content-Type"] == "image/png")
        #expect(image.head.headers["ETag"] == repeated.head.headers["ETag"] && image.body == repeated.body)
        #expect(image.head.headers["ETag"] != plain.head.headers["ETag"] && image.body != plain.body)
    }

    @Test func grainOverHTTP() throws {
        let harness = ServiceHarness()
        let base = "/gradient?colors=red,blue&dir=horizontal&width=300&height=260"
        let plain = try harness.record(base)
        let zero = try harness.record(base + "&grain=0&seed=4")
        let grained = try harness.record(base + "&grain=0.4&seed=4")
        let reseeded = try harness.record(base + "&grain=0.4&seed=5")
        #expect(zero.head.headers["ETag"] == plain.head.headers["ETag"] && zero.body == plain.body)
        #expect(grained.head.headers["ETag"] != plain.head.headers["ETag"])
        #expect(grained.head.headers["ETag"] != reseeded.head.headers["ETag"] && grained.body != reseeded.body)
        // The service renders on one thread; the CLI on two (pipelined): the same bytes.
        let spec = try GradientSpec(queryItems: QueryString.decode(Substring(base.dropFirst(10) + "&grain=0.4&seed=4")))
        #expect(grained.body == (try GradientPNG.renderPNG(spec, pipelined: true)))
        let seedAlone = try harness.record(base + "&seed=4")
        #expect(seedAlone.head.status == 200 && seedAlone.head.headers["ETag"] == plain.head.headers["ETag"])
        let invalid = try harness.record(base + "&grain=0.1&seed=x")
        #expect(invalid.head.status == 400)
        #expect(try ProblemJSON(invalid.body).parameter == "seed")
    }
}
