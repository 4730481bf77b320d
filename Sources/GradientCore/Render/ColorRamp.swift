/// A spec's stops as intervals of colours in the interpolation space (premultiplied, hues fixed up per the hue
/// method), from which ``FloatRamp`` builds what the rasterizer evaluates.
///
/// Colour hints are drawn as Chromium draws them: Blink replaces each hint by nine colour stops on the CSS hint
/// curve (`ReplaceColorHintsWithColorStops`), so every interval here is a plain linear blend.
///
/// Interpolation in `xyz-d50` or `xyz-d65` is drawn as Blink draws it, in linear-light sRGB (`kSRGBLinear`): the
/// stops are converted after their missing components are resolved in XYZ, and since both maps are linear, the
/// premultiplied blend is the same.
///
/// Degenerate cases: one stop gives a solid colour; a zero-length period under `repeat`/`reflect` gives the
/// gradient's average colour, as CSS.
struct ColorRamp {
    struct Segment {
        var start: Double
        var end: Double
        var from: SIMD4<Double>
        var to: SIMD4<Double>
        /// `to − from`.
        var delta: SIMD4<Double>
        /// `1 / (end − start)`, or 0 for a zero-length interval.
        var inverseLength: Double

        init(start: Double, end: Double, from: SIMD4<Double>, to: SIMD4<Double>) {
            self.start = start
            self.end = end
            self.from = from
            self.to = to
            delta = to - from
            inverseLength = end > start ? 1 / (end - start) : 0
        }
    }

    let space: ColorSpace
    let hueIndex: Int
    let spread: Spread
    /// The colour space of the image the rasterizer writes (``toPremultipliedOutput(_:)``); sRGB for SVG and CSS.
    let gamut: OutputGamut
    private(set) var segments: [Segment] = []
    let first: Double
    let last: Double
    private(set) var firstColor = SIMD4<Double>()
    private(set) var lastColor = SIMD4<Double>()
    /// The premultiplied colour in ``gamut`` for every pixel when the period is zero, or nil.
    private(set) var solidColor: SIMD4<Double>? = nil
    /// What Skia paints, in ``gamut``, for a repeating or reflected gradient on a degenerate shape
    /// (``skiaDegenerateAverage()``).
    private(set) var degenerateAverage = SIMD4<Double>()

    init(spec: GradientSpec) {
        space = spec.space.isXYZ ? .srgbLinear : spec.space
        hueIndex = spec.space.hueIndex ?? -1
        spread = spec.spread
        gamut = spec.gamut
        first = spec.stops.first?.position ?? 0
        last = spec.stops.last?.position ?? 0
        let resolved = Self.resolvedPairs(spec)
        if resolved.isEmpty {
            let only = spec.stops.first?.color ?? InterpolationColor(components: .zero, alpha: 0, missing: [])
            firstColor = premultiplied(Self.drawn(Self.filled(only), from: spec.space), hueIndex: hueIndex)
            lastColor = firstColor
            solidColor = toPremultipliedOutput(firstColor)
            return
        }
        for (index, pair) in resolved.enumerated() {
            let start = spec.stops[index].position
            let end = spec.stops[index + 1].position
            if let hint = spec.stops[index].hintToNext, let blink = pair.blink {
                segments += Self.convertedHintSegments(
                    start: start, hint: hint, end: end, pair: pair, blink: blink, space: spec.space, method: spec.hue)
            } else if let hint = spec.stops[index].hintToNext {
                segments += Self.hintSegments(start: start, hint: hint, end: end, from: pair.from, to: pair.to)
            } else {
                segments.append(Segment(start: start, end: end, from: pair.from, to: pair.to))
            }
        }
        if let padding = Self.blinkPadding(spec, firstStop: segments[0].from, hueIndex: hueIndex) {
            segments.insert(padding, at: 0)
        }
        if let clamped = Self.blinkClampedStart(spec, hueIndex: hueIndex),
            let crossing = segments.lastIndex(where: { $0.start < 0 })
        {
            segments.replaceSubrange(0...crossing, with: [clamped])
        }
        firstColor = segments[0].from
        lastColor = segments[segments.count - 1].to
        degenerateAverage = skiaDegenerateAverage()
        if spread == .repeating || spread == .reflect, !(last - first > 1e-9) {
            solidColor = averageColor(in: gamut)
        }
    }

