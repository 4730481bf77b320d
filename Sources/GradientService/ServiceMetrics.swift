import GradientCore
import Locking

/// Counters and histograms of the service, exposed in the Prometheus text format (version 0.0.4).
final class ServiceMetrics: Sendable {
    private struct RequestKey: Hashable {
        var route: ServiceRoute
        var status: Int
    }

    private struct State {
        var requests: [RequestKey: Int] = [:]
        var requestDurations = Histogram(bounds: Histogram.latencyBounds)
        var renderDurations = Histogram(bounds: Histogram.latencyBounds)
        var renders: [RenderKey: Int] = [:]
        var frameMemoryRefusals: [ImageFormat: Int] = [:]
        var formatFallbacks: [ImageFormat: Int] = [:]
        var renderPauses = 0
        var pausedRenders = 0
    }

    private struct RenderKey: Hashable {
        var format: ImageFormat
        var outcome: RenderJob.Outcome
    }

    /// Every counter; guarded by this lock.
    private let state = LockedValue(State())

    /// Counts a request answered with `status` that took `duration` from its arrival to its last byte.
    func recordRequest(route: ServiceRoute, status: Int, duration: Duration) {
        state.withLock { state in
            state.requests[RequestKey(route: route, status: status), default: 0] += 1
            state.requestDurations.observe(duration.seconds)
        }
    }

    /// Counts a render in `format` that took `duration`.
    func recordRender(format: ImageFormat, duration: Duration, outcome: RenderJob.Outcome) {
        state.withLock { state in
            state.renderDurations.observe(duration.seconds)
            state.renders[RenderKey(format: format, outcome: outcome), default: 0] += 1
        }
    }

    /// Counts a render in `format` refused frame memory.
    func recordRefusal(format: ImageFormat) {
        state.withLock { $0.frameMemoryRefusals[format, default: 0] += 1 }
    }

    /// Counts a `format=auto` request that negotiated `format` but was answered with streaming PNG because the
    /// frame-memory budget was full.
    func recordFallback(from format: ImageFormat) {
        state.withLock { $0.formatFallbacks[format, default: 0] += 1 }
    }

    /// Counts a render pausing because a client has a full queue unread (back-pressure).
    func recordRenderPaused() {
        state.withLock { state in
            state.renderPauses += 1
            state.pausedRenders += 1
        }
    }

    /// Counts the end of a pause begun with ``recordRenderPaused()``.
    func recordRenderResumed() {
        state.withLock { $0.pausedRenders -= 1 }
    }

    /// Renders paused now, and pauses counted since the service started.
    var renderPauses: (now: Int, total: Int) {
        state.withLock { ($0.pausedRenders, $0.renderPauses) }
    }

    /// Renders that completed, and those that failed or were cancelled, in every format.
    var renderCounts: (succeeded: Int, failed: Int, abandoned: Int) {
        state.withLock { state in
            state.renders.reduce(into: (succeeded: 0, failed: 0, abandoned: 0)) { counts, entry in
                switch entry.key.outcome {
                case .succeeded: counts.succeeded += entry.value
                case .failed: counts.failed += entry.value
                case .abandoned: counts.abandoned += entry.value
                }
            }
        }
    }

    /// Bytes held outside the cache and the frames, by owner, for the gauges.
    struct HeldMemory {
        var parkedRenderBytes: Int
        var renderBufferBytes: Int
        var outputQueueBytes: Int
    }

