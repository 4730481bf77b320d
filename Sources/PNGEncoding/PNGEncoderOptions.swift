/// What the caller knows about the rows that the encoder cannot cheaply tell from them, and the coding choices that
/// follow.
public struct PNGEncoderOptions: Sendable, Equatable {
    /// Whether the rows are drawn without dither (default false: any rows). Undithered rows tried from the row above
    /// are also tried Paeth-filtered, and keep their in-row recurrences fresh (``RowMatcher/addFreshRecurrences(_:)``):
    /// an undithered 135° card's rows code 3–7 % smaller Paeth-filtered. Dithered rows take the same trials, and
    /// Paeth-filtered cost a quarter more instructions for no fewer bytes; their rows do not say which they are (an
    /// undithered 135° row differs from the row above shifted by a pixel at a quarter of its pixels, where the steps
    /// round), so the renderer says it.
    public var undithered: Bool

    /// Whether the rows carry noise at every pixel (film grain; default false). Noise leaves the encoder's own coders
    /// nothing to find (no row or dither period repeats, no structural distance holds), and on such images they
    /// lose to zlib level 9's deep search; so an image with grain that is neither held nor written with a palette
    /// is written by Pillow's `optimize=True` method itself, streamed: each row by ``AdaptiveRowFilter``, the rows
    /// through zlib with ``CompressionTuning/pillow``. Its bytes are then Pillow's for the same rows, at about
    /// Pillow's time. Measured: docs/png-encoder.md ("Images with grain").
    public var hasGrain: Bool

    /// The largest image, in pixels, that the encoder holds in memory instead of streaming, to write the smaller of
    /// its own PNG and the reference PNG of the same rows: libpng's adaptive filters through zlib level 9, which is
    /// Pillow's `optimize=True` (so a held image is never heavier than Pillow's). 0 holds none. The default, 65,535,
    /// holds every image of fewer than 65,536 pixels (icons, thumbnails, placeholders, a 255×255 card), where the
    /// reference costs milliseconds, in at most `65,535 × (bytes a pixel) + height` bytes of rows (576 KiB for
    /// 16-bit RGBA, 256 KiB for 8-bit RGB); what it costs: docs/png-encoder.md.
    public var referencePixelLimit: Int

    /// The default ``referencePixelLimit``.
    public static let defaultReferencePixelLimit = 65_535

    /// Options for rows of the given kind.
    public init(
        undithered: Bool = false, hasGrain: Bool = false, referencePixelLimit: Int = Self.defaultReferencePixelLimit
    ) {
        self.undithered = undithered
        self.hasGrain = hasGrain
        self.referencePixelLimit = referencePixelLimit
    }
}
