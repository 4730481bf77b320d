import Foundation
import GradientCore
import GradientImage
import HTTPCore
import HTTPTestSupport
import Locking
import PNGEncoding
import Testing
import WebPEncoding

@testable import GradientService

@Suite(.hangGuard(minutes: 1))
struct FormatTests {
    static let query = "colors=ff7e5f,feb47b&dir=horizontal&width=120&height=63"
    static let chromeAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

    private func identity(_ query: String, _ format: ImageFormat) throws -> ImageIdentity {
        ImageIdentity(request: try ImageRequest(queryItems: QueryString.decode(Substring(query))), format: format)
    }

    @Test(arguments: ImageFormat.allCases)
    func anExplicitFormatIsServedWithItsTypeAndETagAndNoVary(format: ImageFormat) throws {
        let harness = ServiceHarness()
        let query = Self.query + "&format=" + format.rawValue
        let expected = try identity(query, format)
        let miss = try harness.record("/gradient?" + query, headers: [("Host", "t"), ("Accept", Self.chromeAccept)])
        #expect(ServiceHarness.eventually { harness.service.coordinator.cache.contains(expected.cacheKey) })
        let hit = try harness.record("/gradient?" + query)
        for response in [miss, hit] {
            #expect(response.head.status == 200)
            #expect(response.head.headers["Content-Type"] == format.mediaType)
            #expect(response.head.headers["ETag"] == expected.etag)
            #expect(response.head.headers["Vary"] == nil)
            #expect(response.body == (try ImageRenderer.renderImage(expected)))
        }
        #expect(hit.head.headers["Cache-Status"] == "gradientd; hit")
    }

    @Test func theSameSpecInEveryFormatHasItsOwnETagAndCacheEntry() throws {
        let harness = ServiceHarness()
        var etags: Set<String> = []
        for format in ImageFormat.allCases {
            let response = try harness.record("/gradient?" + Self.query + "&format=" + format.rawValue)
            etags.insert(try #require(response.head.headers["ETag"]))
        }
        #expect(etags.count == ImageFormat.allCases.count)
        #expect(
            ServiceHarness.eventually {
                harness.service.coordinator.cache.statistics.entries == ImageFormat.allCases.count
            })
    }

    @Test(arguments: [
        (chromeAccept, ImageFormat.avif), ("image/webp,*/*", .webp), ("*/*", .png), ("image/*", .png),
        ("image/avif;q=0, image/webp", .webp), ("IMAGE/AVIF", .avif), ("image/avif;q=0.0,image/webp;q=0", .png),
        ("text/html, image/avif ; q=0.5", .avif),
    ])
    func autoNegotiatesOnAcceptAndVaries(accept: String, expected: ImageFormat) throws {
        let harness = ServiceHarness()
        let query = Self.query + "&format=auto"
        for cache in ["gradientd; fwd=miss; stored", "gradientd; hit"] {
            _ = ServiceHarness.eventually { harness.service.coordinator.renderCount == 0 }
            let response = try harness.record("/gradient?" + query, headers: [("Host", "t"), ("Accept", accept)])
            #expect(response.head.headers["Cache-Status"] == cache)
            #expect(response.head.headers["Content-Type"] == expected.mediaType)
            #expect(response.head.headers["Vary"] == "Accept")
            #expect(response.head.headers["ETag"] == (try identity(query, expected)).etag)
        }
    }

    @Test func aRememberedAutoQueryStillNegotiatesEachRequest() throws {
        let harness = ServiceHarness()
        let target = "/gradient?" + Self.query + "&format=auto"
        let accepts = ["image/avif", "image/webp", "*/*", "image/avif", "image/webp", "*/*"]
        var types: [String] = []
        for accept in accepts {
            _ = ServiceHarness.eventually { harness.service.coordinator.renderCount == 0 }
            let response = try harness.record(target, headers: [("Host", "t"), ("Accept", accept)])
            types.append(response.head.headers["Content-Type"] ?? "")
            let conditional = try harness.record(
                target,
                headers: [("Host", "t"), ("Accept", accept), ("If-None-Match", response.head.headers["ETag"] ?? "")])
            #expect(conditional.head.status == 304)
            #expect(conditional.head.headers["Vary"] == "Accept")
        }
        #expect(types == ["image/avif", "image/webp", "image/png", "image/avif", "image/webp", "image/png"])
    }

