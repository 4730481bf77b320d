/// Per-pixel evaluation of a ``ColorRamp``: the spread, the interval search and the conversion to premultiplied
/// sRGB, over an unsafe view of the segments so that the row loops run without reference counting or bounds checks.
struct RampLookup {
    let segments: UnsafeBufferPointer<ColorRamp.Segment>
    let firstColor: SIMD4<Double>
    let lastColor: SIMD4<Double>
    let space: ColorSpace
    let hueIndex: Int
    let first: Double
    let last: Double
    let period: Double
    let inversePeriod: Double
    let spread: Spread
    let isSRGB: Bool

    init(ramp: ColorRamp, segments: UnsafeBufferPointer<ColorRamp.Segment>) {
        self.segments = segments
        firstColor = ramp.firstColor
        lastColor = ramp.lastColor
        space = ramp.space
        hueIndex = ramp.hueIndex
        first = ramp.first
        last = ramp.last
        period = ramp.last - ramp.first
        inversePeriod = period > 0 ? 1 / period : 0
        spread = ramp.spread
        isSRGB = ramp.space == .srgb
    }

    /// The colour at `t` (stop-position units) as premultiplied sRGB, after the spread is applied. Channels may
    /// stray outside [0, alpha] by rounding; pixel encoders clamp them. Not for degenerate ramps (one stop or a
    /// zero period): those render as a solid colour without lookups.
    /// `segmentHint` speeds up lookups along a row; any value is valid.
    @inline(__always)
    func color(at t: Double, segmentHint: inout Int) -> SIMD4<Double> {
        var u = t
        switch spread {
        case .pad:
            break
        case .transparent:
            if !(u >= first && u <= last) { return SIMD4() }
        case .repeating:
            let offset = (u - first) * inversePeriod
            u = first + (offset - offset.rounded(.down)) * period
        case .reflect:
            let turns = (u - first) * inversePeriod
            let whole = turns.rounded(.down)
            var fraction = turns - whole
            if whole.truncatingRemainder(dividingBy: 2) != 0 { fraction = 1 - fraction }
            u = first + fraction * period
        }
        let color = interpolated(at: u, segmentHint: &segmentHint)
        // sRGB needs no conversion; every pixel encoder clamps channels to [0, alpha].
        return isSRGB ? color : ColorRamp.toPremultipliedSRGB(color, space: space, hueIndex: hueIndex)
    }

    /// The premultiplied interpolation-space colour at `t`, padding outside the stops.
    @inline(__always)
    func interpolated(at t: Double, segmentHint: inout Int) -> SIMD4<Double> {
        if !(t >= first) { return firstColor }
        if t >= last { return lastColor }
        let segment = segments[segmentIndex(containing: t, segmentHint: &segmentHint)]
        if segment.inverseLength == 0 { return segment.to }
        let weight = (t - segment.start) * segment.inverseLength
        return segment.from + segment.delta * weight
    }

    /// The interval holding `t`, for `first ≤ t < last`, searched from `segmentHint` (updated to the result).
    @inline(__always)
    func segmentIndex(containing t: Double, segmentHint: inout Int) -> Int {
        let count = segments.count
        var index = segmentHint >= 0 && segmentHint < count ? segmentHint : 0
        while index > 0 && t < segments[index].start { index -= 1 }
        while index < count - 1 && t >= segments[index].end { index += 1 }
        segmentHint = index
        return index
    }
}
