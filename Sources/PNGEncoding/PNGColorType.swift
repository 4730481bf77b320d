/// The PNG colour types the encoder writes.
public enum PNGColorType: Sendable, Hashable {
    /// Red, green, blue; no alpha channel (PNG colour type 2).
    case rgb
    /// Red, green, blue, alpha; alpha is not premultiplied (PNG colour type 6).
    case rgba

    /// The number of samples per pixel: 3 or 4.
    public var channelCount: Int {
        switch self {
        case .rgb: 3
        case .rgba: 4
        }
    }
}
