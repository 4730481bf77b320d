import HTTPCore

/// An RFC 9457 problem details response (`application/problem+json`); thrown where a request cannot be served.
struct Problem: Error, Sendable, Equatable {
    /// The problem type for an invalid query parameter.
    static let invalidParameterType = "tag:gradientd,2026:invalid-parameter"
    /// The problem type for a gradient that CSS cannot express (`/gradient.css`).
    static let noCSSEquivalentType = "tag:gradientd,2026:no-css-equivalent"
    /// The problem type for a gradient that SVG 1.1 cannot draw (`format=svg`).
    static let noSVGEquivalentType = "tag:gradientd,2026:no-svg-equivalent"
    /// The problem type for a full render queue.
    static let overloadedType = "tag:gradientd,2026:overloaded"

    var type: String = "about:blank"
    var title: String
    var status: Int
    var detail: String
    /// The query parameter at fault, if any.
    var parameter: String?
    /// Extra header fields, set only from server-side values.
    var extraHeaders: [(String, String)] = []

    static func == (lhs: Problem, rhs: Problem) -> Bool {
        lhs.type == rhs.type && lhs.title == rhs.title && lhs.status == rhs.status && lhs.detail == rhs.detail
            && lhs.parameter == rhs.parameter
    }

    /// A generic problem whose title is the status's reason phrase.
    init(status: Int, detail: String, extraHeaders: [(String, String)] = []) {
        self.status = status
        self.title = HTTPResponseHead.standardReason(for: status)
        self.detail = detail
        self.extraHeaders = extraHeaders
    }

    init(type: String, title: String, status: Int, detail: String, parameter: String?) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.parameter = parameter
    }

    /// A 400 naming `parameter`.
    static func invalidParameter(_ parameter: String, detail: String) -> Problem {
        Problem(
            type: invalidParameterType, title: "Invalid parameter", status: 400, detail: detail, parameter: parameter)
    }

    /// The JSON body.
    var body: [UInt8] {
        var text = "{\"type\":\(JSONText.quoted(type)),\"title\":\(JSONText.quoted(title)),\"status\":\(status)"
        text += ",\"detail\":\(JSONText.quoted(detail))"
        if let parameter { text += ",\"parameter\":\(JSONText.quoted(parameter))" }
        return Array((text + "}\n").utf8)
    }

    /// The head: the status, `Content-Type: application/problem+json`, `Cache-Control: no-store`, the extras and
    /// the cross-origin fields.
    var head: HTTPResponseHead {
        var headers = HTTPHeaders([("Content-Type", "application/problem+json"), ("Cache-Control", "no-store")])
        for (name, value) in extraHeaders { headers.add(name: name, value: value) }
        CrossOriginHeaders.add(to: &headers)
        return HTTPResponseHead(status: status, headers: headers)
    }
}
