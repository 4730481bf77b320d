import Foundation
import Testing

@testable import GradientCore
@testable import GradientService

struct ServiceEndpointTests {
    /// The repository's root, where openapi.yaml lives.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func servesTheRepositoryOpenAPIFileByteForByte() throws {
        let file = try Data(contentsOf: Self.repository.appendingPathComponent("openapi.yaml"))
        let response = try ServiceHarness().record("/openapi.yaml")
        #expect(response.head.status == 200)
        #expect(response.head.headers["Content-Type"] == "application/yaml")
        #expect(response.body == Array(file))
        #expect(String(decoding: response.body.prefix(14), as: UTF8.self) == "openapi: 3.1.0")
    }

    /// Every problem type the service writes is one openapi.yaml's Problem schema allows (a fuzzer found
    /// `no-svg-equivalent` missing from it).
    @Test func everyProblemTypeIsInTheOpenAPIProblemSchema() throws {
        let yaml = try String(contentsOf: Self.repository.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let problem = try #require(yaml.range(of: "    Problem:\n"))
        let typeEnum = try #require(yaml[problem.upperBound...].split(separator: "\n").first { $0.contains("enum:") })
        for type in [
            Problem.invalidParameterType, Problem.noCSSEquivalentType, Problem.noSVGEquivalentType,
            Problem.overloadedType, "about:blank",
        ] {
            #expect(typeEnum.contains("'\(type)'"), "\(type) is not in \(typeEnum)")
        }
    }

    @Test func healthzTurns503WhenDraining() throws {
        let harness = ServiceHarness()
        #expect(try harness.record("/healthz").head.status == 200)
        harness.service.beginDraining()
        let draining = try harness.record("/healthz")
        #expect(draining.head.status == 503)
        #expect(String(decoding: draining.body, as: UTF8.self) == "{\"status\":\"draining\"}\n")
    }

    @Test func theIndexIsThePlaygroundWithAStrictContentSecurityPolicy() throws {
        let response = try ServiceHarness().record("/")
        #expect(response.head.headers["Content-Type"] == "text/html; charset=utf-8")
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/GradientService/Playground/playground.html")
        #expect(response.body == [UInt8](try Data(contentsOf: page)))
        let policy = try #require(response.head.headers["Content-Security-Policy"])
        #expect(policy.hasPrefix("default-src 'none';") && !policy.contains("unsafe-inline"))
        let html = String(decoding: response.body, as: UTF8.self)
        for (tag, directive) in [("style", "style-src"), ("script", "script-src")] {
            let blocks = html.components(separatedBy: "<\(tag)>")
            #expect(blocks.count == 2, "exactly one inline <\(tag)> block")
            let content = try #require(blocks.last?.components(separatedBy: "</\(tag)>").first)
            let digest = Data(SHA256.digest(of: Array(content.utf8))).base64EncodedString()
            #expect(policy.contains("\(directive) 'sha256-\(digest)'"), "\(directive) hash of the page's <\(tag)>")
        }
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
            "gradientd_render_queue_depth", "gradientd_format_fallbacks_total", "gradientd_log_lines_dropped_total",
            "gradientd_frame_memory_bytes", "gradientd_frame_memory_waiting", "gradientd_frame_memory_waiting_bytes",
            "gradientd_parked_render_bytes", "gradientd_render_buffer_bytes", "gradientd_output_queue_bytes",
        ] {
            #expect(text.contains("# TYPE \(family) "), "\(family)")
        }
        #expect(text.contains("gradientd_requests_total{route=\"/gradient\",status=\"200\"} 1"))
        #expect(text.contains("gradientd_requests_total{route=\"other\",status=\"404\"} 1"))
        #expect(text.contains("gradientd_request_duration_seconds_bucket{le=\"+Inf\"} 2"))
    }

    /// The memory gauges read their owners: the parked renders' budget and the frame-memory queue.
    @Test func memoryGaugesReadTheirOwners() throws {
        let harness = ServiceHarness()
        let coordinator = harness.service.coordinator
        #expect(coordinator.parkedMemory.reserve(12345))
        defer { coordinator.parkedMemory.release(12345) }
        #expect(coordinator.frameMemory.reserve(777) { _ in } == .reserved)
        defer { coordinator.frameMemory.release(777) }
        let text = harness.service.metricsText
        #expect(text.contains("\ngradientd_parked_render_bytes 12345\n"))
        #expect(text.contains("\ngradientd_frame_memory_bytes 777\n"))
        #expect(text.contains("\ngradientd_render_buffer_bytes 0\n"))
    }
}
