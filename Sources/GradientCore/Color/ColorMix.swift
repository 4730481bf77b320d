/// CSS Color 5 `color-mix()`: two colours mixed in an interpolation space.
enum ColorMix {
    /// The mixing weights and alpha multiplier of two optional percentages (0…100), as CSS Color 5 §2.1
    /// normalises them: both omitted is 50/50, one omitted is the complement of the other, and two that do not sum
    /// to 100 are scaled to; a sum below 100 also multiplies the result's alpha by sum/100. Two 0% mix evenly
    /// into a fully transparent colour, as Chromium accepts them.
    static func weights(_ first: Double?, _ second: Double?) -> (first: Double, second: Double, alpha: Double) {
        var p1 = first ?? (second.map { 100 - $0 } ?? 50)
        var p2 = second ?? 100 - p1
        let sum = p1 + p2
        guard sum > 0 else { return (0.5, 0.5, 0) }
        let multiplier = sum < 100 ? sum / 100 : 1
        p1 /= sum
        p2 /= sum
        return (p1, p2, multiplier)
    }

    /// Mixes `a` and `b` in `space` with `hue` for polar spaces: missing components carried forward and taken
    /// from the other colour, hues fixed up, premultiplied blending (hue not premultiplied), then un-premultiplied
    /// and the alpha multiplied by `weights.alpha`. A component missing in both stays missing.
    static func mix(
        _ a: CSSColor, _ b: CSSColor, in space: ColorSpace, hue: HueInterpolation,
        weights: (first: Double, second: Double, alpha: Double)
    ) -> CSSColor {
        var x = a.interpolationColor(in: space)
        var y = b.interpolationColor(in: space)
        for index in 0..<3 {
            let flag = MissingComponents.component(index)
            if x.missing.contains(flag) && !y.missing.contains(flag) { x.components[index] = y.components[index] }
            if y.missing.contains(flag) && !x.missing.contains(flag) { y.components[index] = x.components[index] }
        }
        if x.missing.contains(.alpha) && !y.missing.contains(.alpha) { x.alpha = y.alpha }
        if y.missing.contains(.alpha) && !x.missing.contains(.alpha) { y.alpha = x.alpha }
        let missing = x.missing.intersection(y.missing)
        let hueIndex = space.hueIndex ?? -1
        if hueIndex >= 0 { ColorRamp.fixHues(&x.components[hueIndex], &y.components[hueIndex], method: hue) }
        let alpha = x.alpha * weights.first + y.alpha * weights.second
        var components = SIMD3<Double>.zero
        for index in 0..<3 {
            if index == hueIndex {
                components[index] = x.components[index] * weights.first + y.components[index] * weights.second
            } else {
                let premultiplied =
                    x.components[index] * x.alpha * weights.first + y.components[index] * y.alpha * weights.second
                components[index] = alpha > 0 ? premultiplied / alpha : 0
            }
        }
        if hueIndex >= 0 { components[hueIndex] = ElementaryMath.normalizedDegrees(components[hueIndex]) }
        for index in 0..<3 where missing.contains(.component(index)) { components[index] = 0 }
        return CSSColor(
            space: space, components: components, alpha: missing.contains(.alpha) ? 0 : alpha * weights.alpha,
            missing: missing, isLegacy: false)
    }
}
