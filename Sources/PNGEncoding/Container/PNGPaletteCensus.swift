/// Finds whether an image has at most ``PNGPalette/maximumCount`` colours, and which, from its rows in order: the
/// pass before ``PNGEncoder/init(format:palette:sink:)`` for an image that is not held in memory (the rows are
/// produced twice). Looks only where a row can hold a new colour (see ``PaletteMapper``) and stops looking at the
/// 257th colour.
public final class PNGPaletteCensus {
    private let mapper: PaletteMapper?
    private let bytesPerRow: Int
    private var hasTooManyColors = false

    /// A census of an image of `format`. Only 8-bit RGB and RGBA images can be indexed; for any other the census
    /// finds no palette.
    public init(format: PNGImageFormat) {
        bytesPerRow = format.bytesPerRow
        let isIndexable = format.bitDepth == 8 && format.colorType != .indexed && format.width > 0
        mapper = isIndexable ? PaletteMapper(width: format.width, bytesPerPixel: format.bytesPerPixel) : nil
        hasTooManyColors = mapper == nil
    }

    /// Adds the image's next row (`format.bytesPerRow` samples); returns false once the image is known to have too
    /// many colours (or the wrong format), after which rows are not looked at.
    @discardableResult
    public func add(_ row: UnsafeRawBufferPointer) -> Bool {
        guard !hasTooManyColors, let mapper else { return false }
        precondition(row.count == bytesPerRow, "a census row has \(row.count) bytes, not \(bytesPerRow)")
        if mapper.map(row.baseAddress!.assumingMemoryBound(to: UInt8.self), addingColors: true) == nil {
            hasTooManyColors = true
        }
        return !hasTooManyColors
    }

    /// The colours of the rows added, in the order they first appear; nil when there are too many, or none.
    public var palette: PNGPalette? {
        guard !hasTooManyColors, let mapper else { return nil }
        return PNGPalette(samples: mapper.samples, bytesPerColor: mapper.bytesPerPixel)
    }
}
