import GradientCore
import HTTPTestSupport
import PNGEncoding
import Testing

@testable import GradientService

/// Mesh gradients through the HTTP route: a valid mesh is an image, a folded one a problem naming the vertex.
@Suite(.hangGuard(minutes: 1))
struct MeshRouteTests {
    @Test func aMeshIsServedAsThePNGTheCommandLineWrites() throws {
        let query =
            "type=mesh&mesh=3x2&colors=ff7e5f,feb47b,86a8e7,91eae4,7f7fd5,e96443"
            + "&points=0,0;0.6,0;1,0;0,1;0.4,1;1,1&width=96&height=64"
        let response = try ServiceHarness().record("/gradient?" + query)
        #expect(response.head.status == 200)
        #expect(response.head.headers["Content-Type"] == "image/png")
        #expect(response.body == (try ServiceHarness.cliBytes(query)))
        let decoded = try PNGDecoder.decode(response.body)
        #expect(decoded.width == 96 && decoded.height == 64)
    }

    @Test func aFoldedMeshIsAProblemNamingTheVertex() throws {
        let query =
            "type=mesh&mesh=3x3&colors=red,red,red,red,blue,red,red,red,red"
            + "&points=0,0;0.5,0;1,0;0,0.5;0.95,0.5;1,0.5;0,1;0.5,1;1,1"
        let response = try ServiceHarness().record("/gradient?" + query)
        #expect(response.head.status == 400)
        #expect(response.head.headers["Content-Type"] == "application/problem+json")
        let json = try ProblemJSON(response.body)
        #expect(json.parameter == "points")
        #expect(json.detail.contains("vertex (1,1) folds the mesh"))
    }
}
