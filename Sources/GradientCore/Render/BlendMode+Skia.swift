/// Eight lanes of one channel.
typealias Lanes = SIMD8<Float>

extension BlendMode {
    /// Blends premultiplied `source` onto premultiplied `backdrop` as Skia's raster pipeline stages for this mode
    /// do (`SkRasterPipeline_opts.h`, 32-bit floats): `srcover`, `multiply`, `screen`, the separable modes of its
    /// `BLEND_MODE` macros (colour channels by the formula, alpha source-over) and the non-separable `hue`,
    /// `saturation`, `color` and `luminosity` stages with their `set_sat`, `set_lum` and `clip_color`. These are
    /// CSS Compositing 1's formulas rewritten for premultiplied colours. Skia's `colorburn` and `colordodge` use an
    /// approximate reciprocal on x86; here the division is exact.
    func blended(_ source: PixelLanes, onto backdrop: PixelLanes) -> PixelLanes {
        let sa = source.alpha
        let da = backdrop.alpha
        switch self {
        case .normal:
            let keep = 1 - sa
            return PixelLanes(
                red: backdrop.red.multiplied(by: keep, adding: source.red),
                green: backdrop.green.multiplied(by: keep, adding: source.green),
                blue: backdrop.blue.multiplied(by: keep, adding: source.blue),
                alpha: da.multiplied(by: keep, adding: sa))
        case .multiply:
            func channel(_ s: Lanes, _ d: Lanes) -> Lanes { s * (1 - da) + d * (1 - sa) + s * d }
            return PixelLanes(
                red: channel(source.red, backdrop.red), green: channel(source.green, backdrop.green),
                blue: channel(source.blue, backdrop.blue), alpha: channel(sa, da))
        case .screen:
            func channel(_ s: Lanes, _ d: Lanes) -> Lanes { s + d - s * d }
            return PixelLanes(
                red: channel(source.red, backdrop.red), green: channel(source.green, backdrop.green),
                blue: channel(source.blue, backdrop.blue), alpha: channel(sa, da))
        case .hue, .saturation, .color, .luminosity:
            return nonSeparable(source, onto: backdrop)
        default:
            let formula = separableChannel
            return PixelLanes(
                red: formula(source.red, backdrop.red, sa, da), green: formula(source.green, backdrop.green, sa, da),
                blue: formula(source.blue, backdrop.blue, sa, da), alpha: da.multiplied(by: 1 - sa, adding: sa))
        }
    }

    /// The colour-channel formula of a separable mode (s, d premultiplied; sa, da the alphas).
    private var separableChannel: (Lanes, Lanes, Lanes, Lanes) -> Lanes {
        switch self {
        case .darken: return { s, d, sa, da in s + d - pointwiseMax(s * da, d * sa) }
        case .lighten: return { s, d, sa, da in s + d - pointwiseMin(s * da, d * sa) }
        case .difference: return { s, d, sa, da in s + d - 2 * pointwiseMin(s * da, d * sa) }
        case .exclusion: return { s, d, _, _ in s + d - 2 * (s * d) }
        case .colorBurn:
            return { s, d, sa, da in
                let general = sa * (da - pointwiseMin(da, (da - d) * sa / s)) + s * (1 - da) + d * (1 - sa)
                return general.replacing(with: d * (1 - sa), where: s .== 0).replacing(
                    with: d + s * (1 - da), where: d .== da)
            }
        case .colorDodge:
            return { s, d, sa, da in
                let general = sa * pointwiseMin(da, (d * sa) / (sa - s)) + s * (1 - da) + d * (1 - sa)
                return general.replacing(with: s + d * (1 - sa), where: s .== sa).replacing(
                    with: s * (1 - da), where: d .== 0)
            }
        case .hardLight:
            return { s, d, sa, da in
                let light = sa * da - 2 * ((da - d) * (sa - s))
                return s * (1 - da) + d * (1 - sa) + light.replacing(with: 2 * (s * d), where: s + s .<= sa)
            }
        case .overlay:
            return { s, d, sa, da in
                let light = sa * da - 2 * ((da - d) * (sa - s))
                return s * (1 - da) + d * (1 - sa) + light.replacing(with: 2 * (s * d), where: d + d .<= da)
            }
        case .softLight:
            return { s, d, sa, da in
                let m = (d / da).replacing(with: 0, where: .!(da .> 0))
                let s2 = s + s
                let m4 = 4 * m
                let darkSource = d * (sa + (s2 - sa) * (1 - m))
                let darkBackdrop = (m4 * m4 + m4) * (m - 1) + 7 * m
                var root = m
                for lane in 0..<8 { root[lane] = m[lane].squareRoot() }
                let lightBackdrop = root - m
                let lightSource =
                    d * sa + da * (s2 - sa) * lightBackdrop.replacing(with: darkBackdrop, where: 4 * d .<= da)
                return s * (1 - da) + d * (1 - sa) + lightSource.replacing(with: darkSource, where: s2 .<= sa)
            }
        default: return { s, d, sa, _ in d.multiplied(by: 1 - sa, adding: s) }
        }
    }

