import GradientCore
import GradientImage
import HTTPCore

extension GradientService {
    /// `/gradient`: parses the query into an image identity (negotiating the format on `Accept` for `format=auto`),
    /// then answers from the cache, with 304, or by streaming a render. A query seen before goes straight to its
    /// cache entry; on a miss it is parsed as usual.
    func serveGradient(_ request: HTTPRequest, responder: HTTPResponder) {
        let query = request.query ?? ""
        let conditions = request.headers.values(for: "If-None-Match")
        if let entry = queryKeys.entry(for: query) {
            let accept = entry.isNegotiated ? request.headers.values(for: "Accept") : []
            if let image = coordinator.cache.lookup(entry.key(accept: accept), countsMiss: false) {
                return sendImage(
                    image, style: ImageResponseStyle(variesOnAccept: entry.isNegotiated, cacheDetail: nil),
                    for: request, conditions: conditions, responder: responder)
            }
        }
        let imageRequest: ImageRequest
        do {
            imageRequest = try parseRequest(request)
        } catch {
            return send(error, for: request, route: .gradient, responder: responder)
        }
        if imageRequest.formatChoice == .fixed(.svg), let refusal = SVGExport.refusal(for: imageRequest.spec) {
            let problem = Problem(
                type: Problem.noSVGEquivalentType, title: "No SVG equivalent", status: 422, detail: refusal.detail,
                parameter: refusal.parameter)
            return send(problem, for: request, route: .gradient, responder: responder)
        }
        let candidates = imageRequest.candidateFormats
        let isNegotiated = imageRequest.formatChoice == .auto
        let format =
            isNegotiated
            ? FormatNegotiation.choose(from: candidates, accept: request.headers.values(for: "Accept"))
            : candidates[0]
        let identity = ImageIdentity(request: imageRequest, format: format)
        let key = identity.cacheKey
        queryKeys.remember(
            QueryKeyMemo.Entry(
                keys: candidates.map {
                    ($0, $0 == format ? key : ImageIdentity(request: imageRequest, format: $0).cacheKey)
                },
                isNegotiated: isNegotiated),
            for: query)
        let fallback = isNegotiated && format != .png ? imageRequest : nil
        answer(
            identity, key: key, variesOnAccept: isNegotiated, cacheDetail: nil, fallback: fallback, for: request,
            conditions: conditions, responder: responder)
    }

    /// Answers with `identity`'s image: from the cache, with 304, or by streaming a render. A WebP or AVIF render
    /// waits for frame memory (``FrameMemoryQueue``); when it cannot get it (the wait queue full, the deadline passed,
    /// or more than one request may reserve), a negotiated WebP or AVIF (`fallback` given, `format=auto`) degrades
    /// to the same image as PNG, which needs no frame: under the PNG's own identity (its ETag and cache entry, never
    /// the refused format's), with `Vary: Accept` and `Cache-Status: …; detail=frame-memory-full`. An explicit format
    /// gets 503 (400 when the image needs more than one request may reserve).
    ///
    /// A HEAD of a WebP or AVIF miss is answered from the identity alone, without a render: nobody will read the
    /// frame it would hold.
    private func answer(
        _ identity: ImageIdentity, key: String, variesOnAccept: Bool, cacheDetail: String?, fallback: ImageRequest?,
        for request: HTTPRequest, conditions: [String], responder: HTTPResponder
    ) {
        let style = ImageResponseStyle(variesOnAccept: variesOnAccept, cacheDetail: cacheDetail)
        if let image = coordinator.cache.lookup(key) {
            return sendImage(image, style: style, for: request, conditions: conditions, responder: responder)
        }
        let etag = identity.etag
        if !conditions.isEmpty && EntityTagCondition.matches(fieldValues: conditions, etag: etag) {
            return sendNotModified(
                etag: etag, style: style, cacheStatus: .missNotStored, for: request, responder: responder)
        }
        if request.isHead && identity.frameMemoryBytes > 0 {
            return sendMissHead(identity, style: style, for: request, responder: responder)
        }
        coordinator.acquire(identity, key: key) { [self] acquisition in
            switch acquisition {
            case .hit(let image):
                sendImage(image, style: style, for: request, conditions: [], responder: responder)
            case .overloaded:
                sendUnavailable(
                    detail: "The render queue is full; retry in a second.", for: request, responder: responder)
            case .frameMemoryFull, .frameMemoryOverLimit:
                if let fallback {
                    metrics.recordFallback(from: identity.format)
                    let png = ImageIdentity(request: fallback, format: .png)
                    return answer(
                        png, key: png.cacheKey, variesOnAccept: true, cacheDetail: ImageHeaders.frameMemoryFullDetail,
                        fallback: nil, for: request, conditions: conditions, responder: responder)
                }
                if case .frameMemoryOverLimit(let bytes, let limit) = acquisition {
                    return send(
                        .invalidParameter(
                            "format",
                            detail:
                                "A \(identity.format.rawValue) of \(identity.spec.pixelWidth)×\(identity.spec.pixelHeight) "
                                + "pixels needs \(bytes >> 20) MiB of frame memory, more than the \(limit >> 20) MiB one "
                                + "request may hold on this server; ask for format=png, which streams, or fewer pixels."
                        ),
                        for: request, route: .gradient, responder: responder)
                }
                sendUnavailable(
                    detail:
                        "WebP and AVIF renders under way hold the frame-memory budget and the requests waiting for it "
                        + "fill its queue or waited past their deadline; retry in a second, or ask for format=png, "
                        + "which streams.",
                    for: request, responder: responder)
            case .started(let job):
                let fits = identity.sizeBound <= coordinator.cache.maxBytes
                stream(
                    job, style: style, cacheStatus: fits ? .missStored : .missNotStored, for: request,
                    responder: responder)
            case .joined(let job):
                stream(job, style: style, cacheStatus: .missCollapsed, for: request, responder: responder)
            }
        }
    }

