import Testing

@testable import GradientService

/// `Server-Timing` on image responses: a miss says `cache;desc=miss`, a hit `cache;desc=hit` with the duration of
/// the render that produced the cached bytes; the field changes neither the bytes nor the ETag.
struct ServerTimingTests {
    /// The `dur` of `render` in a `Server-Timing` value, when there is one.
    static func renderMilliseconds(_ value: String?) -> Double? {
        guard let value, let range = value.range(of: "render;dur=") else { return nil }
        return Double(value[range.upperBound...])
    }

    @Test func aMissSaysMissAndEachHitCarriesTheStoredRenderDuration() throws {
        let harness = ServiceHarness()
        let query = "colors=ff7e5f,feb47b&grain=0.5&seed=7&width=64&height=48"
        let miss = try harness.record("/gradient?" + query)
        #expect(miss.head.status == 200)
        #expect(miss.head.headers["Server-Timing"] == "cache;desc=miss")
        #expect(miss.body == (try ServiceHarness.cliBytes(query)))
        let etag = try #require(miss.head.headers["ETag"])
        let first = try harness.record("/gradient?" + query)
        let serverTiming = try #require(first.head.headers["Server-Timing"])
        #expect(serverTiming.hasPrefix("cache;desc=hit, render;dur="))
        #expect(serverTiming.wholeMatch(of: /cache;desc=hit, render;dur=[0-9]+\.[0-9]{3}/) != nil)
        let milliseconds = try #require(Self.renderMilliseconds(serverTiming))
        #expect(milliseconds > 0 && milliseconds < 60_000)
        #expect(first.body == miss.body)
        #expect(first.head.headers["ETag"] == etag)
        for method in ["HEAD", "GET"] {
            let again = try harness.record("/gradient?" + query, method: method)
            #expect(again.head.headers["Server-Timing"] == serverTiming)
            #expect(again.head.headers["ETag"] == etag)
        }
        let notModified = try harness.record("/gradient?" + query, headers: [("Host", "t"), ("If-None-Match", etag)])
        #expect(notModified.head.status == 304)
        #expect(notModified.head.headers["Server-Timing"] == serverTiming)
    }

    @Test func aNotModifiedWithoutRenderingSaysMissWithoutADuration() throws {
        let harness = ServiceHarness()
        let query = "colors=red,blue&width=20&height=10"
        let etag = try #require(try harness.record("/gradient?" + query).head.headers["ETag"])
        let fresh = ServiceHarness()
        let notModified = try fresh.record("/gradient?" + query, headers: [("Host", "t"), ("If-None-Match", etag)])
        #expect(notModified.head.status == 304)
        #expect(notModified.head.headers["Server-Timing"] == "cache;desc=miss")
    }

    @Test func durationsAreMillisecondsWithThreeDecimals() {
        #expect(ImageHeaders.milliseconds(.milliseconds(12) + .microseconds(345)) == "12.345")
        #expect(ImageHeaders.milliseconds(.microseconds(7)) == "0.007")
        #expect(ImageHeaders.milliseconds(.seconds(2)) == "2000.000")
        #expect(ImageHeaders.milliseconds(.nanoseconds(999)) == "0.000")
    }
}