    /// The intervals Blink draws for a colour hint at `hint` between stops at `start` and `end`
    /// (``BlinkHintStops``), blended here in the interpolation space.
    static func hintSegments(
        start: Double, hint: Double, end: Double, from: SIMD4<Double>, to: SIMD4<Double>
    ) -> [Segment] {
        switch BlinkHintStops.replacement(start: start, hint: hint, end: end) {
        case .linear:
            return [Segment(start: start, end: end, from: from, to: to)]
        case .hardStop(let toNext):
            let color = toNext ? to : from
            return [
                Segment(start: start, end: hint, from: from, to: color),
                Segment(start: hint, end: end, from: color, to: to),
            ]
        case .stops(let stops):
            var points: [(Double, SIMD4<Double>)] = [(start, from)]
            points += stops.map { ($0.position, from + (to - from) * $0.weight) }
            points.append((end, to))
            return (0..<(points.count - 1)).map {
                Segment(start: points[$0].0, end: points[$0 + 1].0, from: points[$0].1, to: points[$0 + 1].1)
            }
        }
    }

    /// The intervals Chromium draws for a colour hint in a space other than sRGB: Blink blends the nine stops from
    /// its own colours of the pair (``ChromiumPolarStop``) and hands each to Skia in sRGB, Skia converts each back
    /// and interpolates every interval on its own; in a polar space a stop of powerless hue takes its neighbour's,
    /// hues fixed up by `method` interval by interval.
    private static func convertedHintSegments(
        start: Double, hint: Double, end: Double, pair: ResolvedPair, blink: (SIMD4<Double>, SIMD4<Double>),
        space: ColorSpace, method: HueInterpolation
    ) -> [Segment] {
        let replacement = BlinkHintStops.replacement(start: start, hint: hint, end: end)
        guard let hueIndex = space.hueIndex else {
            guard case .stops(let stops) = replacement else {
                return hintSegments(start: start, hint: hint, end: end, from: pair.from, to: pair.to)
            }
            var points: [(Double, SIMD4<Double>)] = [(start, pair.from)]
            for stop in stops {
                let color = ChromiumPolarStop.blend(
                    blink.0, blink.1, weight: stop.weight, method: method, hueIndex: nil)
                let srgb = BlinkStopColor.skColor(space: space, components: SIMD3(color.x, color.y, color.z))
                let skia = SkiaStopColor.components(fromSRGB: srgb, space: space)
                points.append((stop.position, premultiplied(SIMD4(skia, color.w), hueIndex: -1)))
            }
            points.append((end, pair.to))
            return (0..<(points.count - 1)).map {
                Segment(start: points[$0].0, end: points[$0 + 1].0, from: points[$0].1, to: points[$0 + 1].1)
            }
        }
        let lightnessFirst = space == .oklch || space == .lch
        let from = unpremultiplied(pair.from, hueIndex: hueIndex)
        let to = unpremultiplied(pair.to, hueIndex: hueIndex)
        // A Blink colour (straight components and alpha) as Skia receives it: through sRGB, back into `space`.
        func skiaStop(_ color: SIMD4<Double>) -> SIMD4<Double> {
            let srgb = BlinkStopColor.skColor(space: space, components: SIMD3(color.x, color.y, color.z))
            return SIMD4(SkiaStopColor.components(fromSRGB: srgb, space: space), color.w)
        }
        // A stop Blink holds without a hue reaches Skia twice, with the hue its neighbour holds on each side: the
        // hue held by the neighbouring hint stop, `left` or `right`, else by the pair's end on that side.
        func sides(
            _ color: SIMD4<Double>, left: Double?, right: Double?
        ) -> (left: SIMD4<Double>, right: SIMD4<Double>) {
            guard let ends = pair.hueOfEnds else { return (skiaStop(color), skiaStop(color)) }
            var (leftColor, rightColor) = (color, color)
            leftColor[hueIndex] = left ?? ends.start
            rightColor[hueIndex] = right ?? ends.end
            return (skiaStop(leftColor), skiaStop(rightColor))
        }
        var points: [(position: Double, left: SIMD4<Double>, right: SIMD4<Double>)] = [(start, from, from)]
        switch replacement {
        case .linear:
            return hintSegments(start: start, hint: hint, end: end, from: pair.from, to: pair.to)
        case .hardStop(let toNext):
            // Blink's stop at the hint is a copy of one neighbour: an interval between two equal colours, which a
            // `longer hue` turns once round the hue circle.
            if pair.hueOfEnds != nil {
                let copy = sides(toNext ? blink.1 : blink.0, left: nil, right: nil)
                points.append((hint, copy.left, copy.right))
            } else {
                points.append((hint, toNext ? to : from, toNext ? to : from))
            }
        case .stops(let stops):
            // A blend of two colours without a hue holds none (0).
            let colors = stops.map {
                var color = ChromiumPolarStop.blend(
                    blink.0, blink.1, weight: $0.weight, method: method, hueIndex: hueIndex)
                if pair.hueOfEnds != nil { color[hueIndex] = 0 }
                return color
            }
            for (index, color) in colors.enumerated() {
                let side = sides(
                    color, left: index == 0 ? nil : colors[index - 1][hueIndex],
                    right: index == colors.count - 1 ? nil : colors[index + 1][hueIndex])
                points.append((stops[index].position, side.left, side.right))
            }
        }
        points.append((end, to, to))
        let powerless = space == .oklch ? SkiaStopColor.powerlessChroma : SkiaStopColor.powerlessLabChroma
        return (0..<(points.count - 1)).map { index in
            var from = points[index].right
            var to = points[index + 1].left
            // Skia gives a stop of powerless hue the hue of its neighbour on each side.
            if lightnessFirst && from.y <= powerless {
                from.z = to.z
            } else if lightnessFirst && to.y <= powerless {
                to.z = from.z
            }
            fixHues(&from[hueIndex], &to[hueIndex], method: method)
            return Segment(
                start: points[index].position, end: points[index + 1].position,
                from: premultiplied(from, hueIndex: hueIndex), to: premultiplied(to, hueIndex: hueIndex))
        }
    }

