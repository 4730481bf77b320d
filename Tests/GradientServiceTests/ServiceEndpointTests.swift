import Foundation
import Testing

@testable import GradientService

struct ServiceEndpointTests {
    @Test func servesTheRepositoryOpenAPIFileByteForByte() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = try Data(contentsOf: repository.appendingPathComponent("openapi.yaml"))
        let response = try ServiceHarness().record("/openapi.yaml")
        #expect(response.head.status == 200)
        #expect(response.head.headers["Content-Type"] == "application/yaml")
        #expect(response.body == Array(file))
        #expect(String(decoding: response.body.prefix(14), as: UTF8.self) == "openapi: 3.1.0")
    }

    @Test func healthzTurns503WhenDraining() throws {
        let harness = ServiceHarness()
        #expect(try harness.record("/healthz").head.status == 200)
        harness.service.beginDraining()
        let draining = try harness.record("/healthz")
        #expect(draining.head.status == 503)
        #expect(String(decoding: draining.body, as: UTF8.self) == "{\"status\":\"draining\"}\n")
    }

    @Test func theIndexPageLinksToExamples() throws {
        let response = try ServiceHarness().record("/")
        #expect(response.head.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(String(decoding: response.body, as: UTF8.self).contains("/gradient?colors="))
    }

    @Test func metricsExposeEveryFamilyInPrometheusTextFormat() throws {
        let harness = ServiceHarness()
        _ = try harness.record("/gradient?colors=red&width=2&height=2")
        _ = try harness.record("/nope")
        let text = String(decoding: try harness.record("/metrics").body, as: UTF8.self)
        for family in [
            "gradientd_requests_total", "gradientd_request_duration_seconds", "gradientd_render_duration_seconds",
            "gradientd_cache_hits_total", "gradientd_cache_misses_total", "gradientd_cache_evictions_total",
            "gradientd_cache_bytes", "gradientd_cache_entries", "gradientd_open_connections",
            "gradientd_render_queue_depth",
        ] {
            #expect(text.contains("# TYPE \(family) "), "\(family)")
        }
        #expect(text.contains("gradientd_requests_total{route=\"/gradient\",status=\"200\"} 1"))
        #expect(text.contains("gradientd_requests_total{route=\"other\",status=\"404\"} 1"))
        #expect(text.contains("gradientd_request_duration_seconds_bucket{le=\"+Inf\"} 2"))
    }
}
