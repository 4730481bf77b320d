/// The role a component plays, for carrying missing components forward between spaces (CSS Color 4 §12.2).
enum ComponentRole: Equatable {
    case red, green, blue, lightness, colorfulness, hue, opposingA, opposingB
    /// A component analogous to nothing in another space (HWB's whiteness and blackness, HSL's lightness).
    case unique
}

extension ColorSpace {
    /// What each of the three components is, for carrying forward missing components.
    ///
    /// X, Y and Z count as reds, greens and blues, as CSS Color 4 §12.2 lists them. HSL's lightness is not treated as analogous to the perceptual L of Lab and OKLab.
    var componentRoles: (ComponentRole, ComponentRole, ComponentRole) {
        switch self {
        case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020, .xyzD50, .xyzD65: (.red, .green, .blue)
        case .hsl: (.hue, .colorfulness, .unique)
        case .hwb: (.hue, .unique, .unique)
        case .lab, .oklab: (.lightness, .opposingA, .opposingB)
        case .lch, .oklch: (.lightness, .colorfulness, .hue)
        }
    }

    func role(at index: Int) -> ComponentRole {
        let roles = componentRoles
        return index == 0 ? roles.0 : index == 1 ? roles.1 : roles.2
    }

    /// The index of the component with `role`, if this space has one (never for `.unique`).
    func index(of role: ComponentRole) -> Int? {
        guard role != .unique else { return nil }
        for index in 0..<3 where self.role(at: index) == role {
            return index
        }
        return nil
    }

    /// The chroma at or below which Blink makes the hue of a colour converted into lch or oklch missing.
    static let achromaticChroma = 0.02

    /// Whether the hue of `c`, coordinates in this polar space, is powerless because the colour is achromatic.
    ///
    /// Thresholds allow for rounding in conversions: hsl saturation below 1e-5 or an sRGB chroma
    /// (max − min channel) below 1e-7; hwb whiteness + blackness at least 1 − 1e-5; lch and oklch chroma at most
    /// 0.02, Blink's `kAchromaticChromaThreshold` for a colour converted into either (CSS Color 4's sample code has
    /// 0.0015 and 0.000004; Chromium takes the neighbour's hue for `rgb(200 185 185)`, oklch chroma 0.017).
    func isHuePowerless(_ c: SIMD3<Double>) -> Bool {
        switch self {
        case .hsl:
            let chroma = 2 * c.y * min(c.z, 1 - c.z)
            return c.y.magnitude < 1e-5 || chroma.magnitude < 1e-7
        case .hwb: return c.y + c.z >= 1 - 1e-5
        case .lch, .oklch: return c.y <= Self.achromaticChroma
        case .srgb, .srgbLinear, .lab, .oklab, .displayP3, .a98RGB, .prophotoRGB, .rec2020, .xyzD50, .xyzD65:
            return false
        }
    }
}

extension CSSColor {
    /// Converts this colour into `space` for interpolation, per CSS Color 4 §12.2–12.4.
    ///
    /// Missing components of this colour carry forward to the analogous components of `space` (reds, greens,
    /// blues, lightness (Lab/LCh/OKLab/OKLCh L), colourfulness (chroma, HSL saturation), hue, opposing a and b);
    /// other missing components count as 0 for the conversion. When converting into a polar space, a powerless
    /// hue becomes missing (see the thresholds on `ColorSpace.isHuePowerless`). A colour already in `space`
    /// keeps its components, and only its own `none`s are missing. Missing components are reported as 0.
    public func interpolationColor(in space: ColorSpace) -> InterpolationColor {
        if space == self.space {
            return InterpolationColor(components: components, alpha: alpha, missing: missing)
        }
        var converted = space.fromSRGB(self.space.toSRGB(components))
        var carried = missingComponentsCarried(into: space).union(missing.intersection(.alpha))
        if let hueIndex = space.hueIndex, space.isHuePowerless(converted) {
            carried.insert(.component(hueIndex))
        }
        for index in 0..<3 {
            if carried.contains(.component(index)) || !converted[index].isFinite {
                converted[index] = 0
            }
        }
        return InterpolationColor(components: converted, alpha: alpha, missing: carried)
    }

    /// The components of `space` that a component written as `none` carries into (an analogous component, as CSS
    /// Color 4 carries them forward when it converts for interpolation).
    func missingComponentsCarried(into space: ColorSpace) -> MissingComponents {
        var carried: MissingComponents = []
        for index in 0..<3 where missing.contains(.component(index)) {
            if let target = space.index(of: self.space.role(at: index)) {
                carried.insert(.component(target))
            }
        }
        return carried
    }
}
