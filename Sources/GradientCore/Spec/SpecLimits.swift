/// Upper bounds on what a request may ask for, checked before anything is allocated for it.
public struct SpecLimits: Sendable, Hashable {
    /// Largest `width` or `height` in CSS pixels. Default 8192.
    public var maxCSSDimension: Int
    /// Largest output side in device pixels (after `scale`). Default 16384.
    public var maxPixelSide: Int
    /// Largest output area in device pixels. Default 33,554,432 (8192 × 4096).
    public var maxPixels: Int
    /// Most entries (colour stops and hints) in `colors`. Default 256.
    public var maxStops: Int
    /// Largest output area in device pixels for the whole-frame formats (WebP, AVIF). Default 16,777,216
    /// (4096 × 4096).
    public var maxFramePixels: Int
    /// Most gradients in a layered `css=` (a `background-image` list). Default 8.
    public var maxLayers: Int

    /// Creates limits; the defaults are those of the API contract.
    public init(
        maxCSSDimension: Int = 8192, maxPixelSide: Int = 16384, maxPixels: Int = 33_554_432, maxStops: Int = 256,
        maxFramePixels: Int = 16_777_216, maxLayers: Int = 8
    ) {
        self.maxCSSDimension = maxCSSDimension
        self.maxPixelSide = maxPixelSide
        self.maxPixels = maxPixels
        self.maxStops = maxStops
        self.maxFramePixels = maxFramePixels
        self.maxLayers = maxLayers
    }

    /// The limits of the API contract.
    public static let standard = SpecLimits()
}
