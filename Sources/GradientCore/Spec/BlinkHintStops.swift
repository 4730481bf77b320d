/// Blink's replacement of a colour hint by colour stops (`ReplaceColorHintsWithColorStops`, in 32-bit floats as
/// Blink computes them), shared by the ramp (which blends in the interpolation space) and by spec resolution (which
/// blends in sRGB when `css=` names no space, as Blink does).
enum BlinkHintStops {
    /// What a hint at `hint` between stops at `start` and `end` becomes.
    enum Replacement {
        /// A hint half way: dropped, the interval is a linear blend.
        case linear
        /// A hint on a stop: a stop of the other colour at the hint (`toNext`: the next stop's colour).
        case hardStop(toNext: Bool)
        /// Nine stops, each at `position` with the next colour's weight `weight`.
        case stops([(position: Double, weight: Double)])
    }

    /// Two stops on the shorter side at 1/3 and 2/3 and seven on the longer side from its middle at steps of 1/13 of
    /// it, each weighted `p ^ (ln 0.5 / ln h)` at its relative position p (h: the hint's relative position). Stops
    /// whose weight is not finite are left out, as Blink leaves them out.
    static func replacement(start: Double, hint: Double, end: Double) -> Replacement {
        let left = Float(start)
        let right = Float(end)
        let offset = Float(hint)
        let leftDistance = offset - left
        let rightDistance = right - offset
        let totalDistance = right - left
        let nearlyEqual = { (a: Float, b: Float) in abs(a - b) <= Float.ulpOfOne }
        if nearlyEqual(leftDistance, rightDistance) { return .linear }
        if nearlyEqual(leftDistance, 0) { return .hardStop(toNext: true) }
        if nearlyEqual(rightDistance, 0) { return .hardStop(toNext: false) }
        var offsets: [Float] = []
        if leftDistance > rightDistance {
            offsets = (0..<7).map { left + leftDistance * ((7 + Float($0)) / 13) }
            offsets += [offset + rightDistance * (1 / 3), offset + rightDistance * (2 / 3)]
        } else {
            offsets = [left + leftDistance * (1 / 3), left + leftDistance * (2 / 3)]
            offsets += (0..<7).map { offset + rightDistance * (Float($0) / 13) }
        }
        let exponent = ElementaryMath.log(0.5) / ElementaryMath.log(Double(leftDistance / totalDistance))
        var stops: [(position: Double, weight: Double)] = []
        for newOffset in offsets {
            let weight = ElementaryMath.pow(Double((newOffset - left) / totalDistance), exponent)
            guard weight.isFinite else { continue }
            stops.append((Double(newOffset), weight))
        }
        return .stops(stops)
    }

    /// The colour Blink gives a stop it blends from `a` and `b` when no space is written (`Color::InterpolateColors`
    /// in `kSRGBLegacy`: a hint's nine stops, a radial gradient's clamped negative offsets): each colour's sRGB as
    /// Blink converts it in floats, times 255, blended as ``ChromiumPolarStop/blend(_:_:weight:method:hueIndex:)``
    /// blends (without a hue) and divided by 255. Colours with missing components are blended by ``ColorMix``.
    static func legacyBlend(_ a: CSSColor, _ b: CSSColor, weight: Double) -> CSSColor {
        guard a.missing.isEmpty, b.missing.isEmpty else {
            return ColorMix.mix(a, b, in: .srgb, hue: .shorter, weights: (1 - weight, weight, 1))
        }
        let blended = ChromiumPolarStop.blend(
            SIMD4(SIMD3<Double>(legacyParams(a)), a.alpha), SIMD4(SIMD3<Double>(legacyParams(b)), b.alpha),
            weight: weight, method: .shorter, hueIndex: nil)
        let srgb = SIMD3<Double>(SIMD3<Float>(SIMD3(blended.x, blended.y, blended.z)) / 255)
        return CSSColor(space: .srgb, components: srgb, alpha: blended.w, missing: [], isLegacy: false)
    }

    /// Blink's `kSRGBLegacy` parameters (0…255) of `color`.
    private static func legacyParams(_ color: CSSColor) -> SIMD3<Float> {
        if color.space == .srgb { return SIMD3<Float>(color.components * 255) }
        return SIMD3<Float>(BlinkStopColor.skColor(space: color.space, components: color.components)) * 255
    }
}
