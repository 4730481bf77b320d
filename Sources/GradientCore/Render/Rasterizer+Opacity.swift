extension Rasterizer {
    /// How ``Rasterizer/isOpaque`` is decided.
    enum OpacityRule {
        /// Opaque only when every stop is (and the spread is not `none`): the rule before ``visibleStops``, which
        /// meshes still follow since their colours are not looked up by `t`; tests render by it to check the other.
        case everyStop
        /// Opaque too when every interval of the ramp that the image's range of `t` meets has an alpha of exactly 1
        /// (``Shader/showsOnlyOpaqueColors(of:width:height:)``): a translucent stop past the end of the gradient line,
        /// or beyond the farthest corner, draws no pixel and need not make the image RGBA.
        case visibleStops
    }
}

extension Rasterizer.Shader {
    /// Whether every pixel centre of a `width` × `height` image gets an alpha of exactly 1 from `stages`: a solid
    /// colour whose alpha is 1, or a gradient whose range of `t` (``parameterRange(width:height:)``) meets only
    /// intervals of opaque colours (``FloatRamp/isOpaque(over:)``). False for a mesh.
    func showsOnlyOpaqueColors(of stages: FloatRamp, width: Int, height: Int) -> Bool {
        if case .solid(let lanes, _) = self { return lanes.alpha == SIMD8(repeating: 1) }
        guard let range = parameterRange(width: width, height: height) else { return false }
        return stages.isOpaque(over: range)
    }

    /// Bounds `t` over the pixel centres, widened by ``roundingAllowance`` of the magnitudes the 32-bit arithmetic
    /// adds (each pixel's `t` is within a few float roundings of the exact value, about 10⁻⁷ of them); nil for a
    /// mesh, or when a bound is not a modest finite number.
    func parameterRange(width: Int, height: Int) -> ClosedRange<Double>? {
        let firstX = 0.5
        let lastX = Double(width) - 0.5
        let firstY = 0.5
        let lastY = Double(height) - 0.5
        let low: Double
        let high: Double
        let magnitude: Double
        switch self {
        case .solid, .mesh:
            return nil
        case .linear(let m0, let m2, let m4):
            let (m0, m2, m4) = (Double(m0), Double(m2), Double(m4))
            let across = (firstX * m0, lastX * m0)
            let down = (firstY * m2, lastY * m2)
            low = min(across.0, across.1) + min(down.0, down.1) + m4
            high = max(across.0, across.1) + max(down.0, down.1) + m4
            magnitude = abs(m0) * lastX + abs(m2) * lastY + abs(m4)
        case .radial(let scaleX, let offsetX, let scaleY, let offsetY, let tScale, let tBias):
            let xs = (firstX * Double(scaleX) + Double(offsetX), lastX * Double(scaleX) + Double(offsetX))
            let ys = (firstY * Double(scaleY) + Double(offsetY), lastY * Double(scaleY) + Double(offsetY))
            let nearest = (Self.distanceFromZero(xs), Self.distanceFromZero(ys))
            let farthest = (max(abs(xs.0), abs(xs.1)), max(abs(ys.0), abs(ys.1)))
            func t(at point: (Double, Double)) -> Double {
                (point.0 * point.0 + point.1 * point.1).squareRoot() * Double(tScale) + Double(tBias)
            }
            let (nearestT, farthestT) = (t(at: nearest), t(at: farthest))
            low = min(nearestT, farthestT)
            high = max(nearestT, farthestT)
            let coordinates = farthest.0 + farthest.1 + abs(Double(offsetX)) + abs(Double(offsetY))
            magnitude = coordinates * abs(Double(tScale)) + abs(Double(tBias))
        case .conic(_, let tScale, let tBias):
            // Any angle, from 0 to 1 turn: the centre may lie inside the image.
            let ends = (Double(tBias), Double(tScale) + Double(tBias))
            low = min(ends.0, ends.1)
            high = max(ends.0, ends.1)
            magnitude = abs(Double(tScale)) + abs(Double(tBias))
        }
        let allowance = Self.roundingAllowance * (1 + magnitude + abs(low) + abs(high))
        guard allowance.isFinite, abs(low) + abs(high) < Self.largestBoundedParameter else { return nil }
        return (low - allowance)...(high + allowance)
    }

    /// The widening of ``parameterRange(width:height:)`` per unit of magnitude: a thousand times a float's relative
    /// rounding (2⁻²⁴), so that no pixel's `t` can fall outside the range by rounding.
    static let roundingAllowance = 1e-4

    /// Bounds beyond which ``parameterRange(width:height:)`` gives up (Skia's `floor` of `t` is exact below 2²²).
    static let largestBoundedParameter = Double(1 << 22)

    /// The distance from 0 to the interval between the two values of `ends`.
    private static func distanceFromZero(_ ends: (Double, Double)) -> Double {
        let low = min(ends.0, ends.1)
        let high = max(ends.0, ends.1)
        if low > 0 { return low }
        if high < 0 { return -high }
        return 0
    }
}

extension FloatRamp {
    /// Whether every `t` in `range` (before tiling) gets an alpha of exactly 1: every interval the tiled range meets
    /// has an alpha factor of 0 and bias of 1, so that `t · 0 + 1` is 1 for every finite `t`. Repeating tiling with a
    /// range of a period or more, mirroring, and decal tiling (transparent outside 0…1) meet every interval.
    func isOpaque(over range: ClosedRange<Double>) -> Bool {
        if spread == .transparent { return false }
        if isOpaque { return true }
        var low = range.lowerBound
        var high = range.upperBound
        switch spread {
        case .pad:
            break
        case .repeating:
            let period = low.rounded(.down)
            if high - period < 1 {
                low -= period
                high -= period
            } else {
                (low, high) = (0, 1)
            }
        case .reflect, .transparent:
            (low, high) = (0, 1)
        }
        if clampsT || spread != .pad {
            low = min(max(low, 0), 1)
            high = min(max(high, 0), 1)
        }
        let intervals: ClosedRange<Int>
        switch lookup {
        case .evenlySpaced(let count) where count == 2:
            intervals = 0...0
        case .evenlySpaced(let count):
            // trunc(t · (count − 1)) and the compared lookup agree but at a boundary: one interval more each side.
            let gaps = Double(count - 1)
            intervals =
                max(0, Int((low * gaps).rounded(.down)) - 1)...min(count - 1, Int((high * gaps).rounded(.down)) + 1)
        case .positioned:
            let starts = thresholds.dropFirst()
            intervals = starts.count { Double($0) <= low }...starts.count { Double($0) <= high }
        }
        return intervals.allSatisfy { factors[$0].w == 0 && biases[$0].w == 1 }
    }
}
