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

    /// Options for rows of the given kind.
    public init(undithered: Bool = false) {
        self.undithered = undithered
    }
}
