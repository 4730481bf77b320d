/// The colours of an image that has at most ``maximumCount`` of them, in index order: what PLTE (and tRNS, for
/// colours that are not opaque) hold when the image is written with indexed colour, one byte a pixel.
///
/// ``PNGPaletteCensus`` finds them; ``PNGEncoder/init(format:palette:sink:)`` writes with them. Indexed colour is
/// lossless: a decoder gives back exactly the RGB or RGBA samples the rows held.
public struct PNGPalette: Sendable, Hashable {
    /// The most colours PLTE holds at 8 bits an index.
    public static let maximumCount = 256

    /// `bytesPerColor` samples (R, G, B and, for RGBA images, A) per colour, in index order.
    public let samples: [UInt8]
    /// 3 for RGB images, 4 for RGBA images.
    public let bytesPerColor: Int

    /// A palette of the colours in `samples`, `bytesPerColor` (3 or 4) samples each; nil when there are none,
    /// more than ``maximumCount``, a partial colour or a colour twice.
    public init?(samples: [UInt8], bytesPerColor: Int) {
        guard bytesPerColor == 3 || bytesPerColor == 4, !samples.isEmpty, samples.count % bytesPerColor == 0,
            samples.count / bytesPerColor <= Self.maximumCount
        else { return nil }
        var seen = Set<UInt32>()
        for start in stride(from: 0, to: samples.count, by: bytesPerColor) {
            guard seen.insert(ColorTable.key(of: samples, at: start, bytesPerColor: bytesPerColor)).inserted else {
                return nil
            }
        }
        self.samples = samples
        self.bytesPerColor = bytesPerColor
    }

    /// The number of colours.
    public var count: Int { samples.count / bytesPerColor }
}
