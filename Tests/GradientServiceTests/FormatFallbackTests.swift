import Foundation
import GradientCore
import GradientImage
import HTTPCore
import HTTPTestSupport
import PNGEncoding
import Testing

@testable import GradientService

/// `format=auto` with a full frame-memory budget: streaming PNG under the PNG's own identity, never a 503.
@Suite(.hangGuard(minutes: 1))
struct FormatFallbackTests {
    static let query = "colors=ff7e5f,feb47b&dir=horizontal&width=1024&height=1024&format=auto"

    /// A service whose frame-memory budget (64 MiB) has 60 MiB reserved: a 1024×1024 WebP or AVIF does not fit, and
    /// waits for it 100 ms.
    private static func harnessWithAFullBudget() throws -> (ServiceHarness, FrameMemoryQueue) {
        let harness = ServiceHarness(
            configuration: GradientServiceConfiguration(
                renderWorkers: 1, frameMemoryBytes: 64 << 20, frameMemoryRequestShare: 1,
                frameMemoryWait: .milliseconds(100)))
        let budget = harness.service.coordinator.frameMemory
        try #require(budget.reserve(60 << 20) { _ in } == .reserved)
        return (harness, budget)
    }

    private func identity(_ format: ImageFormat) throws -> ImageIdentity {
        ImageIdentity(request: try ImageRequest(queryItems: QueryString.decode(Substring(Self.query))), format: format)
    }

    @Test(arguments: [ImageFormat.avif, .webp])
    func autoFallsBackToStreamingPNGWithItsOwnETagWhileTheBudgetIsFull(negotiated: ImageFormat) throws {
        let (harness, budget) = try Self.harnessWithAFullBudget()
        let png = try identity(.png)
        let refusedFormat = try identity(negotiated)
        let headers = [("Host", "t"), ("Accept", negotiated.mediaType)]
        let miss = try harness.record("/gradient?" + Self.query, headers: headers)
        #expect(miss.head.status == 200)
        #expect(miss.head.headers["Content-Type"] == "image/png")
        #expect(miss.head.headers["Vary"] == "Accept")
        #expect(miss.head.headers["ETag"] == png.etag && png.etag != refusedFormat.etag)
        #expect(miss.head.headers["Cache-Status"] == "gradientd; fwd=miss; stored; detail=frame-memory-full")
        #expect(miss.head.headers["Content-Length"] == nil)
        #expect(miss.head.headers["Cache-Control"] == "public, max-age=60")
        let decoded = try PNGDecoder.decode(miss.body)
        #expect(decoded.width == 1024 && decoded.height == 1024)
        #expect(miss.body == (try ImageRenderer.renderImage(png)))
        let fallbacks = { (count: Int) in
            "gradientd_format_fallbacks_total{from=\"\(negotiated.rawValue)\"} \(count)"
        }
        #expect(harness.service.metricsText.contains(fallbacks(1)))
        #expect(ServiceHarness.eventually { harness.service.coordinator.cache.contains(png.cacheKey) })
        #expect(!harness.service.coordinator.cache.contains(refusedFormat.cacheKey))

        let hit = try harness.record("/gradient?" + Self.query, headers: headers)
        #expect(hit.head.status == 200 && hit.head.headers["Content-Type"] == "image/png")
        #expect(hit.head.headers["ETag"] == png.etag && hit.head.headers["Vary"] == "Accept")
        #expect(hit.head.headers["Cache-Status"] == "gradientd; hit; detail=frame-memory-full")
        #expect(hit.head.headers["Cache-Control"] == "public, max-age=60")
        #expect(hit.body == miss.body)
        let revalidated = try harness.record(
            "/gradient?" + Self.query, headers: headers + [("If-None-Match", png.etag)])
        #expect(revalidated.head.status == 304 && revalidated.head.headers["ETag"] == png.etag)

        budget.release(60 << 20)
        let recovered = try harness.record("/gradient?" + Self.query, headers: headers)
        #expect(recovered.head.status == 200)
        #expect(recovered.head.headers["Content-Type"] == negotiated.mediaType)
        #expect(recovered.head.headers["ETag"] == refusedFormat.etag)
        #expect(recovered.head.headers["Cache-Status"] == "gradientd; fwd=miss; stored")
        #expect(recovered.head.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(recovered.body == (try ImageRenderer.renderImage(refusedFormat)))
        // The miss, the hit and the 304 fell back; the request after the budget freed did not.
        #expect(harness.service.metricsText.contains(fallbacks(3)))
    }

    @Test(arguments: [ImageFormat.avif, .webp])
    func anExplicitFormatStillAnswers503WhileTheBudgetIsFull(format: ImageFormat) throws {
        let (harness, budget) = try Self.harnessWithAFullBudget()
        defer { budget.release(60 << 20) }
        let explicit = Self.query.replacingOccurrences(of: "format=auto", with: "format=" + format.rawValue)
        let refused = try harness.record("/gradient?" + explicit, headers: [("Host", "t"), ("Accept", "*/*")])
        #expect(refused.head.status == 503 && refused.head.headers["Retry-After"] == "1")
        #expect(harness.service.metricsText.contains("gradientd_format_fallbacks_total{from=\"\(format.rawValue)\"} 0"))
    }

    /// Over a real socket: the fallback's bytes are a PNG, chunked, and the connection stays usable.
    @Test func theFallbackStreamsOverASocket() throws {
        let (harness, budget) = try Self.harnessWithAFullBudget()
        defer { budget.release(60 << 20) }
        try harness.withServer { port in
            let client = try LoopbackClient(port: port)
            client.request("/gradient?" + Self.query, headers: "Accept: image/avif,image/webp,*/*;q=0.8\r\n")
            let response = try client.readResponses(1)[0]
            #expect(response.status == 200 && response.wasChunked)
            #expect(response.header("Content-Type") == "image/png" && response.header("Vary") == "Accept")
            #expect(response.header("ETag") == (try identity(.png)).etag)
            #expect(try PNGDecoder.decode(response.body).width == 1024)
            client.request("/healthz")
            #expect(try client.readResponses(1)[0].status == 200)
        }
    }
}
