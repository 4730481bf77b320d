/// A PNG decoded by libpng, expanded to RGBA.
public struct DecodedPNG: Sendable, Hashable {
    /// Decoded samples, four per pixel (R, G, B, A), rows top to bottom with no padding.
    public enum Pixels: Sendable, Hashable {
        /// For files of bit depth 1–8; palette and grey are expanded, opaque files get alpha 255.
        case eightBit([UInt8])
        /// For 16-bit files, in native byte order; opaque files get alpha 65535.
        case sixteenBit([UInt16])
    }

    /// Pixels per row, from IHDR.
    public let width: Int
    /// Number of rows, from IHDR.
    public let height: Int
    /// Bit depth stored in the file (1, 2, 4, 8 or 16).
    public let bitDepth: Int
    /// The PNG colour type code stored in the file (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA).
    public let colorTypeCode: Int
    /// The samples, expanded to RGBA.
    public let pixels: Pixels

    /// The file's colour type when it is one the encoder writes; nil for grey files.
    public var colorType: PNGColorType? {
        switch colorTypeCode {
        case 2: .rgb
        case 3: .indexed
        case 6: .rgba
        default: nil
        }
    }
}
