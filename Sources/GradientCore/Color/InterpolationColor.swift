/// A colour's coordinates in an interpolation space, with the components treated as missing.
public struct InterpolationColor: Sendable, Hashable {
    /// Coordinates in the interpolation space, in the units of `CSSColor.components`; a missing component is 0.
    public var components: SIMD3<Double>
    /// Opacity from 0 to 1 (0 when missing).
    public var alpha: Double
    /// The components that interpolation takes from the other colour.
    public var missing: MissingComponents

    /// Creates an interpolation colour from its parts.
    public init(components: SIMD3<Double>, alpha: Double, missing: MissingComponents) {
        self.components = components
        self.alpha = alpha
        self.missing = missing
    }
}
