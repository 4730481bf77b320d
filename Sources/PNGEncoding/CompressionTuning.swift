import CZlib

/// zlib settings for rows that are not coded by ``ZeroRowBlock``.
struct CompressionTuning {
    var level: Int32
    var memoryLevel: Int32
    var strategy: Int32

    /// The settings chosen by measurement (see ``PNGEncoder``).
    static let gradient = CompressionTuning(level: 1, memoryLevel: 8, strategy: Z_DEFAULT_STRATEGY)
}