    /// The interval Blink adds from 0 to a first stop past 0 (`Gradient::FillSkiaStops`, not for `longer hue` nor a
    /// gradient Blink normalises): from the first colour as written, handed to Skia without the conversion into the
    /// interpolation space that the stop itself takes, to the stop. The two differ by float noise, through which
    /// `increasing` or `decreasing hue` can turn once round the circle, and by a near-grey's hue, which the stop
    /// drops (chroma under 0.02) and takes from its neighbour while the colour as written keeps it, and by a `none`,
    /// which Blink's colour as written holds as 0; nil where Blink adds nothing. Stops that all lie at one
    /// position past 1 are ones Blink normalises to stops at 1 (`NormalizeAndAddStops`, its span 0): a linear or
    /// conic gradient is padded from 0 to 1; a radial one gets radii equal to that position
    /// (`AdjustGradientRadiiForOffsetRange`), which Skia draws as the padding colour alone out to it
    /// (`MakeTwoPointConical` of equal radii).
    private static func blinkPadding(_ spec: GradientSpec, firstStop: SIMD4<Double>, hueIndex: Int) -> Segment? {
        guard spec.spread == .pad, spec.hue != .longer, let stop = spec.stops.first, stop.position > 0,
            let last = spec.stops.last,
            !spec.space.isXYZ, spec.space != .srgb
        else { return nil }
        let normalisedToOne = last.position == stop.position && stop.position > 1
        guard last.position <= 1 || normalisedToOne else { return nil }
        let srgb = SkiaStopColor.writtenSRGB(stop.color.components, space: spec.space, written: stop.written)
        let converted = SkiaStopColor.converted(fromSRGB: srgb, space: spec.space)
        var from = SIMD4(converted.components, stop.color.alpha)
        var to = unpremultiplied(firstStop, hueIndex: hueIndex)
        if hueIndex >= 0 {
            // Skia gives a stop of powerless hue the hue of its neighbour.
            if converted.isHuePowerless { from[hueIndex] = to[hueIndex] }
            fixHues(&from[hueIndex], &to[hueIndex], method: spec.hue)
        }
        if normalisedToOne, case .radial = spec.geometry {
            let padding = premultiplied(from, hueIndex: hueIndex)
            return Segment(start: 0, end: stop.position, from: padding, to: padding)
        }
        return Segment(
            start: 0, end: min(stop.position, 1), from: premultiplied(from, hueIndex: hueIndex),
            to: premultiplied(to, hueIndex: hueIndex))
    }

