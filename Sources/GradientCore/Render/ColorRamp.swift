/// A spec's stops prepared for per-pixel lookup: per-interval colours in the interpolation space (premultiplied,
/// hues fixed up per the hue method), evaluated and converted to premultiplied sRGB.
///
/// Degenerate cases: one stop gives a solid colour; a zero-length period under `repeat`/`reflect` gives the
/// gradient's average colour, as CSS.
struct ColorRamp {
    struct Segment {
        var start: Double
        var end: Double
        var from: SIMD4<Double>
        var to: SIMD4<Double>
        /// `log(0.5) / log(H)` for a hint at fraction H of the interval; 1 for a linear blend.
        var hintExponent: Double
        /// 0 when the hint sits on the first stop (all second colour), 1 on the second, else 0.5.
        var hintCase: Double
    }

    let space: ColorSpace
    let hueIndex: Int
    let spread: Spread
    private(set) var segments: [Segment] = []
    let first: Double
    let last: Double
    private(set) var firstColor = SIMD4<Double>()
    private(set) var lastColor = SIMD4<Double>()
    /// The premultiplied sRGB colour for every pixel when the period is zero, or nil.
    private(set) var solidColor: SIMD4<Double>? = nil

    init(spec: GradientSpec) {
        space = spec.space
        hueIndex = spec.space.hueIndex ?? -1
        spread = spec.spread
        first = spec.stops.first?.position ?? 0
        last = spec.stops.last?.position ?? 0
        let resolved = Self.resolvedPairs(spec)
        if resolved.isEmpty {
            let only = spec.stops.first?.color ?? InterpolationColor(components: .zero, alpha: 0, missing: [])
            firstColor = premultiplied(Self.filled(only), hueIndex: hueIndex)
            lastColor = firstColor
            solidColor = toPremultipliedSRGB(firstColor)
            return
        }
        for (index, pair) in resolved.enumerated() {
            let start = spec.stops[index].position
            let end = spec.stops[index + 1].position
            var exponent = 1.0
            var hintCase = 0.5
            if let hint = spec.stops[index].hintToNext, end > start {
                let h = (hint - start) / (end - start)
                if h <= 0 {
                    hintCase = 0
                } else if h >= 1 {
                    hintCase = 1
                } else if h != 0.5 {
                    exponent = ElementaryMath.log(0.5) / ElementaryMath.log(h)
                }
            }
            segments.append(
                Segment(start: start, end: end, from: pair.0, to: pair.1, hintExponent: exponent, hintCase: hintCase))
        }
        firstColor = segments[0].from
        lastColor = segments[segments.count - 1].to
        if spread == .repeating || spread == .reflect, !(last - first > 1e-9) {
            solidColor = averageColor()
        }
    }

    /// Each adjacent pair of stops with missing components filled from the other, hues fixed up and premultiplied.
    private static func resolvedPairs(_ spec: GradientSpec) -> [(SIMD4<Double>, SIMD4<Double>)] {
        guard spec.stops.count > 1 else { return [] }
        let hueIndex = spec.space.hueIndex ?? -1
        return (0..<(spec.stops.count - 1)).map { index in
            var a = spec.stops[index].color
            var b = spec.stops[index + 1].color
            let flags: [MissingComponents] = [.c0, .c1, .c2]
            for (k, flag) in flags.enumerated() where a.missing.contains(flag) != b.missing.contains(flag) {
                if a.missing.contains(flag) {
                    a.components[k] = b.components[k]
                } else {
                    b.components[k] = a.components[k]
                }
            }
            if a.missing.contains(.alpha) != b.missing.contains(.alpha) {
                if a.missing.contains(.alpha) { a.alpha = b.alpha } else { b.alpha = a.alpha }
            }
            let bothMissing = a.missing.intersection(b.missing)
            a.missing = bothMissing
            b.missing = bothMissing
            var from = filled(a)
            var to = filled(b)
            if hueIndex >= 0 { fixHues(&from[hueIndex], &to[hueIndex], method: spec.hue) }
            from = premultiplied(from, hueIndex: hueIndex)
            to = premultiplied(to, hueIndex: hueIndex)
            return (from, to)
        }
    }

    /// The colour as a vector, with components still missing (on both sides of a pair) counted as zero.
    private static func filled(_ color: InterpolationColor) -> SIMD4<Double> {
        var v = SIMD4(color.components.x, color.components.y, color.components.z, color.alpha)
        if color.missing.contains(.c0) { v.x = 0 }
        if color.missing.contains(.c1) { v.y = 0 }
        if color.missing.contains(.c2) { v.z = 0 }
        if color.missing.contains(.alpha) { v.w = 0 }
        return v
    }

