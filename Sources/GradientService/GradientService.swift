import HTTPCore
import Locking
import Synchronization

/// The gradientd HTTP service: `/gradient` renders (cached, single-flight, on a bounded pool), `/gradient.css`,
/// `/healthz`, `/metrics`, `/openapi.yaml`, `/presets` and `/`. Every error is an RFC 9457 problem JSON response.
/// Every response carries the fields of ``CrossOriginHeaders``, and `OPTIONS` on any route (or `*`) is answered as a
/// CORS preflight.
///
/// Handling never blocks the calling I/O thread: cache hits are answered at once and renders run on the service's
/// own worker threads.
public final class GradientService: HTTPHandler {
    let configuration: GradientServiceConfiguration
    let coordinator: RenderCoordinator
    let metrics = ServiceMetrics()
    /// Canonical keys of recently seen queries, for the cache-hit path.
    let queryKeys: QueryKeyMemo
    let accessLog: AccessLog?
    private let isDrainingFlag = Atomic<Bool>(false)
    /// Reports the server's open connections for `/metrics`; guarded by this lock.
    private let connectionGauge = LockedValue<(@Sendable () -> Int)?>(nil)

    /// A service with its cache and render workers; `accessLog` receives one line per request when given.
    public init(
        configuration: GradientServiceConfiguration = GradientServiceConfiguration(), accessLog: AccessLog? = nil
    ) {
        self.configuration = configuration
        self.accessLog = accessLog
        self.queryKeys = QueryKeyMemo(capacity: configuration.queryMemoEntries)
        self.coordinator = RenderCoordinator(
            cache: RenderCache(maxBytes: configuration.cacheBytes, maxEntries: configuration.cacheEntries),
            pool: RenderPool(workerCount: configuration.renderWorkers, queueLimit: configuration.renderQueueLimit),
            frameMemory: FrameMemoryQueue(
                limitBytes: configuration.frameMemoryBytes, requestShare: configuration.frameMemoryRequestShare,
                queueLimit: configuration.frameMemoryQueueLimit, maximumWait: configuration.frameMemoryWait),
            parkedMemory: MemoryBudget(limitBytes: configuration.parkedRenderBytes), metrics: metrics,
            catchUpSliceBytes: configuration.catchUpSliceBytes)
    }

    /// Shutdown began: `/healthz` answers 503 from now on.
    public func beginDraining() {
        isDrainingFlag.store(true, ordering: .releasing)
    }

    /// Whether ``beginDraining()`` was called.
    public var isDraining: Bool { isDrainingFlag.load(ordering: .acquiring) }

    /// Makes `/metrics` report `server`'s open connections.
    public func reportConnections(of server: HTTPServer) {
        connectionGauge.withLock { $0 = { [weak server] in server?.openConnections ?? 0 } }
    }

    /// Stops the render workers once queued renders are done; later renders are refused with 503.
    public func stopRendering() {
        coordinator.pool.stop()
    }

