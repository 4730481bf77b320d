/// A colour as written, in the space it was written in (CSS Color 4).
public struct CSSColor: Sendable, Hashable {
    /// The space the colour was written in: `srgb` for hex colours, named colours, `transparent`, `rgb()` and
    /// `rgba()`; `hsl` for `hsl()`/`hsla()`; `hwb`, `lab`, `lch`, `oklab`, `oklch` for those functions.
    public var space: ColorSpace

    /// The colour's coordinates in `space`, in these units:
    /// - `srgb`, `srgbLinear`: red, green, blue as 0…1 (255 or 100% is 1).
    /// - `hsl`: hue in degrees, saturation 0…1, lightness 0…1 (100% is 1).
    /// - `hwb`: hue in degrees, whiteness 0…1, blackness 0…1 (100% is 1).
    /// - `lab`: L 0…100, a, b (100% of a or b is 125).
    /// - `lch`: L 0…100, chroma (100% is 150), hue in degrees.
    /// - `oklab`: L 0…1, a, b (100% of a or b is 0.4).
    /// - `oklch`: L 0…1, chroma (100% is 0.4), hue in degrees.
    ///
    /// Hues are normalised to [0, 360). A missing (`none`) component is stored as 0.
    public var components: SIMD3<Double>

    /// Opacity from 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// The components written as `none`.
    public var missing: MissingComponents

    /// Whether the colour uses a legacy sRGB syntax (hex, named, `transparent`, `rgb()`, `rgba()`, `hsl()`,
    /// `hsla()`, `hwb()`), which makes CSS interpolate gradients in sRGB by default.
    public var isLegacy: Bool

    /// Creates a colour from its parts; the values are stored as given.
    public init(
        space: ColorSpace, components: SIMD3<Double>, alpha: Double, missing: MissingComponents, isLegacy: Bool
    ) {
        self.space = space
        self.components = components
        self.alpha = alpha
        self.missing = missing
        self.isLegacy = isLegacy
    }
}
