import GradientCore
import HTTPCore

extension GradientService {
    /// `/gradient.css`: the same query as `/gradient`, answered with the CSS `<image>` of its canonical spec
    /// (`text/css`), with a strong ETag of the text and the year-long immutable caching of images; 304 when
    /// `If-None-Match` matches; 400 for a bad query; 422 when CSS cannot draw the gradient. The text is cheap to
    /// write, so it is not cached.
    func serveGradientCSS(_ request: HTTPRequest, responder: HTTPResponder) {
        let imageRequest: ImageRequest
        do {
            imageRequest = try parseRequest(request)
        } catch {
            return send(error, for: request, route: .gradientCSS, responder: responder)
        }
        let text: String
        do {
            text = try CSSExport.text(for: imageRequest)
        } catch {
            let problem = Problem(
                type: Problem.noCSSEquivalentType, title: "No CSS equivalent", status: 422, detail: error.detail,
                parameter: error.parameter)
            return send(problem, for: request, route: .gradientCSS, responder: responder)
        }
        let etag = CSSExport.etag(of: text)
        let conditions = request.headers.values(for: "If-None-Match")
        if !conditions.isEmpty && EntityTagCondition.matches(fieldValues: conditions, etag: etag) {
            let headers = ImageHeaders.make(
                etag: etag, cacheStatus: .missNotStored, mediaType: nil, variesOnAccept: false)
            responder.send(HTTPResponseHead(status: 304, headers: headers), body: [])
            return finish(request, route: .gradientCSS, status: 304, bodyBytes: 0, cache: "-")
        }
        let body = Array(text.utf8)
        let headers = ImageHeaders.make(
            etag: etag, cacheStatus: .missNotStored, mediaType: "text/css; charset=utf-8", variesOnAccept: false)
        responder.send(HTTPResponseHead(status: 200, headers: headers), body: body)
        finish(request, route: .gradientCSS, status: 200, bodyBytes: request.isHead ? 0 : body.count, cache: "-")
    }
}
