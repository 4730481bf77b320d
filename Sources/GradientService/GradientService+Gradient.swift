import GradientCore
import GradientImage
import HTTPCore

extension GradientService {
    /// `/gradient`: parses the query into a spec, then answers from the cache, with 304, or by streaming a render.
    /// A query seen before goes straight to its cache entry; on a miss it is parsed as usual.
    func serveGradient(_ request: HTTPRequest, responder: HTTPResponder) {
        let query = request.query ?? ""
        let conditions = request.headers.values(for: "If-None-Match")
        if let key = queryKeys.key(for: query), let image = coordinator.cache.lookup(key, countsMiss: false) {
            return sendImage(image, for: request, conditions: conditions, responder: responder)
        }
        let spec: GradientSpec
        do {
            spec = try parseSpec(request)
        } catch {
            return send(error, for: request, route: .gradient, responder: responder)
        }
        let key = spec.canonicalForm
        queryKeys.remember(key, for: query)
        if let image = coordinator.cache.lookup(key) {
            return sendImage(image, for: request, conditions: conditions, responder: responder)
        }
        let etag = GradientPNG.etag(for: spec)
        if !conditions.isEmpty && EntityTagCondition.matches(fieldValues: conditions, etag: etag) {
            return sendNotModified(etag: etag, cacheStatus: .missNotStored, for: request, responder: responder)
        }
        switch coordinator.acquire(key: key, spec: spec, etag: etag) {
        case .hit(let image):
            sendImage(image, for: request, conditions: [], responder: responder)
        case .overloaded:
            let problem = Problem(
                type: Problem.overloadedType, title: "Too many renders waiting", status: 503,
                detail: "The render queue is full; retry in a second.", parameter: nil)
            var withRetry = problem
            withRetry.extraHeaders = [("Retry-After", "1")]
            send(withRetry, for: request, route: .gradient, responder: responder)
        case .started(let job):
            let fits = Self.pngSizeBound(of: spec) <= coordinator.cache.maxBytes
            stream(job, cacheStatus: fits ? .missStored : .missNotStored, for: request, responder: responder)
        case .joined(let job):
            stream(job, cacheStatus: .missCollapsed, for: request, responder: responder)
        }
    }

    /// The spec of the request's query; a bad query is a 400 problem naming the parameter.
    private func parseSpec(_ request: HTTPRequest) throws(Problem) -> GradientSpec {
        let items: [(name: String, value: String)]
        do {
            items = try QueryString.decode(request.query ?? "")
        } catch {
            throw .invalidParameter(error.parameter, detail: error.detail)
        }
        do {
            let spec = try GradientSpec(queryItems: items, limits: configuration.specLimits)
            return spec
        } catch {
            throw .invalidParameter(error.parameter, detail: error.detail)
        }
    }

    private func sendImage(
        _ image: CachedImage, for request: HTTPRequest, conditions: [String], responder: HTTPResponder
    ) {
        if !conditions.isEmpty && EntityTagCondition.matches(fieldValues: conditions, etag: image.etag) {
            return sendNotModified(etag: image.etag, cacheStatus: .hit, for: request, responder: responder)
        }
        responder.send(image.hitHead, body: image.png)
        finish(request, route: .gradient, status: 200, bodyBytes: request.isHead ? 0 : image.png.count, cache: "hit")
    }

    private func sendNotModified(
        etag: String, cacheStatus: ImageHeaders.CacheStatus, for request: HTTPRequest, responder: HTTPResponder
    ) {
        let headers = ImageHeaders.make(etag: etag, cacheStatus: cacheStatus, includesContentType: false)
        responder.send(HTTPResponseHead(status: 304, headers: headers), body: [])
        finish(request, route: .gradient, status: 304, bodyBytes: 0, cache: cacheStatus.logLabel)
    }

    /// Streams `job`'s PNG with chunked coding. A HEAD request gets the same head at once and leaves the render
    /// running, so that the cache holds the image for the GET that usually follows.
    private func stream(
        _ job: RenderJob, cacheStatus: ImageHeaders.CacheStatus, for request: HTTPRequest, responder: HTTPResponder
    ) {
        let head = HTTPResponseHead(status: 200, headers: ImageHeaders.make(etag: job.etag, cacheStatus: cacheStatus))
        let stream = responder.startStream(head)
        if request.isHead {
            job.keepRunningWithoutClients()
            return finish(request, route: .gradient, status: 200, bodyBytes: 0, cache: "miss")
        }
        job.attach(stream) { [self] bytes, _ in
            finish(request, route: .gradient, status: 200, bodyBytes: bytes, cache: "miss")
        }
    }

    /// An upper bound on the PNG size of `spec`: the raw RGBA rows with their filter bytes, plus 1 % and 1 KiB for
    /// deflate, zlib and chunk overhead. `Cache-Status` says `stored` only for images under the cache budget by
    /// this bound.
    static func pngSizeBound(of spec: GradientSpec) -> Int {
        let bytesPerPixel = 4 * spec.depth.rawValue / 8
        let raw = spec.pixelHeight * (1 + spec.pixelWidth * bytesPerPixel)
        return raw + raw / 100 + 1024
    }
}