    /// Blink's `ClampNegativeOffsets` for a radial gradient that does not repeat, in a space with a hue: the last stop
    /// before 0 moves to 0 with the colour Blink blends there (`Color::InterpolateColors`, along the hue method), which
    /// Skia receives in sRGB, and the interval from it to the next stop has its hues fixed up afresh, which can turn
    /// the other way round the circle (`longer hue`). Nil when no interval crosses 0, or when the two stops carry a
    /// hint or miss one component both; without a space written, spec resolution clamps in sRGB as Blink does.
    private static func blinkClampedStart(_ spec: GradientSpec, hueIndex: Int) -> Segment? {
        guard case .radial = spec.geometry, spec.spread == .pad, hueIndex >= 0,
            let index = spec.stops.firstIndex(where: { $0.position >= 0 }), index > 0, spec.stops[index].position > 0
        else { return nil }
        let (a, b) = (spec.stops[index - 1], spec.stops[index])
        guard a.hintToNext == nil, a.color.missing.intersection(b.color.missing).isEmpty else { return nil }
        let space = spec.space
        let ownA = SkiaStopColor.blinkComponents(a.color.components, space: space, written: a.written)
        var ownB = SIMD3<Double>(SkiaStopColor.blinkComponents(b.color.components, space: space, written: b.written))
        var blinkA = SIMD4(SIMD3<Double>(ownA), a.color.alpha)
        var blinkB = SIMD4(ownB, b.color.alpha)
        // A component missing on one side is the other's (`SubstituteMissingParameters`).
        let flags: [MissingComponents] = [.c0, .c1, .c2, .alpha]
        for (component, flag) in flags.enumerated() {
            if a.color.missing.contains(flag) { blinkA[component] = blinkB[component] }
            if b.color.missing.contains(flag) { blinkB[component] = blinkA[component] }
        }
        let (last, next) = (Float(a.position), Float(b.position))
        let ratio = -last / (next - last)
        let blend = ChromiumPolarStop.blend(blinkA, blinkB, weight: Double(ratio), method: spec.hue, hueIndex: hueIndex)
        let start = SkiaStopColor.converted(
            fromSRGB: BlinkStopColor.skColor(space: space, components: SIMD3(blend.x, blend.y, blend.z)), space: space)
        // The next stop, when Blink holds it without a hue, takes the clamped stop's (`FillSkiaStops`).
        if b.color.missing.contains(.c2) { ownB[hueIndex] = blend[hueIndex] }
        let end =
            space == .oklch || space == .lch
            ? SkiaStopColor.converted(fromSRGB: BlinkStopColor.skColor(space: space, components: ownB), space: space)
            : SkiaStopColor.converted(b.color.components, space: space, written: b.written)
        var from = SIMD4(start.components, blend.w)
        var to = SIMD4(end.components, blinkB.w)
        // Skia gives a stop of powerless hue the hue of its neighbour.
        if start.isHuePowerless {
            from[hueIndex] = to[hueIndex]
        } else if end.isHuePowerless {
            to[hueIndex] = from[hueIndex]
        }
        fixHues(&from[hueIndex], &to[hueIndex], method: spec.hue)
        return Segment(
            start: 0, end: b.position, from: premultiplied(from, hueIndex: hueIndex),
            to: premultiplied(to, hueIndex: hueIndex))
    }

