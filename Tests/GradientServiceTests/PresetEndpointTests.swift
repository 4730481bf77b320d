import Foundation
import GradientCore
import GradientImage
import Testing

@testable import GradientService

/// `GET /presets` and `preset=` on `/gradient`.
struct PresetEndpointTests {
    struct Entry: Decodable, Equatable {
        var name: String
        var slug: String
        var colors: [String]
    }

    @Test("GET /presets is the whole collection as JSON, in the documented shape")
    func listsTheCollection() throws {
        let response = try ServiceHarness().record("/presets")
        #expect(response.head.status == 200)
        #expect(response.head.headers["Content-Type"] == "application/json")
        #expect(response.head.headers["Access-Control-Allow-Origin"] == "*")
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "[{\"name\":\"Omolon\",\"slug\":\"omolon\",\"colors\":[\"#091e3a\",\"#2f80ed\",\"#2d9ee0\"]},"))
        let entries = try JSONDecoder().decode([Entry].self, from: Data(response.body))
        #expect(entries.count == 382)
        #expect(entries == GradientPreset.all.map { Entry(name: $0.name, slug: $0.slug, colors: $0.colors) })
        #expect(entries.contains(Entry(name: "Black Rosé", slug: "black-rosé", colors: ["#f4c4f3", "#fc67fa"])))
    }

    @Test("/presets has a strong ETag and a cache lifetime, answers If-None-Match with 304, and HEAD with no body")
    func caching() throws {
        let harness = ServiceHarness()
        let response = try harness.record("/presets")
        let etag = try #require(response.head.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count == 34)
        #expect(etag == "\"" + SHA256.hexDigest(of: response.body).prefix(32) + "\"")
        #expect(response.head.headers["Cache-Control"] == "public, max-age=86400")
        let revalidated = try harness.record("/presets", headers: [("Host", "test"), ("If-None-Match", etag)])
        #expect(revalidated.head.status == 304)
        #expect(revalidated.head.headers["ETag"] == etag)
        #expect(revalidated.body.isEmpty)
        let stale = try harness.record("/presets", headers: [("Host", "test"), ("If-None-Match", "\"0000\"")])
        #expect(stale.head.status == 200 && stale.body == response.body)
        let head = try harness.record("/presets", method: "HEAD")
        #expect(head.head.status == 200 && head.body.isEmpty)
        #expect(head.head.headers["ETag"] == etag)
        #expect(head.head.headers["Content-Length"] == String(response.body.count))
        #expect(try harness.record("/presets", method: "POST").head.status == 405)
    }

    @Test("preset=omolon and its colours by hand are one image: one ETag, one cache entry, the same bytes")
    func presetSharesTheETagOfItsColours() throws {
        let harness = ServiceHarness()
        let byPreset = try harness.record("/gradient?preset=omolon&width=40&height=20")
        _ = ServiceHarness.eventually { harness.service.coordinator.cache.statistics.entries == 1 }
        let byHand = try harness.record("/gradient?colors=091e3a,2f80ed,2d9ee0&width=40&height=20")
        #expect(byPreset.head.status == 200)
        #expect(byPreset.head.headers["ETag"] == byHand.head.headers["ETag"])
        #expect(byHand.head.headers["Cache-Status"] == "gradientd; hit")
        #expect(byPreset.body == byHand.body)
    }

    @Test("an unknown preset is a 400 naming the three nearest presets")
    func unknownPreset() throws {
        let response = try ServiceHarness().record("/gradient?preset=omolo")
        #expect(response.head.status == 400)
        let problem = try ProblemJSON(response.body)
        #expect(problem.parameter == "preset")
        let nearest = GradientPreset.all.map(\.name).filter { problem.detail.contains("\"\($0)\"") }
        #expect(nearest.count == 3 && nearest.contains("Omolon"), "\(problem.detail)")
    }

    @Test("preset with colors is a 400 naming both")
    func presetWithColors() throws {
        let response = try ServiceHarness().record("/gradient?preset=omolon&colors=red,blue")
        #expect(response.head.status == 400)
        let problem = try ProblemJSON(response.body)
        #expect(problem.detail.contains("colors") && problem.detail.contains("preset"), "\(problem.detail)")
    }
}