    @Test func autoAtSixteenBitsSkipsWebP() throws {
        let harness = ServiceHarness()
        let response = try harness.record(
            "/gradient?" + Self.query + "&format=auto&depth=16", headers: [("Host", "t"), ("Accept", "image/webp")])
        #expect(response.head.headers["Content-Type"] == "image/png")
        #expect(response.head.headers["Vary"] == "Accept")
    }

    @Test func aWebPResponseHoldsThePNGsPixels() throws {
        let harness = ServiceHarness()
        let png = try harness.record("/gradient?" + Self.query)
        let webp = try harness.record("/gradient?" + Self.query + "&format=webp")
        let decodedPNG = try PNGDecoder.decode(png.body)
        let decodedWebP = try WebPDecoder.decode(webp.body)
        #expect(decodedWebP.width == 120 && decodedWebP.height == 63)
        guard case .eightBit(let samples) = decodedPNG.pixels else {
            Issue.record("expected an 8-bit PNG")
            return
        }
        #expect(decodedWebP.rgba == samples)
    }

    @Test(arguments: [
        ("format=gif", "format"), ("format=webp&depth=16", "depth"), ("quality=50", "quality"),
        ("format=avif&quality=0", "quality"), ("format=avif&width=4097&height=4096", "format"),
        ("format=webp&compression=max", "compression"), ("compression=smallest", "compression"),
        ("format=avif&compression=smallest", "compression"),
    ])
    func badFormatParametersAre400NamingTheParameter(suffix: String, parameter: String) throws {
        let response = try ServiceHarness().record("/gradient?colors=red,blue&" + suffix)
        #expect(response.head.status == 400)
        let problem = try ProblemJSON(response.body)
        #expect(problem.parameter == parameter)
    }

    @Test func webPCompressionSmallestHasItsOwnETagAndTheSamePixels() throws {
        let harness = ServiceHarness()
        let query = "/gradient?colors=ff7e5f,feb47b&angle=135&width=300&height=160&format=webp"
        let fast = try harness.record(query)
        let smallest = try harness.record(query + "&compression=smallest")
        #expect(fast.head.status == 200 && smallest.head.status == 200)
        #expect(fast.head.headers["ETag"] != smallest.head.headers["ETag"])
        #expect(fast.body != smallest.body)
        #expect(try WebPDecoder.decode(fast.body).rgba == WebPDecoder.decode(smallest.body).rgba)
    }

    /// A service with a frame-memory budget of 64 MiB, 60 MiB of it reserved, waiting `wait` in a queue of
    /// `queueLimit`.
    private static func harnessWithAReservedBudget(
        wait: Duration, queueLimit: Int = 64
    ) throws -> (
        ServiceHarness, FrameMemoryQueue
    ) {
        let harness = ServiceHarness(
            configuration: GradientServiceConfiguration(
                renderWorkers: 1, frameMemoryBytes: 64 << 20, frameMemoryRequestShare: 1,
                frameMemoryQueueLimit: queueLimit, frameMemoryWait: wait))
        let budget = harness.service.coordinator.frameMemory
        try #require(budget.reserve(60 << 20) { _ in } == .reserved)
        return (harness, budget)
    }

    @Test func aWaitPastItsDeadlineAnswers503WithRetryAfterAndPNGStillStreams() throws {
        let (harness, budget) = try Self.harnessWithAReservedBudget(wait: .milliseconds(200))
        defer { budget.release(60 << 20) }
        let start = ContinuousClock.now
        let refused = try harness.record("/gradient?colors=red,blue&width=1024&height=1024&format=avif")
        #expect(ContinuousClock.now - start >= .milliseconds(200))
        #expect(refused.head.status == 503)
        #expect(refused.head.headers["Retry-After"] == "1")
        #expect(try ProblemJSON(refused.body).detail.contains("frame-memory"))
        #expect(harness.service.metricsText.contains("gradientd_frame_memory_refusals_total{format=\"avif\"} 1"))
        #expect(harness.service.metricsText.contains("gradientd_frame_memory_waiting 0"))
        let png = try harness.record("/gradient?colors=red,blue&width=1024&height=1024")
        #expect(png.head.status == 200)
    }

