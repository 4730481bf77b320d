/// What comes before the first colour stop: the geometry and the interpolation method.
struct CSSGradientPrelude {
    var shape: GradientDescription.Shape
    var space: ColorSpace?
    var hue: HueInterpolation = .shorter
    /// Whether anything was written (and so a comma must follow).
    var isPresent = false
}
