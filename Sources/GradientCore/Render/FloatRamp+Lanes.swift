extension FloatRamp {
    /// The pixel centres' offsets from a chunk's first pixel: Skia's `seed_shader` iota.
    static let pixelCentres = SIMD8<Float>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)

    /// Renders a row eight pixels at a time, with `parameter` giving each pixel's `t` and `offsets` what is added
    /// to its channels (dither, grain).
    @inline(__always)
    func renderRow<E: PixelEncoder, P: RowParameter, O: ChannelOffsets>(
        _ row: UnsafeMutablePointer<UInt8>, width: Int, offsets: O, _ parameter: P, _: E.Type
    ) {
        withTables { tables in
            if spread == .pad, conversion.isIdentity, case .evenlySpaced(let count) = lookup,
                count <= Self.comparedIntervalLimit
            {
                // The commonest ramps (a few evenly spaced stops, clamped, in sRGB) get loops of their own. Two stops
                // get theirs with the count a constant, so that the interval lookup compiles away (one loop for
                // every count took about 17 % more of the card's rasterizing instructions).
                if count == 2 {
                    renderFewStopsRow(row, width: width, count: 2, offsets: offsets, parameter, tables, E.self)
                } else {
                    renderFewStopsRow(row, width: width, count: count, offsets: offsets, parameter, tables, E.self)
                }
                return
            }
            var x = 0
            while x < width {
                let centers = SIMD8<Float>(repeating: Float(x)) + Self.pixelCentres
                let color = color(at: parameter.t(atCenters: centers), tables, orderedLanes: P.hasOrderedLanes)
                E.store(
                    color, offset: offsets.offsets(x: x), count: min(8, width - x),
                    to: row + x * E.bytesPerPixel)
                x += 8
            }
        }
    }

    /// The row loop of ``colorOfFewStops(_:count:_:opaque:ordered:)``.
    @inline(__always)
    private func renderFewStopsRow<E: PixelEncoder, P: RowParameter, O: ChannelOffsets>(
        _ row: UnsafeMutablePointer<UInt8>, width: Int, count: Int, offsets: O, _ parameter: P, _ tables: Tables,
        _: E.Type
    ) {
        var x = 0
        while x < width {
            let centers = SIMD8<Float>(repeating: Float(x)) + Self.pixelCentres
            let color = Self.colorOfFewStops(
                parameter.t(atCenters: centers), count: count, tables, opaque: isOpaque, ordered: P.hasOrderedLanes)
            E.store(color, offset: offsets.offsets(x: x), count: min(8, width - x), to: row + x * E.bytesPerPixel)
            x += 8
        }
    }

    /// Calls `body` with unsafe views of the tables.
    @inline(__always)
    func withTables<Result>(_ body: (Tables) -> Result) -> Result {
        factors.withUnsafeBufferPointer { factors in
            biases.withUnsafeBufferPointer { biases in
                thresholds.withUnsafeBufferPointer { thresholds in
                    wideFactors.withUnsafeBufferPointer { wideFactors in
                        wideBiases.withUnsafeBufferPointer { wideBiases in
                            body(
                                Tables(
                                    factors: factors, biases: biases, thresholds: thresholds, wideFactors: wideFactors,
                                    wideBiases: wideBiases))
                        }
                    }
                }
            }
        }
    }

    /// The colour at each lane's `t`, for occasional use (vertical rows).
    func color(at t: SIMD8<Float>) -> PixelLanes {
        withTables { color(at: t, $0) }
    }

    /// Unsafe views of the tables, so that the row loop runs without reference counting or bounds checks.
    struct Tables {
        let factors: UnsafeBufferPointer<SIMD4<Float>>
        let biases: UnsafeBufferPointer<SIMD4<Float>>
        let thresholds: UnsafeBufferPointer<Float>
        let wideFactors: UnsafeBufferPointer<SIMD2<Double>>
        let wideBiases: UnsafeBufferPointer<SIMD2<Double>>
    }

    /// Skia's stages after the gradient's `t`: tiling (`clamp_x_1`, `repeat_x_1`, `mirror_x_1`, decal), the
    /// interval's `t · factor + bias` (a fused multiply-add), then the conversion from the interpolation space to
    /// the premultiplied output colour (sRGB, or Display P3: ``conversion``).
    /// `orderedLanes` when `rawT` never decreases or never increases from lane to lane.
    @inline(__always)
    func color(at rawT: SIMD8<Float>, _ tables: Tables, orderedLanes: Bool = false) -> PixelLanes {
        var t = rawT
        var outside = SIMDMask<SIMD8<Int32>>(repeating: false)
        switch spread {
        case .pad:
            if clampsT { t = Self.clamped(t) }
        case .repeating:
            t = Self.clamped(t - Self.floor(t))
        case .reflect:
            let shifted = t - 1
            let mirrored = shifted - 2 * Self.floor(shifted * 0.5) - 1
            t = Self.clamped(mirrored.replacing(with: -mirrored, where: mirrored .< 0))
        case .transparent:
            outside = .!((t .>= 0) .& (t .<= 1))
            if clampsT { t = Self.clamped(t) }
        }
        // Clamping and decal keep the lanes in order; repeating and mirroring do not.
        let ordered = orderedLanes && (spread == .pad || spread == .transparent)
        var color: PixelLanes
        switch lookup {
        case .evenlySpaced(let count):
            if count == 2 {
                color = Self.lerp(t, interval: 0, tables, opaque: isOpaque)
            } else if count <= Self.comparedIntervalLimit {
                color = Self.gathered(
                    t, index: Self.comparedInterval(t, count: count), tables, opaque: isOpaque, ordered: ordered)
            } else {
                // Skia's trunc(t · (count − 1)) of a t clamped to 0…1, read from the float's mantissa.
                let whole = Self.floor(t * Float(count - 1)) + 12_582_912
                let index = unsafeBitCast(
                    unsafeBitCast(whole, to: SIMD8<UInt32>.self) & 0x3F_FFFF, to: SIMD8<Int32>.self)
                color = Self.gathered(t, index: index, tables, opaque: isOpaque, ordered: ordered)
            }
        case .positioned:
            var index = SIMD8<Int32>()
            for stop in 1..<tables.thresholds.count {
                index &+= SIMD8<Int32>().replacing(with: 1, where: t .>= tables.thresholds[stop])
            }
            color = Self.gathered(t, index: index, tables, opaque: isOpaque, ordered: ordered)
        }
        if !conversion.isIdentity { conversion.apply(&color) }
        if spread == .transparent && any(outside) {
            color.red.replace(with: 0, where: outside)
            color.green.replace(with: 0, where: outside)
            color.blue.replace(with: 0, where: outside)
            color.alpha.replace(with: 0, where: outside)
        }
        return color
    }

    /// The most evenly spaced stops whose interval is found by comparisons (at most four) rather than by truncating.
    static let comparedIntervalLimit = 5

    /// Skia's `trunc(t · (count − 1))` of a `t` clamped to 0…1, for at most ``comparedIntervalLimit`` stops: the
    /// number of whole numbers 1…count − 1 at or below it.
    @inline(__always)
    static func comparedInterval(_ t: SIMD8<Float>, count: Int) -> SIMD8<Int32> {
        let scaled = t * Float(count - 1)
        var index = SIMD8<Int32>().replacing(with: 1, where: scaled .>= 1)
        index &+= SIMD8<Int32>().replacing(with: 1, where: scaled .>= 2)
        if count > 3 { index &+= SIMD8<Int32>().replacing(with: 1, where: scaled .>= 3) }
        if count > 4 { index &+= SIMD8<Int32>().replacing(with: 1, where: scaled .>= 4) }
        return index
    }

    /// `floor(t)` lane by lane, exact for |t| < 2²² (rounding by adding and removing 1.5 × 2²³, then stepping down
    /// where that rounded up); larger values are left as they are, as floor leaves them.
    @inline(__always)
    static func floor(_ t: SIMD8<Float>) -> SIMD8<Float> {
        let rounded = (t + 12_582_912) - 12_582_912
        let floored = rounded.replacing(with: rounded - 1, where: rounded .> t)
        let large = t .> 4_194_304 .| t .< -4_194_304
        return floored.replacing(with: t, where: large)
    }

    @inline(__always)
    static func clamped(_ t: SIMD8<Float>) -> SIMD8<Float> {
        t.replacing(with: 0, where: .!(t .> 0)).replacing(with: 1, where: t .> 1)
    }

    /// `t · factor + bias` per channel with the factors and biases of `interval`; alpha is 1 without arithmetic when
    /// every stop is opaque (as Skia's `t · 0 + 1` is).
    @inline(__always)
    static func lerp(_ t: SIMD8<Float>, interval: Int, _ tables: Tables, opaque: Bool) -> PixelLanes {
        lerp(SIMD4<Double>(t.lowHalf), SIMD4<Double>(t.highHalf), interval: interval, tables, opaque: opaque)
    }

    /// ``lerp(_:interval:_:opaque:)`` of a `t` already widened to doubles (`low`: lanes 0…3, `high`: 4…7).
    @inline(__always)
    static func lerp(
        _ low: SIMD4<Double>, _ high: SIMD4<Double>, interval: Int, _ tables: Tables, opaque: Bool
    ) -> PixelLanes {
        let channels = interval &* 4
        let factors = tables.wideFactors
        let biases = tables.wideBiases
        @inline(__always)
        func channel(_ offset: Int) -> SIMD8<Float> {
            .multiplied(low, high, by: factors[channels &+ offset], adding: biases[channels &+ offset])
        }
        return PixelLanes(
            red: channel(0), green: channel(1), blue: channel(2), alpha: opaque ? SIMD8(repeating: 1) : channel(3))
    }

    /// The colour of a padded ramp of `count` (at most ``comparedIntervalLimit``) evenly spaced stops in sRGB at the
    /// unclamped `t`: what ``color(at:_:orderedLanes:)`` computes, in fewer instructions. The interval is counted
    /// on `t` itself (clamping changes no comparison with 1…count − 1), and when every lane is in one interval `t`
    /// is clamped on the doubles the multiply-add widens it to (the same values; clamping the floats there lets
    /// the compiler move the selects past the widening, into costly 64-bit masks), or not at all when every lane is
    /// inside 0…1 (one vector test).
    @inline(__always)
    static func colorOfFewStops(
        _ t: SIMD8<Float>, count: Int, _ tables: Tables, opaque: Bool, ordered: Bool
    ) -> PixelLanes {
        let interval: Int
        if count == 2 {
            interval = 0
        } else {
            let index = comparedInterval(t, count: count)
            guard isOneInterval(index, ordered: ordered) else {
                return gathered(clamped(t), index: index, tables, opaque: opaque, ordered: ordered)
            }
            interval = Int(index[0])
        }
        let inside = all((t .> 0) .& (t .<= 1))
        let low = inside ? SIMD4<Double>(t.lowHalf) : clampedWide(t.lowHalf)
        let high = inside ? SIMD4<Double>(t.highHalf) : clampedWide(t.highHalf)
        return lerp(low, high, interval: interval, tables, opaque: opaque)
    }

    /// `t` widened to doubles and clamped to 0…1 (0 for NaN), as ``clamped(_:)`` clamps the floats.
    @inline(__always)
    static func clampedWide(_ t: SIMD4<Float>) -> SIMD4<Double> {
        let wide = SIMD4<Double>(t)
        return wide.replacing(with: 0, where: .!(wide .> 0)).replacing(with: 1, where: wide .> 1)
    }

    /// Whether every lane's interval is the first lane's; `ordered` when the intervals never decrease or never
    /// increase from lane to lane, so that the first and last lanes tell.
    @inline(__always)
    static func isOneInterval(_ index: SIMD8<Int32>, ordered: Bool) -> Bool {
        if ordered { return index[0] == index[7] }
        // The OR of the differences' words, which compiles to vector code where comparing the vectors does not.
        let differences = unsafeBitCast(index ^ SIMD8(repeating: index[0]), to: (UInt64, UInt64, UInt64, UInt64).self)
        return differences.0 | differences.1 | differences.2 | differences.3 == 0
    }

    /// `t · factor + bias` with each lane's interval's factor and bias (one load when the chunk is in one interval).
    /// `ordered` when the lanes' intervals never decrease or never increase, so that the first and last lanes tell
    /// whether the chunk is in one interval.
    @inline(__always)
    static func gathered(
        _ t: SIMD8<Float>, index: SIMD8<Int32>, _ tables: Tables, opaque: Bool, ordered: Bool
    ) -> PixelLanes {
        if isOneInterval(index, ordered: ordered) {
            return lerp(t, interval: Int(index[0]), tables, opaque: opaque)
        }
        var factors = PixelLanes(red: .zero, green: .zero, blue: .zero, alpha: .zero)
        var biases = factors
        for lane in 0..<8 {
            let factor = tables.factors[Int(index[lane])]
            let bias = tables.biases[Int(index[lane])]
            factors.red[lane] = factor.x
            factors.green[lane] = factor.y
            factors.blue[lane] = factor.z
            factors.alpha[lane] = factor.w
            biases.red[lane] = bias.x
            biases.green[lane] = bias.y
            biases.blue[lane] = bias.z
            biases.alpha[lane] = bias.w
        }
        return PixelLanes(
            red: t.multiplied(by: factors.red, adding: biases.red),
            green: t.multiplied(by: factors.green, adding: biases.green),
            blue: t.multiplied(by: factors.blue, adding: biases.blue),
            alpha: opaque ? SIMD8(repeating: 1) : t.multiplied(by: factors.alpha, adding: biases.alpha))
    }
}
