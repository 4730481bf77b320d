/// What an image response of `/gradient` says beyond the image itself.
struct ImageResponseStyle {
    /// Whether the format was negotiated on `Accept` (`format=auto`): the response carries `Vary: Accept`.
    var variesOnAccept: Bool
    /// The `Cache-Status` `detail` parameter (``ImageHeaders/frameMemoryFullDetail``), or nil for none.
    var cacheDetail: String?
}