    /// CSS Color 4 §12.4 hue fix-up for one interval.
    static func fixHues(_ a: inout Double, _ b: inout Double, method: HueInterpolation) {
        a = GeometryParameters.normalizedDegrees(a)
        b = GeometryParameters.normalizedDegrees(b)
        let delta = b - a
        switch method {
        case .shorter:
            if delta > 180 { a += 360 } else if delta < -180 { b += 360 }
        case .longer:
            if delta > 0 && delta < 180 { a += 360 } else if delta > -180 && delta <= 0 { b += 360 }
        case .increasing:
            if delta < 0 { b += 360 }
        case .decreasing:
            if delta > 0 { a += 360 }
        }
    }

    /// The colour at `t` (stop-position units) as premultiplied sRGB in 0…1, after the spread is applied.
    /// `segmentHint` speeds up lookups along a row; any value is valid.
    @inline(__always)
    func color(at t: Double, segmentHint: inout Int) -> SIMD4<Double> {
        if let solidColor { return solidColor }
        var u = t
        switch spread {
        case .pad:
            break
        case .transparent:
            if !(u >= first && u <= last) { return SIMD4() }
        case .repeating:
            let period = last - first
            let offset = u - first
            u = first + (offset - (offset / period).rounded(.down) * period)
        case .reflect:
            let period = last - first
            let turns = (u - first) / period
            let whole = turns.rounded(.down)
            var fraction = turns - whole
            if whole.truncatingRemainder(dividingBy: 2) != 0 { fraction = 1 - fraction }
            u = first + fraction * period
        }
        return toPremultipliedSRGB(interpolated(at: u, segmentHint: &segmentHint))
    }

    /// The premultiplied interpolation-space colour at `t`, padding outside the stops.
    @inline(__always)
    func interpolated(at t: Double, segmentHint: inout Int) -> SIMD4<Double> {
        if !(t >= first) { return firstColor }
        if t >= last { return lastColor }
        var index = min(max(segmentHint, 0), segments.count - 1)
        while index > 0 && t < segments[index].start { index -= 1 }
        while index < segments.count - 1 && t >= segments[index].end { index += 1 }
        segmentHint = index
        let segment = segments[index]
        let length = segment.end - segment.start
        guard length > 0 else { return segment.to }
        var weight = (t - segment.start) / length
        if segment.hintCase != 0.5 {
            weight = segment.hintCase == 0 ? 1 : 0
        } else if segment.hintExponent != 1 {
            weight = ElementaryMath.pow(weight, segment.hintExponent)
        }
        return segment.from + (segment.to - segment.from) * weight
    }

    /// Converts a premultiplied interpolation-space colour to premultiplied, clipped, gamma-encoded sRGB.
    @inline(__always)
    func toPremultipliedSRGB(_ color: SIMD4<Double>) -> SIMD4<Double> {
        let alpha = min(max(color.w, 0), 1)
        if space == .srgb {
            let rgb = SIMD3(color.x, color.y, color.z)
            let clipped = rgb.replacing(with: 0, where: rgb .< 0).replacing(with: alpha, where: rgb .> alpha)
            return SIMD4(clipped, alpha)
        }
        guard alpha > 0 else { return SIMD4() }
        var components = SIMD3(color.x, color.y, color.z) / alpha
        if hueIndex >= 0 { components[hueIndex] = color[hueIndex] }
        let rgb = space.toSRGB(components)
        let clipped = rgb.replacing(with: 0, where: rgb .< 0).replacing(with: 1, where: rgb .> 1)
        return SIMD4(clipped * alpha, alpha)
    }

    /// The average premultiplied sRGB colour of the stops spread evenly over one period (CSS's rule for repeating
    /// gradients whose period is zero), integrated numerically in output space.
    func averageColor() -> SIMD4<Double> {
        let samplesPerSegment = 1024
        var sum = SIMD4<Double>()
        for segment in segments {
            for sample in 0..<samplesPerSegment {
                let weight = (Double(sample) + 0.5) / Double(samplesPerSegment)
                sum += toPremultipliedSRGB(segment.from + (segment.to - segment.from) * weight)
            }
        }
        return sum / Double(samplesPerSegment * segments.count)
    }
}

/// Multiplies every component but the hue by alpha.
@inline(__always)
func premultiplied(_ color: SIMD4<Double>, hueIndex: Int) -> SIMD4<Double> {
    var result = color * color.w
    result.w = color.w
    if hueIndex >= 0 { result[hueIndex] = color[hueIndex] }
    return result
}