    /// Skia's `hue`, `saturation`, `color` and `luminosity` stages.
    private func nonSeparable(_ source: PixelLanes, onto backdrop: PixelLanes) -> PixelLanes {
        let (r, g, b, a) = (source.red, source.green, source.blue, source.alpha)
        let (dr, dg, db, da) = (backdrop.red, backdrop.green, backdrop.blue, backdrop.alpha)
        var (red, green, blue): (Lanes, Lanes, Lanes)
        switch self {
        case .hue:
            (red, green, blue) = (r * a, g * a, b * a)
            Self.setSaturation(&red, &green, &blue, Self.saturation(dr, dg, db) * a)
            Self.setLuminosity(&red, &green, &blue, Self.luminosity(dr, dg, db) * a)
        case .saturation:
            (red, green, blue) = (dr * a, dg * a, db * a)
            Self.setSaturation(&red, &green, &blue, Self.saturation(r, g, b) * da)
            Self.setLuminosity(&red, &green, &blue, Self.luminosity(dr, dg, db) * a)
        case .color:
            (red, green, blue) = (r * da, g * da, b * da)
            Self.setLuminosity(&red, &green, &blue, Self.luminosity(dr, dg, db) * a)
        default:
            (red, green, blue) = (dr * a, dg * a, db * a)
            Self.setLuminosity(&red, &green, &blue, Self.luminosity(r, g, b) * da)
        }
        Self.clipColor(&red, &green, &blue, a * da)
        return PixelLanes(
            red: r * (1 - da) + dr * (1 - a) + red, green: g * (1 - da) + dg * (1 - a) + green,
            blue: b * (1 - da) + db * (1 - a) + blue, alpha: a + da - a * da)
    }

    private static func saturation(_ r: Lanes, _ g: Lanes, _ b: Lanes) -> Lanes {
        pointwiseMax(r, pointwiseMax(g, b)) - pointwiseMin(r, pointwiseMin(g, b))
    }

    /// `lum` = 0.30 r + 0.59 g + 0.11 b, as Skia's fused multiply-adds.
    private static func luminosity(_ r: Lanes, _ g: Lanes, _ b: Lanes) -> Lanes {
        r.multiplied(by: Lanes(repeating: 0.30), adding: g.multiplied(by: Lanes(repeating: 0.59), adding: b * 0.11))
    }

    private static func setSaturation(_ r: inout Lanes, _ g: inout Lanes, _ b: inout Lanes, _ s: Lanes) {
        let low = pointwiseMin(r, pointwiseMin(g, b))
        let high = pointwiseMax(r, pointwiseMax(g, b))
        let range = high - low
        func scaled(_ c: Lanes) -> Lanes { ((c - low) * s / range).replacing(with: 0, where: range .== 0) }
        (r, g, b) = (scaled(r), scaled(g), scaled(b))
    }

    private static func setLuminosity(_ r: inout Lanes, _ g: inout Lanes, _ b: inout Lanes, _ l: Lanes) {
        let difference = l - luminosity(r, g, b)
        r += difference
        g += difference
        b += difference
    }

    private static func clipColor(_ r: inout Lanes, _ g: inout Lanes, _ b: inout Lanes, _ a: Lanes) {
        let low = pointwiseMin(r, pointwiseMin(g, b))
        let high = pointwiseMax(r, pointwiseMax(g, b))
        let l = luminosity(r, g, b)
        let clipsLow = (low .< 0) .& (l .!= low)
        let clipsHigh = (high .> a) .& (l .!= high)
        func clipped(_ channel: Lanes) -> Lanes {
            var c = channel.replacing(with: l + (channel - l) * l / (l - low), where: clipsLow)
            c.replace(with: l + (c - l) * (a - l) / (high - l), where: clipsHigh)
            return c.replacing(with: 0, where: c .< 0)
        }
        (r, g, b) = (clipped(r), clipped(g), clipped(b))
    }
}
