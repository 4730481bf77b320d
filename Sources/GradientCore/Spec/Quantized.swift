/// Rounding of every number in a spec to a fixed grid (1e-6), so that equivalent requests whose arithmetic differs
/// in the last bits still give identical specs, canonical forms and pixels.
enum Quantized {
    static func value(_ x: Double) -> Double {
        let rounded = (x * 1e6).rounded() / 1e6
        return rounded == 0 ? 0 : rounded
    }

    static func components(_ components: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(value(components.x), value(components.y), value(components.z))
    }

    static func color(_ color: InterpolationColor) -> InterpolationColor {
        var result = color
        result.components = components(color.components)
        result.alpha = value(color.alpha)
        return result
    }

    static func point(_ point: PixelPoint) -> PixelPoint { PixelPoint(x: value(point.x), y: value(point.y)) }

    static func floatPoint(_ point: PixelPoint) -> PixelPoint {
        PixelPoint(x: Double(Float(point.x)) + 0, y: Double(Float(point.y)) + 0)
    }

    static func geometry(_ geometry: GradientGeometry) -> GradientGeometry {
        switch geometry {
        case .linear(let start, let end, let bearing):
            // Float-exact, as Blink computes them and the rasterizer uses them.
            return .linear(start: floatPoint(start), end: floatPoint(end), bearing: bearing)
        case .radial(let center, let radiusX, let radiusY):
            return .radial(center: point(center), radiusX: value(radiusX), radiusY: value(radiusY))
        case .conic(let center, let from):
            return .conic(center: point(center), fromDegrees: value(from))
        case .mesh:
            return geometry  // its points are quantised as they are resolved
        }
    }
}