    /// A premultiplied colour made straight again; a hue at `hueIndex` (none when negative) is not premultiplied.
    private static func unpremultiplied(_ color: SIMD4<Double>, hueIndex: Int) -> SIMD4<Double> {
        guard color.w != 0 else { return color }
        var result = color / color.w
        result.w = color.w
        if hueIndex >= 0 { result[hueIndex] = color[hueIndex] }
        return result
    }

    /// Two adjacent stops as the ramp draws them (premultiplied, hues fixed up) and, in a polar space, as Blink
    /// holds them (straight components and alpha), from which a hint between them is blended.
    private struct ResolvedPair {
        var from: SIMD4<Double>
        var to: SIMD4<Double>
        var blink: (SIMD4<Double>, SIMD4<Double>)?
        /// In a polar space, when a hint's stops hold no hue (neither end does, or the hint copies an end that does
        /// not): each end's hue as Blink converted it, which the hint stop beside that end takes.
        var hueOfEnds: (start: Double, end: Double)? = nil
    }

    /// Each adjacent pair of stops with missing components filled from the other, hues fixed up and premultiplied.

    private static func resolvedPairs(_ spec: GradientSpec) -> [ResolvedPair] {
        guard spec.stops.count > 1 else { return [] }
        let hueIndex = spec.space.hueIndex ?? -1
        return (0..<(spec.stops.count - 1)).map { index in
            var a = spec.stops[index].color
            var b = spec.stops[index + 1].color
            let written = (spec.stops[index].written, spec.stops[index + 1].written)
            let hueMissing = (a.missing.contains(.c2), b.missing.contains(.c2))
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
            var blink: (SIMD4<Double>, SIMD4<Double>)? = nil
            var hueOfEnds: (start: Double, end: Double)? = nil
            var powerless = (false, false)
            let space = spec.space
            if space == .oklch || space == .lch {
                let ownA = SkiaStopColor.blinkComponents(a.components, space: space, written: written.0)
                let ownB = SkiaStopColor.blinkComponents(b.components, space: space, written: written.1)
                // Blink blends a hint's stops with a missing hue filled with the other colour's own
                // (`SubstituteMissingParameters`): equal to the bit, which `longer hue` turns once round the circle
                // the increasing way; missing on both sides, the hue stays missing (0).
                var (blinkA, blinkB) = (ownA, ownB)
                if hueMissing.0 { blinkA.z = hueMissing.1 ? 0 : ownB.z }
                if hueMissing.1 { blinkB.z = hueMissing.0 ? 0 : ownA.z }
                blink = (SIMD4(SIMD3<Double>(blinkA), a.alpha), SIMD4(SIMD3<Double>(blinkB), b.alpha))
                // Each stop reaches Skia through Blink's conversion of its own colour back to sRGB; one Blink holds
                // without a hue takes the hue its neighbour holds (`ResolveStopColorWithMissingParams`): the other
                // stop's as Blink converted it, the blend's next to a hint's stops, the copied end's next to a copy.
                var neighbours = (ownB, ownA)
                let replacement = spec.stops[index].hintToNext.map {
                    BlinkHintStops.replacement(
                        start: spec.stops[index].position, hint: $0, end: spec.stops[index + 1].position)
                }
                switch replacement {
                case .stops(let stops)?:
                    if let first = stops.first, let last = stops.last, let blink {
                        let hue = { (weight: Double) -> Float in
                            guard !(hueMissing.0 && hueMissing.1) else { return 0 }
                            let blend = ChromiumPolarStop.blend(
                                blink.0, blink.1, weight: weight, method: spec.hue, hueIndex: 2)
                            return Float(blend.z)
                        }
                        neighbours = (SIMD3(ownB.x, ownB.y, hue(first.weight)), SIMD3(ownA.x, ownA.y, hue(last.weight)))
                    }
                    // Missing on both sides, neither hue was filled: each end's own is the hue Blink holds.
                    if hueMissing.0 && hueMissing.1 { hueOfEnds = (Double(ownA.z), Double(ownB.z)) }
                case .hardStop(let toNext)?:
                    // The hue Blink holds for each end as it left a missing one, before the other's filled it: 0 for
                    // `none`, as converted for a grey.
                    let held = (
                        SkiaStopColor.blinkComponents(
                            spec.stops[index].color.components, space: space, written: written.0),
                        SkiaStopColor.blinkComponents(
                            spec.stops[index + 1].color.components, space: space, written: written.1)
                    )
                    neighbours = toNext ? (held.1, held.1) : (held.0, held.0)
                    if toNext ? hueMissing.1 : hueMissing.0 { hueOfEnds = (Double(held.0.z), Double(held.1.z)) }
                case .linear?, nil:
                    break
                }
                func skiaStop(own: SIMD3<Float>, missing: Bool, neighbour: SIMD3<Float>) -> SkiaStopColor.Converted {
                    let resolved = SIMD3<Double>(SIMD3(own.x, own.y, missing ? neighbour.z : own.z))
                    return SkiaStopColor.converted(
                        fromSRGB: BlinkStopColor.skColor(space: space, components: resolved), space: space)
                }
                let convertedA = skiaStop(own: ownA, missing: hueMissing.0, neighbour: neighbours.0)
                let convertedB = skiaStop(own: ownB, missing: hueMissing.1, neighbour: neighbours.1)
                (a.components, powerless.0) = (convertedA.components, convertedA.isHuePowerless)
                (b.components, powerless.1) = (convertedB.components, convertedB.isHuePowerless)
                // Each hue is resolved now, a missing one on both sides included (each from the other's own).
                a.missing.remove(.c2)
                b.missing.remove(.c2)
            } else if space != .srgb {
                // Blink's own colours are blended only for a hint's stops.
                if spec.stops[index].hintToNext != nil {
                    let blinkA = SkiaStopColor.blinkComponents(a.components, space: space, written: written.0)
                    let blinkB = SkiaStopColor.blinkComponents(b.components, space: space, written: written.1)
                    blink = (SIMD4(SIMD3<Double>(blinkA), a.alpha), SIMD4(SIMD3<Double>(blinkB), b.alpha))
                }
                let convertedA = SkiaStopColor.converted(a.components, space: space, written: written.0)
                let convertedB = SkiaStopColor.converted(b.components, space: space, written: written.1)
                (a.components, powerless.0) = (convertedA.components, convertedA.isHuePowerless)
                (b.components, powerless.1) = (convertedB.components, convertedB.isHuePowerless)
            }
            // Skia gives a stop of powerless hue the hue of its neighbour.
            if hueIndex >= 0 && powerless.0 {
                a.components[hueIndex] = b.components[hueIndex]
            } else if hueIndex >= 0 && powerless.1 {
                b.components[hueIndex] = a.components[hueIndex]
            }
            // The converted components are what Skia draws (XYZ already as linear-light sRGB); in sRGB, Blink's
            // colours: bytes as `k / 255`, colours written in other spaces as Blink converts them.
            var from = space == .srgb ? Self.blinkSRGB(filled(a), written: written.0) : filled(a)
            var to = space == .srgb ? Self.blinkSRGB(filled(b), written: written.1) : filled(b)
            if hueIndex >= 0 { fixHues(&from[hueIndex], &to[hueIndex], method: spec.hue) }
            from = premultiplied(from, hueIndex: hueIndex)
            to = premultiplied(to, hueIndex: hueIndex)
            return ResolvedPair(from: from, to: to, blink: blink, hueOfEnds: hueOfEnds)
        }
    }

