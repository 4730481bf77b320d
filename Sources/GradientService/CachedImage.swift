import HTTPCore

/// A rendered image held by the cache, with the response heads a cache hit sends, serialised once.
struct CachedImage: Sendable {
    /// The complete image file.
    let bytes: [UInt8]
    /// The strong entity tag of the bytes, quoted.
    let etag: String
    /// `200 OK` with Content-Type, ETag, Cache-Control and `Cache-Status: gradientd; hit`, for requests that named
    /// the format.
    let hitHead: PreparedResponseHead
    /// The same with `Vary: Accept`, for requests whose format was negotiated (`format=auto`).
    let negotiatedHitHead: PreparedResponseHead

    init(bytes: [UInt8], etag: String, mediaType: String) {
        self.bytes = bytes
        self.etag = etag
        func head(variesOnAccept: Bool) -> PreparedResponseHead {
            let headers = ImageHeaders.make(
                etag: etag, cacheStatus: .hit, mediaType: mediaType, variesOnAccept: variesOnAccept)
            return PreparedResponseHead(HTTPResponseHead(status: 200, headers: headers), contentLength: bytes.count)
        }
        self.hitHead = head(variesOnAccept: false)
        self.negotiatedHitHead = head(variesOnAccept: true)
    }
}
