import HTTPCore

/// A rendered PNG held by the cache, with the response head a cache hit sends, serialised once.
struct CachedImage: Sendable {
    /// The complete PNG.
    let png: [UInt8]
    /// The strong entity tag of the PNG, quoted.
    let etag: String
    /// `200 OK` with Content-Type, ETag, Cache-Control and `Cache-Status: gradientd; hit`.
    let hitHead: PreparedResponseHead

    init(png: [UInt8], etag: String) {
        self.png = png
        self.etag = etag
        self.hitHead = PreparedResponseHead(
            HTTPResponseHead(status: 200, headers: ImageHeaders.make(etag: etag, cacheStatus: .hit)),
            contentLength: png.count)
    }
}