    @Test func aRenderWaitsForFrameMemoryAndGetsItWhenItIsReleased() throws {
        let (harness, budget) = try Self.harnessWithAReservedBudget(wait: .seconds(20))
        let query = "/gradient?colors=red,blue&width=256&height=256&format=webp"
        let response = LockedValue<HTTPRecordedResponse?>(nil)
        let thread = Thread {
            let answered = try? harness.record(query)
            response.withLock { $0 = answered }
        }
        thread.start()
        #expect(ServiceHarness.eventually { budget.waiting.requests == 1 })
        #expect(harness.service.metricsText.contains("gradientd_frame_memory_waiting 1"))
        #expect(response.withLock { $0 } == nil)
        budget.release(60 << 20)
        #expect(ServiceHarness.eventually { response.withLock { $0 } != nil })
        let answered = try #require(response.withLock { $0 })
        #expect(answered.head.status == 200 && answered.head.headers["Content-Type"] == "image/webp")
        #expect(
            answered.body == (try ImageRenderer.renderImage(identity("colors=red,blue&width=256&height=256", .webp))))
        #expect(ServiceHarness.eventually { budget.reservedBytes == 0 })
    }

    @Test func aFullWaitQueueAnswers503AtOnce() throws {
        let (harness, budget) = try Self.harnessWithAReservedBudget(wait: .seconds(20), queueLimit: 0)
        defer { budget.release(60 << 20) }
        let refused = try harness.record("/gradient?colors=red,blue&width=1024&height=1024&format=webp")
        #expect(refused.head.status == 503 && refused.head.headers["Retry-After"] == "1")
    }

    @Test func anImageOverOneRequestsShareIs400NamingFormat() throws {
        let harness = ServiceHarness(
            configuration: GradientServiceConfiguration(renderWorkers: 1, frameMemoryBytes: 32 << 20))
        let refused = try harness.record("/gradient?colors=red,blue&width=1024&height=1024&format=webp")
        #expect(refused.head.status == 400)
        let problem = try ProblemJSON(refused.body)
        #expect(problem.parameter == "format")
        #expect(problem.detail.contains("format=png"))
        #expect(harness.service.coordinator.frameMemory.reservedBytes == 0)
    }

    /// One large whole-frame render holds at most its share: a small one renders beside it, never refused.
    @Test func aLargeReservationLeavesRoomForASmallImage() throws {
        let harness = ServiceHarness()
        let budget = harness.service.coordinator.frameMemory
        let largest = "colors=red,0000ff80&width=4096&height=4096&depth=16"
        for format in [ImageFormat.webp, .avif] {
            let query = format == .webp ? largest.replacingOccurrences(of: "&depth=16", with: "") : largest
            #expect(try identity(query, format).frameMemoryBytes <= budget.requestLimitBytes)
        }
        #expect(budget.reserve(budget.requestLimitBytes) { _ in } == .reserved)
        defer { budget.release(budget.requestLimitBytes) }
        let start = ContinuousClock.now
        let small = try harness.record("/gradient?colors=red,blue&width=200&height=200&format=avif")
        #expect(small.head.status == 200 && small.head.headers["Content-Type"] == "image/avif")
        #expect(ContinuousClock.now - start < .seconds(3))
    }

    /// A HEAD of a whole-frame miss is answered from the identity: no render, no frame memory.
    @Test func aHeadOfAWholeFrameMissHoldsNoFrameMemory() throws {
        let harness = ServiceHarness(
            configuration: GradientServiceConfiguration(renderWorkers: 1, frameMemoryBytes: 64 << 20))
        let head = try harness.record("/gradient?colors=red,blue&width=4000&height=4000&format=avif", method: "HEAD")
        #expect(head.head.status == 200 && head.head.headers["Content-Type"] == "image/avif")
        #expect(head.head.headers["Cache-Status"] == "gradientd; fwd=miss")
        #expect(head.body.isEmpty)
        #expect(harness.service.coordinator.frameMemory.reservedBytes == 0)
        #expect(harness.service.coordinator.renderCount == 0)
        let get = try harness.record("/gradient?colors=red,blue&width=200&height=200&format=avif")
        #expect(get.head.status == 200)
    }
}
