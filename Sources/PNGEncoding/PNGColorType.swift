/// The PNG colour types the encoder writes.
public enum PNGColorType: Sendable, Hashable {
    /// Red, green, blue; no alpha channel (PNG colour type 2).
    case rgb
    /// Red, green, blue, alpha; alpha is not premultiplied (PNG colour type 6).
    case rgba
    /// One palette index per pixel (PNG colour type 3), the colours in PLTE and their alpha in tRNS. The encoder
    /// writes it for RGB or RGBA rows given a ``PNGPalette``; it is never the format of the rows it is given.
    case indexed

    /// The number of samples per pixel: 3, 4, or 1 for an index.
    public var channelCount: Int {
        switch self {
        case .rgb: 3
        case .rgba: 4
        case .indexed: 1
        }
    }
}
