/// One gradient of a layered spec below its top layer: everything a single gradient has besides the image size and
/// output settings, with the `background-blend-mode` it is drawn with onto the layers below it.
public struct GradientLayer: Sendable, Hashable {
    /// Where the layer's parameter `t` comes from, in device pixels.
    public var geometry: GradientGeometry
    /// Colour stops after CSS fix-up; at least one.
    public var stops: [GradientStop]
    /// What happens outside the first and last stop.
    public var spread: Spread
    /// The space colours are interpolated in.
    public var space: ColorSpace
    /// How hues are interpolated; only meaningful when ``space`` is polar.
    public var hue: HueInterpolation
    /// How the layer is blended onto the layers below it; `normal` for the bottom layer, whose backdrop is
    /// transparent (every mode then gives the layer itself).
    public var blendMode: BlendMode

    /// Creates a layer from already-resolved parts.
    public init(
        geometry: GradientGeometry, stops: [GradientStop], spread: Spread, space: ColorSpace, hue: HueInterpolation,
        blendMode: BlendMode = .normal
    ) {
        self.geometry = geometry
        self.stops = stops
        self.spread = spread
        self.space = space
        self.hue = hue
        self.blendMode = blendMode
    }
}
