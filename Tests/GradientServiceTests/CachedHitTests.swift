import HTTPCore
import Testing

@testable import GradientService

/// Cache hits send a head serialised once per entry: GET, HEAD and 304 still carry the right fields.
struct CachedHitTests {
    @Test func hitsForGetHeadAndIfNoneMatchCarryDateETagAndLength() throws {
        let harness = ServiceHarness()
        let target = "/gradient?colors=ff7e5f,feb47b&width=40&height=30"
        let miss = try harness.record(target)
        let png = try ServiceHarness.cliBytes("colors=ff7e5f,feb47b&width=40&height=30")
        #expect(miss.body == png)
        let etag = try #require(miss.head.headers["ETag"])
        for method in ["GET", "HEAD", "GET"] {
            let hit = try harness.record(target, method: method)
            #expect(hit.head.status == 200)
            #expect(hit.head.headers["Cache-Status"] == "gradientd; hit")
            #expect(hit.head.headers["ETag"] == etag)
            #expect(hit.head.headers["Content-Length"] == String(png.count))
            #expect(hit.head.headers["Content-Type"] == "image/png")
            #expect(hit.head.headers["Date"]?.hasSuffix(" GMT") == true)
            #expect(hit.head.headers.values(for: "Date").count == 1)
            #expect(hit.body == (method == "GET" ? png : []))
        }
        let notModified = try harness.record(target, headers: [("Host", "t"), ("If-None-Match", etag)])
        #expect(notModified.head.status == 304)
        #expect(notModified.head.headers["ETag"] == etag)
        #expect(notModified.head.headers["Content-Length"] == nil)
        #expect(notModified.head.headers["Cache-Status"] == "gradientd; hit")
        #expect(notModified.body.isEmpty)
        let closing = try harness.record(target, headers: [("Host", "t"), ("Connection", "close")])
        #expect(closing.head.headers["Connection"] == "close")
        #expect(closing.head.headers["Content-Length"] == String(png.count))
        #expect(closing.body == png)
    }
}
