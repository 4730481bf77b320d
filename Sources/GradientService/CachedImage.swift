import HTTPCore

/// A rendered image held by the cache, with the response heads a cache hit sends, serialised once.
struct CachedImage: Sendable {
    /// The complete image file.
    let bytes: [UInt8]
    /// The strong entity tag of the bytes, quoted.
    let etag: String
    /// The bytes' `Content-Type`.
    let mediaType: String
    /// How long the render that produced ``bytes`` took, sent with every hit as `Server-Timing: render;dur=…`.
    let renderDuration: Duration
    /// `200 OK` with Content-Type, ETag, Cache-Control, `Cache-Status: gradientd; hit` and `Server-Timing`, for
    /// requests that named the format.
    let hitHead: PreparedResponseHead
    /// The same with `Vary: Accept`, for requests whose format was negotiated (`format=auto`).
    let negotiatedHitHead: PreparedResponseHead

    init(bytes: [UInt8], etag: String, mediaType: String, renderDuration: Duration) {
        self.bytes = bytes
        self.etag = etag
        self.mediaType = mediaType
        self.renderDuration = renderDuration
        let serverTiming = ImageHeaders.serverTiming(cacheStatus: .hit, renderDuration: renderDuration)
        func head(variesOnAccept: Bool) -> PreparedResponseHead {
            let headers = ImageHeaders.make(
                etag: etag, cacheStatus: .hit, mediaType: mediaType, variesOnAccept: variesOnAccept,
                serverTiming: serverTiming)
            return PreparedResponseHead(HTTPResponseHead(status: 200, headers: headers), contentLength: bytes.count)
        }
        self.hitHead = head(variesOnAccept: false)
        self.negotiatedHitHead = head(variesOnAccept: true)
    }
}
