/// A ramp as Chromium's renderer evaluates it: Skia's gradient stage in 32-bit floats, where each interval's colour
/// is `t · factor + bias` with the factor and bias precomputed per interval (`SkGradientBaseShader`).
///
/// `t` here is Skia's normalised gradient parameter: the stop positions, normalised by Blink to 0…1 when they leave
/// that range or the gradient repeats, with implicit stops at 0 and 1 as Skia adds them. Colours are premultiplied,
/// in the interpolation space.
struct FloatRamp {
    /// How Skia looks up an interval.
    enum Lookup {
        /// Evenly spaced stops (`evenly_spaced_gradient`, or `evenly_spaced_2_stop_gradient` for two): the interval
        /// is `trunc(t · (count − 1))` of a clamped `t`.
        case evenlySpaced(count: Int)
        /// Arbitrary stops (`gradient`): the interval is the number of thresholds at or below `t`.
        case positioned
    }

    let lookup: Lookup
    let spread: Spread
    /// Whether every stop is opaque (Skia then skips un-premultiplying and premultiplying around conversions).
    let isOpaque: Bool
    /// From the interpolated lanes to the image's colour (``ColorRamp/gamut``).
    let conversion: OutputConversion
    /// Interval starts for the positioned lookup; entry 0 is unused (interval 0 is the colour before the stops).
    let thresholds: [Float]
    /// Per interval: red, green, blue, alpha factors.
    let factors: [SIMD4<Float>]
    /// Per interval: red, green, blue, alpha biases.
    let biases: [SIMD4<Float>]
    /// ``factors`` and ``biases`` as doubles, each value twice (interval × 4 + channel): the operands of the
    /// double-precision multiply-add that mirrors Skia's fused one, loaded as they are used.
    let wideFactors: [SIMD2<Double>]
    let wideBiases: [SIMD2<Double>]
    /// Whether the tiling clamps `t` to 0…1 first (Skia clamps only evenly spaced stops).
    var clampsT: Bool {
        if case .evenlySpaced = lookup { return true }
        return false
    }

    /// `t` in stop units maps to `(t − offset) · scale` (Blink's normalisation), or nil when it is the identity.
    let normalisation: (offset: Double, scale: Double)?

    /// The stages of `ramp`; `isRadial` when it is drawn by a radial gradient, whose stops all at one position past
    /// the end are drawn as Blink and Skia draw them.
    init(ramp: ColorRamp, isRadial: Bool = false) {
        spread = ramp.spread
        isOpaque = ramp.segments.allSatisfy { $0.from.w == 1 && $0.to.w == 1 }
        conversion = OutputConversion(space: ramp.space, isOpaque: isOpaque, gamut: ramp.gamut)
        // Skia holds saturation, lightness, whiteness and blackness in percent.
        let units: SIMD4<Double> = ramp.space == .hsl || ramp.space == .hwb ? SIMD4(1, 100, 100, 1) : SIMD4(1, 1, 1, 1)
        var positions: [Double] = []
        var colors: [SIMD4<Double>] = []
        for segment in ramp.segments {
            if let last = colors.last, positions.last == segment.start, last == segment.from * units {
                // A shared stop.
            } else {
                positions.append(segment.start)
                colors.append(segment.from * units)
            }
            positions.append(segment.end)
            colors.append(segment.to * units)
        }
        let first = positions.first ?? 0
        let last = positions.last ?? 1
        let repeats = ramp.spread == .repeating || ramp.spread == .reflect || ramp.spread == .transparent
        let span = Float(last) - Float(first)
        if repeats || first < 0 || last > 1, span > 0, (1 / span).isFinite {
            normalisation = (first, 1 / Double(span))
            positions = positions.map { Double((Float($0) - Float(first)) / span) }
        } else if isRadial, !repeats, span == 0, last > 1 {
            // Blink moves the radius to the stops (`circle 16px, red 30px, blue` has radius 30px) and Skia draws the
            // first colour inside that circle and the last outside it.
            normalisation = (0, 1 / last)
            positions = positions.map { _ in 1 }
        } else {
            normalisation = nil
        }
        let intervals = Self.intervals(of: zip(positions, colors).map { (Float($0.0), SIMD4<Float>($0.1)) })
        lookup = intervals.lookup
        thresholds = intervals.thresholds
        factors = intervals.factors
        biases = intervals.biases
        wideFactors = Self.widened(intervals.factors)
        wideBiases = Self.widened(intervals.biases)
    }

    /// How Skia looks up the interval of `normalisedStops` (position, premultiplied colour) and each interval's
    /// factor and bias. Without stops, two zero intervals: the rasterizer draws such a ramp as its solid colour.
    private static func intervals(
        of normalisedStops: [(Float, SIMD4<Float>)]
    ) -> (lookup: Lookup, thresholds: [Float], factors: [SIMD4<Float>], biases: [SIMD4<Float>]) {
        var stops = normalisedStops
        guard !stops.isEmpty else { return (.evenlySpaced(count: 2), [], [.zero, .zero], [.zero, .zero]) }
        if let head = stops.first, head.0 > 0 { stops.insert((0, head.1), at: 0) }
        if let tail = stops.last, tail.0 != 1 { stops.append((1, tail.1)) }
        var previous: Float = 0
        for index in stops.indices {
            let pinned = index == stops.count - 1 ? 1 : min(max(stops[index].0, previous), 1)
            stops[index].0 = pinned
            previous = pinned
        }
        let step = stops.count > 1 ? stops[1].0 - stops[0].0 : 0
        let uniform = (1..<stops.count).allSatisfy { abs(stops[$0].0 - stops[$0 - 1].0 - step) <= 1 / 4096 }
        if uniform && stops.count >= 2 {
            let gapCount = Float(stops.count - 1)
            var factors: [SIMD4<Float>] = []
            var biases: [SIMD4<Float>] = []
            for index in 0..<(stops.count - 1) {
                let factor = (stops[index + 1].1 - stops[index].1) * gapCount
                factors.append(factor)
                biases.append(stops[index].1 - factor * (Float(index) / gapCount))
            }
            factors.append(.zero)
            biases.append(stops[stops.count - 1].1)
            return (.evenlySpaced(count: stops.count), [], factors, biases)
        }
        let count = stops.count
        let firstStop = count > 2 && stops[0].1 == stops[1].1 ? 1 : 0
        let lastStop = count > 2 && stops[count - 2].1 == stops[count - 1].1 ? count - 2 : count - 1
        var thresholds: [Float] = [0]
        var factors: [SIMD4<Float>] = [.zero]
        var biases: [SIMD4<Float>] = [stops[firstStop].1]
        var left = stops[firstStop]
        for index in firstStop..<lastStop {
            let right = stops[index + 1]
            if left.0 < right.0 {
                let scale = 1 / (right.0 - left.0)
                if scale.isFinite {
                    let factor = (right.1 - left.1) * scale
                    thresholds.append(left.0)
                    factors.append(factor)
                    biases.append(left.1 - factor * left.0)
                }
            }
            left = right
        }
        thresholds.append(left.0)
        factors.append(.zero)
        biases.append(left.1)
        return (.positioned, thresholds, factors, biases)
    }

    /// Each channel of each interval as a double, twice.
    private static func widened(_ values: [SIMD4<Float>]) -> [SIMD2<Double>] {
        values.flatMap { value in
            [value.x, value.y, value.z, value.w].map { SIMD2<Double>(repeating: Double($0)) }
        }
    }
}
