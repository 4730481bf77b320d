/// The shape of an image to encode: dimensions, colour type and bit depth.
///
/// Creating a format checks nothing; ``PNGEncoder/init(format:sink:)`` rejects bit depths
/// other than 8 and 16 and negative or oversized dimensions with ``PNGError/invalidFormat(reason:)``,
/// and libpng itself rejects a zero width or height with ``PNGError/libpng(message:)``.
public struct PNGImageFormat: Sendable, Hashable {
    /// Pixels per row.
    public var width: Int
    /// Number of rows.
    public var height: Int
    /// The colour type written to IHDR.
    public var colorType: PNGColorType
    /// Bits per sample: 8 or 16.
    public var bitDepth: Int

    /// Creates a format; 8-bit RGB unless told otherwise.
    public init(width: Int, height: Int, colorType: PNGColorType = .rgb, bitDepth: Int = 8) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
    }

    /// Bytes per pixel: 1 (an index), 3, 4, 6 or 8 for the valid combinations.
    public var bytesPerPixel: Int { colorType.channelCount * (bitDepth / 8) }

    /// Bytes in one raw row passed to ``PNGEncoder/writeRow(_:)``: `width * bytesPerPixel`.
    public var bytesPerRow: Int { width * bytesPerPixel }
}
