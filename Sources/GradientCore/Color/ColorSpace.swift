/// A colour space in which a colour is written or in which a gradient interpolates.
///
/// Raw values are the CSS names used by `in <space>` and by the `space` URL parameter.
public enum ColorSpace: String, Sendable, Hashable, CaseIterable {
    /// Gamma-encoded sRGB: red, green, blue in 0…1.
    case srgb
    /// Linear-light sRGB: red, green, blue in 0…1.
    case srgbLinear = "srgb-linear"
    /// OKLab: lightness 0…1, then the opposing axes a and b.
    case oklab
    /// OKLCh: lightness 0…1, chroma, hue in degrees.
    case oklch
    /// CIE Lab (D50): lightness 0…100, then the opposing axes a and b.
    case lab
    /// CIE LCh (D50): lightness 0…100, chroma, hue in degrees.
    case lch
    /// HSL over sRGB: hue in degrees, saturation 0…1, lightness 0…1.
    case hsl
    /// HWB over sRGB: hue in degrees, whiteness 0…1, blackness 0…1.
    case hwb
    /// Display P3 (sRGB's transfer function, P3 primaries, D65): red, green, blue in 0…1.
    case displayP3 = "display-p3"
    /// A98 RGB (Adobe RGB 1998): red, green, blue in 0…1.
    case a98RGB = "a98-rgb"
    /// ProPhoto RGB (ROMM, D50): red, green, blue in 0…1.
    case prophotoRGB = "prophoto-rgb"
    /// ITU-R BT.2020: red, green, blue in 0…1.
    case rec2020
    /// CIE XYZ relative to D50: X, Y, Z with Y 1 for the white.
    case xyzD50 = "xyz-d50"
    /// CIE XYZ relative to D65 (CSS's `xyz`): X, Y, Z with Y 1 for the white.
    case xyzD65 = "xyz-d65"

    /// The space a CSS colour-space name denotes, ASCII lower case: the raw values, and `xyz` for `xyz-d65`.
    public init?(cssName: String) {
        if cssName == "xyz" {
            self = .xyzD65
        } else {
            self.init(rawValue: cssName)
        }
    }

    /// The names `init(cssName:)` accepts, for messages: every raw value, with `xyz`.
    public static var cssNames: [String] {
        allCases.map(\.rawValue) + ["xyz"]
    }

    /// Whether the space is CIE XYZ (`xyz-d50` or `xyz-d65`), in which interpolation is a linear map of
    /// interpolation in linear-light sRGB.
    public var isXYZ: Bool {
        self == .xyzD50 || self == .xyzD65
    }

    /// Whether the space has a hue angle (`oklch`, `lch`, `hsl`, `hwb`).
    public var isPolar: Bool {
        hueIndex != nil
    }

    /// The index of the hue in a colour's `components`: 0 for `hsl` and `hwb`, 2 for `lch` and `oklch`,
    /// `nil` for spaces without a hue.
    public var hueIndex: Int? {
        switch self {
        case .hsl, .hwb: 0
        case .lch, .oklch: 2
        case .srgb, .srgbLinear, .oklab, .lab, .displayP3, .a98RGB, .prophotoRGB, .rec2020, .xyzD50, .xyzD65: nil
        }
    }

    /// Converts coordinates in this space to gamma-encoded sRGB, not clipped to the sRGB gamut.
    ///
    /// Hues may be any finite angle. Cheap enough to call for every pixel: no allocation and no dynamic dispatch.
    public func toSRGB(_ c: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .srgb: c
        case .srgbLinear: ColorConversion.gammaEncode(c)
        case .hsl: ColorConversion.hslToSRGB(c)
        case .hwb: ColorConversion.hwbToSRGB(c)
        case .lab: ColorConversion.gammaEncode(Matrix3.xyzToLinearSRGB(ColorConversion.labToXYZ(c)))
        case .lch:
            ColorConversion.gammaEncode(
                Matrix3.xyzToLinearSRGB(ColorConversion.labToXYZ(ColorConversion.polarToRectangular(c))))
        case .oklab: ColorConversion.gammaEncode(Matrix3.xyzToLinearSRGB(ColorConversion.okLabToXYZ(c)))
        case .oklch:
            ColorConversion.gammaEncode(
                Matrix3.xyzToLinearSRGB(ColorConversion.okLabToXYZ(ColorConversion.polarToRectangular(c))))
        case .displayP3, .a98RGB, .prophotoRGB, .rec2020, .xyzD50, .xyzD65:
            ColorConversion.gammaEncode(
                Matrix3.xyzToLinearSRGB(ColorConversion.predefinedToXYZ(c, space: self)))
        }
    }

    /// Converts gamma-encoded sRGB (which may lie outside 0…1) to coordinates in this space.
    ///
    /// Hues come out in [0, 360); an achromatic colour gets hue 0.
    public func fromSRGB(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .srgb: rgb
        case .srgbLinear: ColorConversion.gammaDecode(rgb)
        case .hsl: ColorConversion.srgbToHSL(rgb)
        case .hwb: ColorConversion.srgbToHWB(rgb)
        case .lab: ColorConversion.xyzToLab(Matrix3.linearSRGBToXYZ(ColorConversion.gammaDecode(rgb)))
        case .lch:
            ColorConversion.rectangularToPolar(
                ColorConversion.xyzToLab(Matrix3.linearSRGBToXYZ(ColorConversion.gammaDecode(rgb))))
        case .oklab: ColorConversion.xyzToOKLab(Matrix3.linearSRGBToXYZ(ColorConversion.gammaDecode(rgb)))
        case .oklch:
            ColorConversion.rectangularToPolar(
                ColorConversion.xyzToOKLab(Matrix3.linearSRGBToXYZ(ColorConversion.gammaDecode(rgb))))
        case .displayP3, .a98RGB, .prophotoRGB, .rec2020, .xyzD50, .xyzD65:
            ColorConversion.xyzToPredefined(
                Matrix3.linearSRGBToXYZ(ColorConversion.gammaDecode(rgb)), space: self)
        }
    }
}
