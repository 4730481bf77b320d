import AVIFEncoding
import GradientCore
import GradientImage
import HTTPCore
import HTTPTestSupport
import PNGEncoding
import Testing
import WebPEncoding

@testable import GradientService

/// `format=auto` weighs `Accept` by its q-values (RFC 9110 §12.5.1): real requests, each body decoded as the format
/// its `Content-Type` claims.
@Suite(.hangGuard(minutes: 1))
struct FormatNegotiationTests {
    static let query = "colors=ff7e5f,feb47b&dir=horizontal&width=48&height=20&format=auto"

    @Test(arguments: [
        ("image/avif;q=0.5, image/webp", ImageFormat.webp),
        ("image/avif;q=0.5, image/webp;q=0.5", .avif),
        ("image/webp;q=0.9, image/avif;q=0.9, image/png", .png),
        ("image/avif;q=0.5, */*", .png),
        ("image/avif;q=0.5, image/*;q=0.4", .avif),
        ("image/*;q=0.1, image/avif;q=0.05", .png),
        ("*/*;q=0, image/webp;q=0.1", .webp),
        ("image/webp, image/png;q=0", .webp),
        ("image/avif;level=1;q=0, image/webp;q=0.2", .webp),
        ("image/avif; Q=0 , image/webp", .webp),
        ("image/avif;q=0.001, image/webp;q=0", .avif),
        ("image/webp;q=1.000, image/avif;q=0.999", .webp),
        ("image/avif;q=abc, image/webp;q=0.5", .avif),
        ("image/avif;q=, image/webp;q=0.5", .avif),
        ("image/avif;q=7, image/webp;q=0.5", .avif),
        ("image/webp;q=0.5, image/avif;q=-1", .webp),
        (";;, ,image/webp;;q=0.3,", .webp),
        ("image/avif, image/webp", .avif),
    ])
    func qValuesDecideAndTiesKeepAVIFThenWebPThenPNG(accept: String, expected: ImageFormat) throws {
        let harness = ServiceHarness()
        let response = try harness.record("/gradient?" + Self.query, headers: [("Host", "t"), ("Accept", accept)])
        #expect(response.head.status == 200)
        #expect(response.head.headers["Content-Type"] == expected.mediaType)
        #expect(response.head.headers["Vary"] == "Accept")
        let identity = ImageIdentity(
            request: try ImageRequest(queryItems: QueryString.decode(Substring(Self.query))), format: expected)
        #expect(response.head.headers["ETag"] == identity.etag)
        switch expected {
        case .png:
            let decoded = try PNGDecoder.decode(response.body)
            #expect(decoded.width == 48 && decoded.height == 20)
        case .webp:
            let decoded = try WebPDecoder.decode(response.body)
            #expect(decoded.width == 48 && decoded.height == 20)
        case .avif:
            let decoded = try AVIFDecoder.decode(response.body)
            #expect(decoded.width == 48 && decoded.height == 20)
        case .svg:
            Issue.record("format=auto chose SVG")
        }
    }

    /// A remembered query (the cache-hit path) weighs q-values the same way.
    @Test func theCacheHitPathWeighsQValuesToo() throws {
        let harness = ServiceHarness()
        let target = "/gradient?" + Self.query
        let accepts = ["image/avif", "image/webp", "image/avif;q=0.5, image/webp", "image/webp;q=0.2, image/avif"]
        var types: [String] = []
        for accept in accepts + accepts {
            _ = ServiceHarness.eventually { harness.service.coordinator.renderCount == 0 }
            let response = try harness.record(target, headers: [("Host", "t"), ("Accept", accept)])
            types.append(response.head.headers["Content-Type"] ?? "")
        }
        let expected = ["image/avif", "image/webp", "image/webp", "image/avif"]
        #expect(types == expected + expected)
    }
}
