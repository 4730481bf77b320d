/// Numbers as SVG attribute text: plain decimals, never an exponent.
enum SVGNumber {
    /// A coordinate or length: at most 4 decimals (a ten-thousandth of a pixel).
    static func text(_ value: Double) -> String { CSSNumber.fixed(value, decimals: 4) }

    /// A stop offset, clamped to 0 … 1: at most 6 decimals.
    static func offset(_ value: Double) -> String { CSSNumber.fixed(min(max(value, 0), 1), decimals: 6) }

    /// An opacity: at most 4 decimals.
    static func opacity(_ value: Double) -> String { CSSNumber.fixed(min(max(value, 0), 1), decimals: 4) }
}

/// Straight sRGB colours as SVG paint attributes: `#rrggbb` and, when not opaque, an opacity.
enum SVGColor {
    /// `stop-color="#rrggbb"` and, unless opaque, `stop-opacity`.
    static func stop(_ color: SIMD4<Double>) -> String {
        "stop-color=\"\(hex(color))\"" + (opaque(color) ? "" : " stop-opacity=\"\(SVGNumber.opacity(color.w))\"")
    }

    /// `fill="#rrggbb"` and, unless opaque, `fill-opacity`.
    static func fill(_ color: SIMD4<Double>) -> String {
        "fill=\"\(hex(color))\"" + (opaque(color) ? "" : " fill-opacity=\"\(SVGNumber.opacity(color.w))\"")
    }

    private static func opaque(_ color: SIMD4<Double>) -> Bool { (color.w * 10_000).rounded() >= 10_000 }

    private static func hex(_ color: SIMD4<Double>) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [color.x, color.y, color.z] {
            let byte = Int((min(max(channel, 0), 1) * 255).rounded(.toNearestOrAwayFromZero))
            text.append(digits[byte >> 4])
            text.append(digits[byte & 15])
        }
        return text
    }
}