    /// The head a GET of `identity` would get from a render it starts, without the render: a HEAD of a WebP or AVIF
    /// miss.
    private func sendMissHead(
        _ identity: ImageIdentity, style: ImageResponseStyle, for request: HTTPRequest, responder: HTTPResponder
    ) {
        _ = responder.startStream(
            missHead(etag: identity.etag, mediaType: identity.mediaType, style: style, cacheStatus: .missNotStored))
        finish(request, route: .gradient, status: 200, bodyBytes: 0, cache: "miss")
    }

    /// The image request of the query; a bad query is a 400 problem naming the parameter.
    func parseRequest(_ request: HTTPRequest) throws(Problem) -> ImageRequest {
        let items: [(name: String, value: String)]
        do {
            items = try QueryString.decode(request.query ?? "")
        } catch {
            throw .invalidParameter(error.parameter, detail: error.detail)
        }
        do {
            return try ImageRequest(queryItems: items, limits: configuration.specLimits)
        } catch {
            throw .invalidParameter(error.parameter, detail: error.detail)
        }
    }

    /// 503 with `Retry-After: 1`.
    private func sendUnavailable(detail: String, for request: HTTPRequest, responder: HTTPResponder) {
        var problem = Problem(
            type: Problem.overloadedType, title: "Too many renders waiting", status: 503, detail: detail,
            parameter: nil)
        problem.extraHeaders = [("Retry-After", "1")]
        send(problem, for: request, route: .gradient, responder: responder)
    }

    private func sendImage(
        _ image: CachedImage, style: ImageResponseStyle, for request: HTTPRequest, conditions: [String],
        responder: HTTPResponder
    ) {
        if !conditions.isEmpty && EntityTagCondition.matches(fieldValues: conditions, etag: image.etag) {
            return sendNotModified(
                etag: image.etag, style: style, cacheStatus: .hit, renderDuration: image.renderDuration, for: request,
                responder: responder)
        }
        if let cacheDetail = style.cacheDetail {
            let headers = ImageHeaders.make(
                etag: image.etag, cacheStatus: .hit, mediaType: image.mediaType, variesOnAccept: style.variesOnAccept,
                serverTiming: ImageHeaders.serverTiming(cacheStatus: .hit, renderDuration: image.renderDuration),
                cacheDetail: cacheDetail)
            responder.send(HTTPResponseHead(status: 200, headers: headers), body: image.bytes)
        } else {
            responder.send(style.variesOnAccept ? image.negotiatedHitHead : image.hitHead, body: image.bytes)
        }
        finish(request, route: .gradient, status: 200, bodyBytes: request.isHead ? 0 : image.bytes.count, cache: "hit")
    }

    private func sendNotModified(
        etag: String, style: ImageResponseStyle, cacheStatus: ImageHeaders.CacheStatus,
        renderDuration: Duration? = nil, for request: HTTPRequest, responder: HTTPResponder
    ) {
        let headers = ImageHeaders.make(
            etag: etag, cacheStatus: cacheStatus, mediaType: nil, variesOnAccept: style.variesOnAccept,
            serverTiming: ImageHeaders.serverTiming(cacheStatus: cacheStatus, renderDuration: renderDuration),
            cacheDetail: style.cacheDetail)
        responder.send(HTTPResponseHead(status: 304, headers: headers), body: [])
        finish(request, route: .gradient, status: 304, bodyBytes: 0, cache: cacheStatus.logLabel)
    }

    /// Streams `job`'s bytes with chunked coding. A HEAD request gets the same head at once and leaves the render
    /// running, so that the cache holds the image for the GET that usually follows.
    private func stream(
        _ job: RenderJob, style: ImageResponseStyle, cacheStatus: ImageHeaders.CacheStatus, for request: HTTPRequest,
        responder: HTTPResponder
    ) {
        let stream = responder.startStream(
            missHead(etag: job.etag, mediaType: job.identity.mediaType, style: style, cacheStatus: cacheStatus))
        if request.isHead {
            job.keepRunningWithoutClients()
            return finish(request, route: .gradient, status: 200, bodyBytes: 0, cache: "miss")
        }
        job.attach(stream) { [self] bytes, _ in
            finish(request, route: .gradient, status: 200, bodyBytes: bytes, cache: "miss")
        }
    }

    /// The 200 head of an image that is not in the cache (streamed by a render, or a HEAD answered without one).
    private func missHead(
        etag: String, mediaType: String, style: ImageResponseStyle, cacheStatus: ImageHeaders.CacheStatus
    ) -> HTTPResponseHead {
        let headers = ImageHeaders.make(
            etag: etag, cacheStatus: cacheStatus, mediaType: mediaType, variesOnAccept: style.variesOnAccept,
            serverTiming: ImageHeaders.serverTiming(cacheStatus: cacheStatus, renderDuration: nil),
            cacheDetail: style.cacheDetail)
        return HTTPResponseHead(status: 200, headers: headers)
    }
}