    /// The exposition text, with the gauges and the access log's dropped lines given.
    func exposition(
        cache: RenderCache.Statistics, openConnections: Int, queueDepth: Int, frameMemoryBytes: Int,
        frameMemoryWaiting: (requests: Int, bytes: Int), memory: HeldMemory, logLinesDropped: Int
    ) -> String {
        let snapshot = state.withLock { $0 }
        var text = ""
        text += "# HELP gradientd_requests_total Requests answered, by route and status.\n"
        text += "# TYPE gradientd_requests_total counter\n"
        let keys = snapshot.requests.keys.sorted { ($0.route.rawValue, $0.status) < ($1.route.rawValue, $1.status) }
        for key in keys {
            text += "gradientd_requests_total{route=\"\(key.route.rawValue)\",status=\"\(key.status)\"} "
            text += "\(snapshot.requests[key] ?? 0)\n"
        }
        text += "# HELP gradientd_request_duration_seconds Time from a request's arrival to its last response byte.\n"
        text += "# TYPE gradientd_request_duration_seconds histogram\n"
        snapshot.requestDurations.append(name: "gradientd_request_duration_seconds", to: &text)
        text += "# HELP gradientd_render_duration_seconds Time to render and encode one image.\n"
        text += "# TYPE gradientd_render_duration_seconds histogram\n"
        snapshot.renderDurations.append(name: "gradientd_render_duration_seconds", to: &text)
        text += "# HELP gradientd_renders_total Renders by format and outcome (abandoned: every client left first).\n"
        text += "# TYPE gradientd_renders_total counter\n"
        for format in ImageFormat.allCases {
            for outcome in RenderJob.Outcome.allCases {
                let count = snapshot.renders[RenderKey(format: format, outcome: outcome)] ?? 0
                text += "gradientd_renders_total{format=\"\(format.rawValue)\",outcome=\"\(outcome)\"} \(count)\n"
            }
        }
        appendWholeFrameCounter(
            "gradientd_frame_memory_refusals_total",
            help: "Renders refused frame memory (the wait queue full, the wait past its deadline, or more than one "
                + "request may reserve), by format (answered 503 or 400, or with PNG for format=auto).",
            label: "format", counts: snapshot.frameMemoryRefusals, to: &text)
        appendWholeFrameCounter(
            "gradientd_format_fallbacks_total",
            help: "format=auto requests answered with streaming PNG because the negotiated format was refused frame "
                + "memory, by the format negotiated.",
            label: "from", counts: snapshot.formatFallbacks, to: &text)
        let counters: [(String, String, Int)] = [
            ("gradientd_cache_hits_total", "Requests answered from the cache.", cache.hits),
            ("gradientd_cache_misses_total", "Requests not found in the cache.", cache.misses),
            ("gradientd_cache_evictions_total", "Entries evicted to stay within the bounds.", cache.evictions),
            (
                "gradientd_render_pauses_total", "Times a render paused until a client read its queued bytes.",
                snapshot.renderPauses
            ),
            (
                "gradientd_log_lines_dropped_total",
                "Access-log lines dropped because standard output was not taking them.", logLinesDropped
            ),
        ]
        for (name, help, value) in counters {
            text += "# HELP \(name) \(help)\n# TYPE \(name) counter\n\(name) \(value)\n"
        }
        let gauges: [(String, String, Int)] = [
            ("gradientd_cache_bytes", "Bytes of image data in the cache.", cache.bytes),
            ("gradientd_cache_entries", "Entries in the cache.", cache.entries),
            ("gradientd_open_connections", "Client connections open now.", openConnections),
            ("gradientd_render_queue_depth", "Renders waiting for a worker.", queueDepth),
            ("gradientd_renders_paused", "Renders paused now until a client reads.", snapshot.pausedRenders),
            ("gradientd_frame_memory_bytes", "Frame memory reserved by WebP and AVIF renders now.", frameMemoryBytes),
            (
                "gradientd_parked_render_bytes",
                "Bytes the renders parked on slow readers hold (their budget's count).",
                memory.parkedRenderBytes
            ),
            (
                "gradientd_render_buffer_bytes",
                "Bytes the renders under way hold in their output buffers (for the cache and late joiners), parked ones "
                    + "included.",
                memory.renderBufferBytes
            ),
            (
                "gradientd_output_queue_bytes", "Response bytes queued for client sockets that would block.",
                memory.outputQueueBytes
            ),
            (
                "gradientd_frame_memory_waiting", "WebP and AVIF requests waiting for frame memory now.",
                frameMemoryWaiting.requests
            ),
            (
                "gradientd_frame_memory_waiting_bytes", "Frame memory the waiting WebP and AVIF requests wait for.",
                frameMemoryWaiting.bytes
            ),
        ]
        for (name, help, value) in gauges {
            text += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n\(name) \(value)\n"
        }
        return text
    }

    /// A counter family with one sample per whole-frame format (WebP, AVIF), labelled `label`.
    private func appendWholeFrameCounter(
        _ name: String, help: String, label: String, counts: [ImageFormat: Int], to text: inout String
    ) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) counter\n"
        for format in ImageFormat.allCases where format.encodesWholeFrame {
            text += "\(name){\(label)=\"\(format.rawValue)\"} \(counts[format] ?? 0)\n"
        }
    }
}
