/// A spec's colour (already in the interpolation space) written as CSS text that parses back to the same
/// components: the space's own function (`oklab()`, `lch()`, `hsl()`…), hex for whole-byte sRGB, `rgb()` for
/// other in-gamut sRGB, `color()` for the predefined spaces (`srgb-linear` among them), and `oklab()` where sRGB's
/// functions would clamp (sRGB outside 0…1). Missing components are `none`, but for the hue of an lch or oklch colour of chroma at
/// most 0.02, which is written as the sRGB colour it was converted from.
enum CSSColorText {
    /// The text of a stop's colour in the space it was written in (``GradientStop/writtenSpace``), which Chromium
    /// converts from there as the spec's stop was converted: the components the spec keeps as written (`written`,
    /// with every component present), else recovered from `color`. A colour recovered with missing components, or
    /// one written in sRGB that sRGB cannot hold, is written in the interpolation space `space`.
    static func text(
        _ color: InterpolationColor, space: ColorSpace, writtenSpace: ColorSpace, written: SIMD3<Double>? = nil
    ) -> (text: String, isLegacy: Bool) {
        guard writtenSpace != space, written != nil || color.missing.intersection([.c0, .c1, .c2]).isEmpty else {
            return text(color, space: space)
        }
        var components = written ?? writtenSpace.fromSRGB(space.toSRGB(color.components))
        if writtenSpace == .srgb {
            components = SkiaStopColor.snappedToBytes(components, tolerance: SkiaStopColor.byteTolerance)
        }
        let converted = Quantized.color(
            InterpolationColor(components: components, alpha: color.alpha, missing: color.missing.intersection(.alpha)))
        if writtenSpace == .srgb
            && !(0..<3).allSatisfy({ converted.components[$0] >= 0 && converted.components[$0] <= 1 })
        {
            return text(color, space: space)
        }
        return text(converted, space: writtenSpace)
    }

    /// The text, and whether CSS counts it as a legacy colour (which makes `srgb` the default space).
    static func text(_ color: InterpolationColor, space: ColorSpace) -> (text: String, isLegacy: Bool) {
        let c = color.components
        let missing = color.missing
        func part(_ index: Int, _ value: Double, _ suffix: String = "") -> String {
            missing.contains(.component(index)) ? "none" : CSSNumber.text(value) + suffix
        }
        let alpha = alphaSuffix(color)
        switch space {
        case .srgb:
            let inGamut = (0..<3).allSatisfy { c[$0] >= 0 && c[$0] <= 1 }
            guard inGamut else { return (oklab(color, from: .srgb), false) }
            if missing.isEmpty, let hex = hex(c, alpha: color.alpha) { return (hex, true) }
            func channel(_ index: Int) -> String {
                missing.contains(.component(index)) ? "none" : byteScale(c[index])
            }
            let text = "rgb(\(channel(0)) \(channel(1)) \(channel(2))\(alpha))"
            return (text, true)
        case .hsl:
            return ("hsl(\(part(0, c.x)) \(part(1, c.y * 100, "%")) \(part(2, c.z * 100, "%"))\(alpha))", true)
        case .hwb:
            return ("hwb(\(part(0, c.x)) \(part(1, c.y * 100, "%")) \(part(2, c.z * 100, "%"))\(alpha))", true)
        case .oklab, .lab:
            return ("\(space.rawValue)(\(part(0, c.x)) \(part(1, c.y)) \(part(2, c.z))\(alpha))", false)
        case .oklch, .lch:
            if missing.intersection([.c0, .c1, .c2]) == .c2, c.y <= ColorSpace.achromaticChroma {
                // Chromium draws `oklch(1 0 none)` and the same colour converted from sRGB differently (its own
                // conversions, ``BlinkStopColor``); the ramp draws the converted one, so the text is that colour.
                return ("color(srgb \(convertedChannels(c, space: space))\(alpha))", false)
            }
            return ("\(space.rawValue)(\(part(0, c.x)) \(part(1, c.y)) \(part(2, c.z))\(alpha))", false)
        case .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020, .xyzD50, .xyzD65:
            return ("color(\(space.rawValue) \(part(0, c.x)) \(part(1, c.y)) \(part(2, c.z))\(alpha))", false)
        }
    }

    /// The sRGB channels of an lch or oklch colour `c` (its hue ignored) with the fewest decimals that convert back
    /// to the same lightness and chroma on the spec's grid (a chroma of at most 0.02, so the hue is missing again).
    private static func convertedChannels(_ c: SIMD3<Double>, space: ColorSpace) -> String {
        let rgb = space.toSRGB(SIMD3(c.x, c.y, 0))
        for decimals in 0...12 {
            let texts = (0..<3).map { CSSNumber.fixed(rgb[$0], decimals: decimals) }
            let parsed = texts.compactMap(Double.init)
            guard parsed.count == 3 else { continue }
            let back = space.fromSRGB(SIMD3(parsed[0], parsed[1], parsed[2]))
            if Quantized.value(back.x) == c.x && Quantized.value(back.y) == c.y && back.y <= ColorSpace.achromaticChroma
            {
                return texts.joined(separator: " ")
            }
        }
        return "\(CSSNumber.text(rgb.x)) \(CSSNumber.text(rgb.y)) \(CSSNumber.text(rgb.z))"
    }

    /// ` / alpha` (or ` / none`), nothing when opaque.
    private static func alphaSuffix(_ color: InterpolationColor) -> String {
        if color.missing.contains(.alpha) { return " / none" }
        return color.alpha == 1 ? "" : " / " + CSSNumber.text(color.alpha)
    }

    /// A 0…1 channel on the 0…255 scale of `rgb()`, with the fewest decimals (up to 6) that read back as the same
    /// channel on the spec's grid.
    private static func byteScale(_ value: Double) -> String {
        for decimals in 0...6 {
            let text = CSSNumber.fixed(value * 255, decimals: decimals)
            if let parsed = Double(text), Quantized.value(parsed / 255) == value { return text }
        }
        return CSSNumber.text(value * 255)
    }

    /// `#rrggbb` or `#rrggbbaa` when every channel is a whole byte on the spec's grid.
    private static func hex(_ c: SIMD3<Double>, alpha: Double) -> String? {
        var bytes: [Int] = []
        for value in [c.x, c.y, c.z, alpha] {
            let byte = (value * 255).rounded()
            guard Quantized.value(byte / 255) == value else { return nil }
            bytes.append(Int(byte))
        }
        if bytes[3] == 255 { bytes.removeLast() }
        let digits = Array("0123456789abcdef")
        return "#" + String(bytes.flatMap { [digits[$0 >> 4], digits[$0 & 15]] })
    }

    /// The colour converted to OKLab (components in `space`, missing ones counted as 0; alpha kept).
    private static func oklab(_ color: InterpolationColor, from space: ColorSpace) -> String {
        var components = color.components
        for index in 0..<3 where color.missing.contains(.component(index)) { components[index] = 0 }
        let lab = ColorSpace.oklab.fromSRGB(space.toSRGB(components))
        let alpha = alphaSuffix(color)
        return "oklab(\(CSSNumber.text(lab.x)) \(CSSNumber.text(lab.y)) \(CSSNumber.text(lab.z))\(alpha))"
    }
}
