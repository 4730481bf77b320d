/// The shape of the ring a ``RowPipeline`` hands rows over in: the rasterizing thread fills `bandCount` bands of
/// `rowsPerBand` rows ahead of the encoding thread, so the ring holds `rowsPerBand × bandCount` rows whatever the
/// image height.
struct RowPipelineConfiguration: Sendable, Equatable {
    /// Rows the rasterizing thread renders before it hands them over at once. Default 16 rows.
    var rowsPerBand: Int
    /// Bands in the ring: how far, in bands, the rasterizing thread may run ahead of the encoder. Default 4 bands.
    var bandCount: Int

    /// Creates a configuration; every argument defaults to the value documented on its property, and each is at
    /// least 1.
    init(rowsPerBand: Int = 16, bandCount: Int = 4) {
        self.rowsPerBand = max(1, rowsPerBand)
        self.bandCount = max(1, bandCount)
    }

    /// The defaults: 16 rows per band, 4 bands.
    static let standard = RowPipelineConfiguration()
}