    /// Routes `request`; see the type's summary.
    public func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        let route = ServiceRoute(path: request.path)
        if request.method == "OPTIONS" && (route != .unknown || request.path == "*") {
            return answerOptions(request, route: route, responder: responder)
        }
        guard route != .unknown else {
            let problem = Problem(status: 404, detail: "There is nothing at this path.")
            return send(problem, for: request, route: route, responder: responder)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            let problem = Problem(
                status: 405, detail: "This resource answers GET, HEAD and OPTIONS only.",
                extraHeaders: [("Allow", CrossOriginHeaders.allowedMethods)])
            return send(problem, for: request, route: route, responder: responder)
        }
        switch route {
        case .gradient:
            serveGradient(request, responder: responder)
        case .gradientCSS:
            serveGradientCSS(request, responder: responder)
        case .healthz:
            let body = Array((isDraining ? "{\"status\":\"draining\"}\n" : "{\"status\":\"ok\"}\n").utf8)
            send(
                status: isDraining ? 503 : 200, contentType: "application/json", body: body, for: request, route: route,
                responder: responder)
        case .metrics:
            send(
                status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array(metricsText.utf8),
                for: request, route: route, responder: responder)
        case .openapi:
            send(
                status: 200, contentType: "application/yaml", body: OpenAPIDocument.bytes, for: request, route: route,
                responder: responder)
        case .presets:
            let conditions = request.headers.values(for: "If-None-Match")
            let notModified =
                !conditions.isEmpty && EntityTagCondition.matches(fieldValues: conditions, etag: PresetList.etag)
            let body = notModified ? [] : PresetList.body
            responder.send(PresetList.head(notModified: notModified), body: body)
            finish(
                request, route: route, status: notModified ? 304 : 200, bodyBytes: request.isHead ? 0 : body.count,
                cache: "-")
        case .index:
            send(
                status: 200, contentType: "text/html; charset=utf-8", body: IndexPage.html, for: request, route: route,
                responder: responder, extraHeaders: [("Content-Security-Policy", IndexPage.contentSecurityPolicy)])
        case .unknown:
            break
        }
    }

    /// A problem JSON response with the refusal's status (and the cross-origin fields of every response); the
    /// connection closes after it.
    public func response(for error: HTTPRequestError, connection: HTTPConnectionInfo) -> (HTTPResponseHead, [UInt8]) {
        let problem = Problem(status: error.statusCode, detail: error.detail)
        metrics.recordRequest(route: .unknown, status: problem.status, duration: .zero)
        accessLog?.record(
            AccessLog.Entry(
                method: "-", target: "-", status: problem.status, bytes: problem.body.count, duration: .zero,
                cache: "-"))
        return (problem.head, problem.body)
    }

    /// The `/metrics` exposition now.
    var metricsText: String {
        metrics.exposition(
            cache: coordinator.cache.statistics, openConnections: connectionGauge.withLock { $0?() ?? 0 },
            queueDepth: coordinator.pool.queueDepth, frameMemoryBytes: coordinator.frameMemory.reservedBytes,
            frameMemoryWaiting: coordinator.frameMemory.waiting,
            memory: ServiceMetrics.HeldMemory(
                parkedRenderBytes: coordinator.parkedMemory.reservedBytes,
                renderBufferBytes: coordinator.renderBufferBytes, outputQueueBytes: HTTPServer.queuedOutputBytes),
            logLinesDropped: accessLog?.droppedLines ?? 0)
    }

    // MARK: Sending

    func send(_ problem: Problem, for request: HTTPRequest, route: ServiceRoute, responder: HTTPResponder) {
        let body = problem.body
        responder.send(problem.head, body: body)
        finish(request, route: route, status: problem.status, bodyBytes: request.isHead ? 0 : body.count, cache: "-")
    }

    private func send(
        status: Int, contentType: String, body: [UInt8], for request: HTTPRequest, route: ServiceRoute,
        responder: HTTPResponder, extraHeaders: [(String, String)] = []
    ) {
        var headers = HTTPHeaders([("Content-Type", contentType), ("Cache-Control", "no-store")] + extraHeaders)
        CrossOriginHeaders.add(to: &headers)
        responder.send(HTTPResponseHead(status: status, headers: headers), body: body)
        finish(request, route: route, status: status, bodyBytes: request.isHead ? 0 : body.count, cache: "-")
    }

    /// `OPTIONS` on a route or `*`: the CORS preflight answer, 204 without a body, whatever the query.
    private func answerOptions(_ request: HTTPRequest, route: ServiceRoute, responder: HTTPResponder) {
        responder.send(CrossOriginHeaders.preflightHead(requestHeaders: request.headers), body: [])
        finish(request, route: route, status: 204, bodyBytes: 0, cache: "-")
    }

    /// Counts and logs a request whose response has ended.
    func finish(_ request: HTTPRequest, route: ServiceRoute, status: Int, bodyBytes: Int, cache: String) {
        let duration = ContinuousClock.now - request.receivedAt
        metrics.recordRequest(route: route, status: status, duration: duration)
        accessLog?.record(
            AccessLog.Entry(
                method: request.method, target: request.target, status: status, bytes: bodyBytes, duration: duration,
                cache: cache))
    }
}
