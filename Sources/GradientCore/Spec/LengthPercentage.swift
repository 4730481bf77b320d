/// A CSS `<length-percentage>` kept exact until the image size is known: a fraction of a reference extent plus
/// CSS pixels, so that `right 10px` is exactly 100% − 10px.
struct LengthPercentage: Hashable {
    /// The part relative to the extent (`0.25` for `25%`).
    var fraction: Double
    /// The part in CSS pixels, which scale with the device pixel ratio.
    var cssPixels: Double

    /// A pure fraction of the extent.
    static func fraction(_ value: Double) -> LengthPercentage { LengthPercentage(fraction: value, cssPixels: 0) }

    /// A pure length in CSS pixels.
    static func pixels(_ value: Double) -> LengthPercentage { LengthPercentage(fraction: 0, cssPixels: value) }

    /// The length in device pixels for a reference `extent` in device pixels and a device pixel ratio `scale`.
    func resolved(extent: Double, scale: Double) -> Double {
        if cssPixels == 0 { return fraction * extent }
        if fraction == 0 { return cssPixels * scale }
        return fraction * extent + cssPixels * scale
    }
}

/// A point written as two length-percentages, x relative to the width and y to the height.
struct PointDescription: Hashable {
    var x: LengthPercentage
    var y: LengthPercentage

    /// The centre of the image (`50% 50%`).
    static let center = PointDescription(x: .fraction(0.5), y: .fraction(0.5))

    /// The point in device pixels of an image `width` × `height` device pixels at device pixel ratio `scale`.
    func resolved(width: Double, height: Double, scale: Double) -> PixelPoint {
        PixelPoint(x: x.resolved(extent: width, scale: scale), y: y.resolved(extent: height, scale: scale))
    }
}