    /// An sRGB stop as Blink hands it to Skia: ``snappedToBytes(_:)`` when written in sRGB, else its components as
    /// Blink converts them from the colour as written (the alpha snapped alike).
    private static func blinkSRGB(_ color: SIMD4<Double>, written: WrittenColor) -> SIMD4<Double> {
        let snapped = snappedToBytes(color)
        guard written.space != .srgb else { return snapped }
        let components = SkiaStopColor.blinkSRGB(
            SIMD3(color.x, color.y, color.z), space: .srgb, written: written)
        return SIMD4(components, snapped.w)
    }

    /// Components within the spec's rounding of a multiple of 1/255 become that byte's value as Chromium holds it,
    /// `Float(k) / 255` in 32-bit floats (a spec keeps 6 decimals, which moves 8-bit colours off Skia's floats).
    private static func snappedToBytes(_ color: SIMD4<Double>) -> SIMD4<Double> {
        var result = color
        for index in 0..<4 {
            let scaled = color[index] * 255
            let byte = scaled.rounded()
            if abs(scaled - byte) <= 0.6e-6 * 255, byte >= 0, byte <= 255 {
                result[index] = Double(Float(byte) / 255)
            }
        }
        return result
    }

    /// A colour in `space` as the ramp draws it: XYZ becomes linear-light sRGB, other spaces stay as they are.
    private static func drawn(_ color: SIMD4<Double>, from space: ColorSpace) -> SIMD4<Double> {
        guard space.isXYZ else { return color }
        let linear = Matrix3.xyzToLinearSRGB(
            ColorConversion.predefinedToXYZ(SIMD3(color.x, color.y, color.z), space: space))
        return SIMD4(linear, color.w)
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

    /// CSS Color 4 §12.4 hue fix-up for one interval, the hues first taken to 0…360.
    static func fixHues(_ a: inout Double, _ b: inout Double, method: HueInterpolation) {
        a = ElementaryMath.normalizedDegrees(a)
        b = ElementaryMath.normalizedDegrees(b)
        applyHueMethod(&a, &b, method: method)
    }

    /// The hue fix-up's turn by 360° of one hue as `method` asks, on the hues as given (Blink's
    /// `Color::HueInterpolation` applies it in floats to hues it has not normalised).
    static func applyHueMethod<Value: BinaryFloatingPoint>(_ a: inout Value, _ b: inout Value, method: HueInterpolation)
    {
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

    /// The premultiplied interpolation-space colour at `t`, padding outside the stops: the exact ramp in doubles
    /// (the rasterizer evaluates ``FloatRamp`` as Chromium does).
    func interpolated(at t: Double) -> SIMD4<Double> {
        guard let head = segments.first, let tail = segments.last else { return firstColor }
        if !(t >= head.start) { return firstColor }
        if t >= tail.end { return lastColor }
        let segment = segments.last { $0.start <= t } ?? head
        if segment.inverseLength == 0 { return segment.to }
        return segment.from + segment.delta * ((t - segment.start) * segment.inverseLength)
    }

    /// Converts a premultiplied interpolation-space colour to premultiplied, clipped, gamma-encoded sRGB.
    func toPremultipliedSRGB(_ color: SIMD4<Double>) -> SIMD4<Double> {
        Self.toPremultipliedSRGB(color, space: space, hueIndex: hueIndex)
    }

    /// Converts a premultiplied interpolation-space colour to the premultiplied, clipped colour of the image in
    /// ``gamut``.
    func toPremultipliedOutput(_ color: SIMD4<Double>) -> SIMD4<Double> {
        Self.toPremultipliedOutput(color, space: space, hueIndex: hueIndex, gamut: gamut)
    }

    /// Converts a premultiplied colour in `space` (hue, at `hueIndex`, not premultiplied) to premultiplied, clipped,
    /// gamma-encoded `gamut`: Display P3 from the unclipped sRGB coordinates, so that colours beyond sRGB survive.
    @inline(__always)
    static func toPremultipliedOutput(
        _ color: SIMD4<Double>, space: ColorSpace, hueIndex: Int, gamut: OutputGamut
    ) -> SIMD4<Double> {
        if space == .srgb && gamut == .srgb { return clippedPremultipliedSRGB(color) }
        let alpha = min(max(color.w, 0), 1)
        guard alpha > 0 else { return SIMD4() }
        var components = SIMD3(color.x, color.y, color.z) / alpha
        if hueIndex >= 0 { components[hueIndex] = color[hueIndex] }
        var rgb = space.toSRGB(components)
        if gamut == .displayP3 { rgb = ColorSpace.displayP3.fromSRGB(rgb) }
        return SIMD4(min(max(rgb.x, 0), 1) * alpha, min(max(rgb.y, 0), 1) * alpha, min(max(rgb.z, 0), 1) * alpha, alpha)
    }

    /// Converts a premultiplied colour in `space` (hue, at `hueIndex`, not premultiplied) to premultiplied,
    /// clipped, gamma-encoded sRGB.
    @inline(__always)
    static func toPremultipliedSRGB(_ color: SIMD4<Double>, space: ColorSpace, hueIndex: Int) -> SIMD4<Double> {
        toPremultipliedOutput(color, space: space, hueIndex: hueIndex, gamut: .srgb)
    }

    /// A premultiplied sRGB colour with alpha clamped to [0, 1] and channels to [0, alpha].
    @inline(__always)
    static func clippedPremultipliedSRGB(_ color: SIMD4<Double>) -> SIMD4<Double> {
        let alpha = min(max(color.w, 0), 1)
        return SIMD4(min(max(color.x, 0), alpha), min(max(color.y, 0), alpha), min(max(color.z, 0), alpha), alpha)
    }

    /// The colour Skia paints for a repeating gradient it finds degenerate (a zero-length line, an ending shape of
    /// zero width or height) whose stops still span a period: `average_gradient_color` of
    /// `MakeDegenerateGradient`, the mean of the stops' unpremultiplied sRGB colours over the period, each interval
    /// weighted by its share of the period (the stops replacing hints included). The stops are averaged as Blink
    /// hands them to Skia, in sRGB without clipping (a colour outside sRGB pulls the average past the gamut's
    /// edge), and only the average is clipped, as Skia's colour shader stores it. Returned premultiplied.
    /// In Display P3 (``gamut``), the average is converted before it is clipped.
    private func skiaDegenerateAverage() -> SIMD4<Double> {
        guard last > first else { return SIMD4() }
        func straight(_ color: SIMD4<Double>) -> SIMD4<Double> {
            let alpha = min(max(color.w, 0), 1)
            guard alpha > 0 else { return SIMD4() }
            var components = SIMD3(color.x, color.y, color.z) / alpha
            if hueIndex >= 0 { components[hueIndex] = color[hueIndex] }
            let rgb = space == .srgb ? components : space.toSRGB(components)
            return SIMD4(rgb.x, rgb.y, rgb.z, alpha)
        }
        var sum = SIMD4<Double>()
        for segment in segments {
            sum +=
                (straight(segment.from) + straight(segment.to)) * (0.5 * (segment.end - segment.start) / (last - first))
        }
        if gamut == .displayP3 {
            let p3 = ColorSpace.displayP3.fromSRGB(SIMD3(sum.x, sum.y, sum.z))
            sum = SIMD4(p3, sum.w)
        }
        return Self.clippedPremultipliedSRGB(premultiplied(sum, hueIndex: -1))
    }

    /// The average premultiplied colour in `gamut` (sRGB by default) of the stops spread evenly over one period
    /// (CSS's rule for repeating gradients whose period is zero), integrated numerically in output space.
    func averageColor(in gamut: OutputGamut = .srgb) -> SIMD4<Double> {
        let samplesPerSegment = 1024
        var sum = SIMD4<Double>()
        for segment in segments {
            for sample in 0..<samplesPerSegment {
                let weight = (Double(sample) + 0.5) / Double(samplesPerSegment)
                sum += Self.toPremultipliedOutput(
                    segment.from + segment.delta * weight, space: space, hueIndex: hueIndex, gamut: gamut)
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
