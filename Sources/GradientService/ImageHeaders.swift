import GradientCore
import HTTPCore

/// The header fields of every image response (200 and 304) of `/gradient`.
enum ImageHeaders {
    /// What the cache did for a request, as an RFC 9211 `Cache-Status` value.
    enum CacheStatus: Sendable {
        /// Served from the cache.
        case hit
        /// Rendered for this request; the result is stored when it completes.
        case missStored
        /// Joined a render already under way for another request.
        case missCollapsed
        /// Not in the cache, and not going to be stored there: answered without rendering (304), or rendered but
        /// possibly larger than the whole cache budget.
        case missNotStored

        /// The field value.
        var fieldValue: String {
            switch self {
            case .hit: "gradientd; hit"
            case .missStored: "gradientd; fwd=miss; stored"
            case .missCollapsed: "gradientd; fwd=miss; collapsed"
            case .missNotStored: "gradientd; fwd=miss"
            }
        }

        /// `hit` or `miss`, for logs.
        var logLabel: String {
            switch self {
            case .hit: "hit"
            case .missStored, .missCollapsed, .missNotStored: "miss"
            }
        }
    }

    /// The `Cache-Status` `detail` of a `format=auto` response that is PNG because the frame-memory budget was full
    /// for the WebP or AVIF negotiated.
    static let frameMemoryFullDetail = "frame-memory-full"

    /// The year-long, immutable caching policy: the URL fully determines the bytes.
    static let cacheControl = "public, max-age=31536000, immutable"

    /// The caching policy of a response with a `Cache-Status` detail (a `format=auto` PNG sent because the
    /// frame-memory budget was full): its bytes are the PNG's for good, but the URL and `Accept` will give the format
    /// negotiated once the budget has room, so caches keep it a minute only.
    static let fallbackCacheControl = "public, max-age=60"

    /// The `Server-Timing` value of an image response (W3C Server Timing, readable by other origins through
    /// `Timing-Allow-Origin: *`): `cache;desc=hit` or `cache;desc=miss`, and on a hit `render;dur=…`, the time in
    /// milliseconds (three decimals) that the render which produced the cached bytes took. A miss sends its head
    /// before the render has run (the body streams as it is encoded), so it carries no render duration.
    static func serverTiming(cacheStatus: CacheStatus, renderDuration: Duration?) -> String {
        var value = cacheStatus == .hit ? "cache;desc=hit" : "cache;desc=miss"
        if let renderDuration { value += ", render;dur=" + milliseconds(renderDuration) }
        return value
    }

    /// `duration` in milliseconds with three decimals, e.g. `12.345`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        let fraction = String(microseconds % 1000)
        return String(microseconds / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// What an SVG document may do when opened on its own: nothing but its inline styles, in a sandbox.
    static let svgContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    /// Content-Type (`mediaType`; nil for 304), ETag, Cache-Control, Cache-Status, `Vary: Accept` when the
    /// format was negotiated on `Accept` (`format=auto`), `Server-Timing` when `serverTiming` is given, and the
    /// cross-origin fields. `cacheDetail` (an RFC 9211 token) is added to `Cache-Status` as its `detail` parameter,
    /// and such a response is cached for ``fallbackCacheControl``'s minute, not a year.
    static func make(
        etag: String, cacheStatus: CacheStatus, mediaType: String?, variesOnAccept: Bool, serverTiming: String? = nil,
        cacheDetail: String? = nil
    ) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if let mediaType { headers.add(name: "Content-Type", value: mediaType) }
        if variesOnAccept { headers.add(name: "Vary", value: "Accept") }
        headers.add(name: "ETag", value: etag)
        headers.add(name: "Cache-Control", value: cacheDetail == nil ? cacheControl : fallbackCacheControl)
        if let cacheDetail {
            headers.add(name: "Cache-Status", value: cacheStatus.fieldValue + "; detail=" + cacheDetail)
        } else {
            headers.add(name: "Cache-Status", value: cacheStatus.fieldValue)
        }
        if let serverTiming { headers.add(name: "Server-Timing", value: serverTiming) }
        if mediaType == ImageFormat.svg.mediaType {
            headers.add(name: "Content-Security-Policy", value: svgContentSecurityPolicy)
        }
        CrossOriginHeaders.add(to: &headers)
        return headers
    }
}
