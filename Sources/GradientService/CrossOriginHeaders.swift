import HTTPCore

/// The cross-origin policy of the service, in one place: the header fields every response carries, and the answer
/// to `OPTIONS` (a CORS preflight).
///
/// Every image is public and the service reads no credentials, so any origin may embed, draw and fetch anything it
/// serves: `<img>` on pages with `Cross-Origin-Embedder-Policy: require-corp`, canvas and WebGL reads, `fetch()`.
enum CrossOriginHeaders {
    /// The fields added to every response, in the order they are sent:
    /// - `Access-Control-Allow-Origin: *` lets any origin read the response (canvas, WebGL, `fetch()`);
    /// - `Access-Control-Expose-Headers` lets `fetch()` read `ETag` (to revalidate or to tell images apart),
    ///   `Cache-Status` (hit or miss) and `Retry-After` (the 503 back-off); the other fields a client needs
    ///   (`Content-Type`, `Content-Length`, `Cache-Control`) are CORS-safelisted response fields already;
    /// - `Cross-Origin-Resource-Policy: cross-origin` lets pages with `Cross-Origin-Embedder-Policy: require-corp`
    ///   load the image without a `crossorigin` attribute;
    /// - `Timing-Allow-Origin: *` gives other origins the Resource Timing details (sizes, phases);
    /// - `X-Content-Type-Options: nosniff` keeps browsers to the declared `Content-Type`.
    static let fields: [(String, String)] = [
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Expose-Headers", "ETag, Cache-Status, Retry-After"),
        ("Cross-Origin-Resource-Policy", "cross-origin"),
        ("Timing-Allow-Origin", "*"),
        ("X-Content-Type-Options", "nosniff"),
    ]

    /// Appends ``fields`` to `headers`.
    static func add(to headers: inout HTTPHeaders) {
        for (name, value) in fields { headers.add(name: name, value: value) }
    }

    /// The methods every route answers, for `Allow` and `Access-Control-Allow-Methods`.
    static let allowedMethods = "GET, HEAD, OPTIONS"

    /// How long a browser may reuse a preflight answer, in seconds (`Access-Control-Max-Age`); Chromium caps it
    /// at two hours, Firefox at a day.
    static let preflightMaxAgeSeconds = 86400

    /// The request header names a preflight is granted, lower case. A cross-origin GET of an image needs a
    /// preflight only when script adds a header outside the CORS safelist, and only these make sense for it:
    /// `accept`, `accept-language` and `content-language` (safelisted, but listed by browsers when their value is
    /// over 128 bytes or has bytes outside the safelist), the cache and revalidation headers `cache-control`,
    /// `pragma`, `if-none-match` and `if-modified-since` (`fetch()` with `cache: "no-cache"` or a manual
    /// revalidation), `range` (answered with the whole image, as HTTP allows) and `user-agent` (Fetch lets script
    /// set it). The service reads no credentials and no custom headers, so `authorization`, `cookie`, `x-…` and
    /// every other name stay ungranted.
    static let allowedRequestHeaders: [String] = [
        "accept", "accept-language", "content-language", "cache-control", "pragma", "if-none-match",
        "if-modified-since", "range", "user-agent",
    ]

    /// The `Access-Control-Allow-Headers` value for a preflight whose `Access-Control-Request-Headers` field values
    /// are `requested`: the names of ``allowedRequestHeaders`` it asks for, in the order asked, each once, or nil
    /// when it asks for none of them. Names are compared ignoring case and written from ``allowedRequestHeaders``,
    /// never copied from the request, so nothing the client sent reaches the response.
    static func allowedHeaders(requested: [String]) -> String? {
        var granted: [String] = []
        for value in requested {
            for element in value.split(separator: ",") {
                let name = element.trimmingSpaceAndTab().lowercased()
                guard let allowed = allowedRequestHeaders.first(where: { $0 == name }), !granted.contains(allowed)
                else { continue }
                granted.append(allowed)
            }
        }
        return granted.isEmpty ? nil : granted.joined(separator: ", ")
    }

    /// `204 No Content` for an `OPTIONS` request with `requestHeaders`: the allowed methods (as
    /// `Access-Control-Allow-Methods` and `Allow`), the allowed headers it asked for, the preflight lifetime and
    /// ``fields``.
    static func preflightHead(requestHeaders: HTTPHeaders) -> HTTPResponseHead {
        var headers = HTTPHeaders([
            ("Access-Control-Allow-Methods", allowedMethods),
            ("Access-Control-Max-Age", String(preflightMaxAgeSeconds)),
        ])
        if let allowed = allowedHeaders(requested: requestHeaders.values(for: "Access-Control-Request-Headers")) {
            headers.add(name: "Access-Control-Allow-Headers", value: allowed)
        }
        headers.add(name: "Allow", value: allowedMethods)
        headers.add(name: "Cache-Control", value: "no-store")
        add(to: &headers)
        return HTTPResponseHead(status: 204, headers: headers)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    fileprivate func trimmingSpaceAndTab() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
