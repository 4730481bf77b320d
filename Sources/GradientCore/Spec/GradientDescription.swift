/// A gradient as written, by the query parameters or by CSS text, before it is resolved against the image size:
/// lengths are still CSS pixels and percentages, stop positions are still as written, colours are not converted.
struct GradientDescription {
    /// How a linear gradient's direction was given.
    enum LinearDirection: Hashable {
        /// An angle, 0 pointing up, clockwise.
        case angle(degrees: Double)
        /// `to <corner>`: `x` is −1 (left) or 1 (right), `y` is −1 (top) or 1 (bottom). The angle depends on the
        /// aspect ratio, as CSS "magic corners".
        case corner(x: Double, y: Double)
        /// Explicit start and end points (`start`/`end`).
        case points(start: PointDescription, end: PointDescription)
    }

    /// How a radial gradient's ending shape was sized.
    enum RadialExtent: Hashable {
        /// An extent keyword, for a circle or an ellipse.
        case keyword(RadialSize.Extent, isCircle: Bool)
        /// Explicit radii (equal lengths for a circle).
        case radii(x: LengthPercentage, y: LengthPercentage)
    }

    /// The kind of gradient with its unresolved geometry.
    enum Shape: Hashable {
        case linear(LinearDirection)
        case radial(center: PointDescription, size: RadialExtent)
        case conic(center: PointDescription, fromDegrees: Double)
        case mesh(MeshDescription)
    }

    var shape: Shape
    /// Colour stops and hints as written; at least one stop, hints only between stops.
    var entries: [RawStopEntry]
    var spread: Spread
    var space: ColorSpace
    /// The hue interpolation method; `shorter` unless `space` is polar.
    var hue: HueInterpolation
    /// Whether colour hints blend their colours in sRGB whatever ``space`` is, as Blink blends them when `css=`
    /// names no space (`ReplaceColorHintsWithColorStops` takes `kSRGBLegacy` for an unset space).
    var hintsBlendInSRGB = false

    /// Whether every colour stop uses a legacy sRGB syntax, which makes `srgb` the default interpolation space.
    static func allLegacy(_ entries: [RawStopEntry]) -> Bool {
        entries.allSatisfy { entry in
            if case .stop(let color, _, _) = entry { return color.isLegacy }
            return true
        }
    }
}
