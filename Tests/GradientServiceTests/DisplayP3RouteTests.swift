import GradientCore
import GradientImage
import HTTPCore
import HTTPTestSupport
import Testing

@testable import GradientService

/// `gamut=display-p3` on the wire: its own bytes and ETag in every raster format, sRGB's unchanged, and the refusals.
@Suite(.hangGuard(minutes: 1))
struct DisplayP3RouteTests {
    static let query = "colors=ff7e5f,feb47b&angle=135&width=240&height=120"

    @Test(arguments: ["png", "webp", "avif"])
    func displayP3HasItsOwnBytesAndETagAndSRGBIsTheDefault(format: String) throws {
        let harness = ServiceHarness()
        let plain = try harness.record("/gradient?\(Self.query)&format=\(format)")
        let srgb = try harness.record("/gradient?\(Self.query)&format=\(format)&gamut=srgb")
        let p3 = try harness.record("/gradient?\(Self.query)&format=\(format)&gamut=display-p3")
        #expect([plain, srgb, p3].allSatisfy { $0.head.status == 200 })
        #expect(plain.body == srgb.body && plain.head.headers["ETag"] == srgb.head.headers["ETag"])
        #expect(p3.body != plain.body && p3.head.headers["ETag"] != plain.head.headers["ETag"])
        let request = try ImageRequest(
            queryItems: QueryString.decode(Substring("\(Self.query)&format=\(format)&gamut=display-p3")))
        let identity = ImageIdentity(request: request, format: request.candidateFormats[0])
        #expect(p3.head.headers["ETag"] == identity.etag)
        #expect(p3.body == (try ImageRenderer.renderImage(identity)))
    }

    @Test func anUnknownGamutIs400NamingTheChoices() throws {
        let harness = ServiceHarness()
        let response = try harness.record("/gradient?colors=red,blue&gamut=rec2020")
        #expect(response.head.status == 400)
        #expect(response.head.headers["Content-Type"] == "application/problem+json")
        let problem = try ProblemJSON(response.body)
        #expect(problem.parameter == "gamut")
        #expect(problem.detail.contains("display-p3") && problem.detail.contains("srgb"))
    }

    @Test func displayP3SVGIs400AndTheCSSIgnoresTheGamut() throws {
        let harness = ServiceHarness()
        let svg = try harness.record("/gradient?colors=red,blue&format=svg&gamut=display-p3")
        #expect(svg.head.status == 400)
        #expect(try ProblemJSON(svg.body).parameter == "gamut")
        let css = try harness.record("/gradient.css?colors=red,blue&gamut=display-p3")
        let plainCSS = try harness.record("/gradient.css?colors=red,blue")
        #expect(css.head.status == 200 && css.body == plainCSS.body)
    }
}
