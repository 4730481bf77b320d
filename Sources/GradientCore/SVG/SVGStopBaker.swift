/// Turns a layer's colour ramp into SVG stops: browsers interpolate SVG stops linearly in straight (not
/// premultiplied) sRGB, so every other interpolation space, hue method, premultiplied alpha and colour hint is
/// approximated by extra stops, as few as keep the drawn colour within ``tolerance`` of the exact curve.
///
/// The bound: each interval between two stops is split in half until, at 15 evenly spaced points inside it, the
/// straight-sRGB blend of its ends (premultiplied, as it is drawn) is within ``tolerance`` of the exact
/// premultiplied colour on every channel and alpha, or until it has been halved ``maximumDepth`` times (a 4096th of
/// the interval: where a channel meets the edge of the sRGB gamut the curve has a corner, which only a stop next to
/// it can follow), or until the layer holds ``maximumStops``. A stop's colour is then written to the byte (at most
/// 0.5/255 off) and its opacity to 4 decimals, so a drawn pixel is within 0.45/255 + 0.5/255 + 0.0001 < 1/255 of
/// the curve between the sampled points wherever neither limit was reached; `SVGExportTests` holds the stop counts
/// of the presets and of every space.
struct SVGStopBaker {
    /// One SVG stop: its offset along the SVG gradient vector (0 … 1) and its straight sRGB colour and opacity.
    struct Stop: Equatable {
        var offset: Double
        var color: SIMD4<Double>
    }

    /// A piece of the ramp laid on the SVG vector: `t` from `start` to `end` (in the layer's reference units) and
    /// the premultiplied interpolation-space colours at both ends, between which the ramp is linear.
    struct Piece {
        var start: Double
        var end: Double
        var from: SIMD4<Double>
        var to: SIMD4<Double>
    }

    /// Largest error allowed per premultiplied channel before the stop colours are rounded.
    static let tolerance = 0.45 / 255
    /// Most halvings of one interval (4,096 pieces).
    static let maximumDepth = 12
    /// Most stops of one layer.
    static let maximumStops = 4096
    /// Points inside an interval where the blend is compared with the curve.
    static let samples = 15

    let ramp: ColorRamp

    /// The stops that draw `pieces` (in order along the vector, covering `domain`) with the vector's offset 0 at
    /// `domain.lowerBound` and 1 at its upper bound.
    func stops(for pieces: [Piece], domain: ClosedRange<Double>) -> [Stop] {
        let length = domain.upperBound - domain.lowerBound
        var result: [Stop] = []
        var budget = Self.maximumStops - 2 * pieces.count
        for piece in pieces where piece.end >= piece.start {
            var points: [(t: Double, color: SIMD4<Double>)] = [(0, exact(piece, 0))]
            if piece.end > piece.start {
                bake(piece, 0, 1, depth: 0, budget: &budget, into: &points)
            } else {
                points.append((1, exact(piece, 1)))
            }
            for index in points.indices {
                let (s, premultiplied) = points[index]
                let neighbour = index == 0 ? points[min(1, points.count - 1)].color : points[index - 1].color
                let straight = Self.straight(premultiplied, neighbour: neighbour)
                let t = piece.start + (piece.end - piece.start) * s
                append(Stop(offset: (t - domain.lowerBound) / length, color: straight), to: &result)
            }
        }
        return result
    }

    /// Appends the end points of `piece`'s sub-intervals from `a` to `b` (not `a` itself) to `points`, halving the
    /// interval while the straight blend of its ends misses the curve and `budget` (stops the layer may still add)
    /// allows.
    private func bake(
        _ piece: Piece, _ a: Double, _ b: Double, depth: Int, budget: inout Int,
        into points: inout [(t: Double, color: SIMD4<Double>)]
    ) {
        let start = exact(piece, a)
        let end = exact(piece, b)
        if depth < Self.maximumDepth && budget > 0 && !blendFits(piece, a, b, start, end) {
            budget -= 1
            let middle = (a + b) / 2
            bake(piece, a, middle, depth: depth + 1, budget: &budget, into: &points)
            bake(piece, middle, b, depth: depth + 1, budget: &budget, into: &points)
            return
        }
        points.append((b, end))
    }

    /// Whether the straight-sRGB blend of `start` and `end` (premultiplied sRGB) is within ``tolerance`` of the
    /// curve at ``samples`` points between `a` and `b`.
    private func blendFits(
        _ piece: Piece, _ a: Double, _ b: Double, _ start: SIMD4<Double>, _ end: SIMD4<Double>
    ) -> Bool {
        let from = Self.straight(start, neighbour: end)
        let to = Self.straight(end, neighbour: start)
        for index in 1...Self.samples {
            let fraction = Double(index) / Double(Self.samples + 1)
            let blend = from + (to - from) * fraction
            let drawn = SIMD4(blend.x * blend.w, blend.y * blend.w, blend.z * blend.w, blend.w)
            let curve = exact(piece, a + (b - a) * fraction)
            let error = drawn - curve
            if max(max(abs(error.x), abs(error.y)), max(abs(error.z), abs(error.w))) > Self.tolerance {
                return false
            }
        }
        return true
    }

    /// The exact premultiplied, clipped sRGB colour at fraction `s` of `piece`.
    func exact(_ piece: Piece, _ s: Double) -> SIMD4<Double> {
        ramp.toPremultipliedSRGB(piece.from + (piece.to - piece.from) * s)
    }

    /// The straight colour of a premultiplied one; a transparent colour takes its neighbour's straight colour, so
    /// that a straight blend towards it fades that colour as a premultiplied blend does.
    static func straight(_ premultiplied: SIMD4<Double>, neighbour: SIMD4<Double>) -> SIMD4<Double> {
        let alpha = premultiplied.w
        guard alpha > 0 else {
            guard neighbour.w > 0 else { return SIMD4() }
            return SIMD4(neighbour.x / neighbour.w, neighbour.y / neighbour.w, neighbour.z / neighbour.w, 0)
        }
        return SIMD4(
            min(premultiplied.x / alpha, 1), min(premultiplied.y / alpha, 1), min(premultiplied.z / alpha, 1), alpha)
    }

    /// Appends `stop` unless the last stop is the same stop (same offset, same colour as written).
    private func append(_ stop: Stop, to stops: inout [Stop]) {
        if let last = stops.last, abs(last.offset - stop.offset) < 1e-9, Self.sameWritten(last.color, stop.color) {
            return
        }
        stops.append(stop)
    }

    /// Whether two straight colours are written identically (the same bytes and 4-decimal opacity).
    static func sameWritten(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Bool {
        let byteA = (a * 255).rounded(.toNearestOrAwayFromZero)
        let byteB = (b * 255).rounded(.toNearestOrAwayFromZero)
        return byteA.x == byteB.x && byteA.y == byteB.y && byteA.z == byteB.z
            && (a.w * 10_000).rounded() == (b.w * 10_000).rounded()
    }
}
