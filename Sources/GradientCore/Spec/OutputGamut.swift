/// The colour space of the output image (`gamut`): the gradient is interpolated in its own space either way and
/// converted to this one at the end, channels outside it clipped as Chromium clips them on a surface of that space.
public enum OutputGamut: String, Sendable, Hashable, CaseIterable {
    /// sRGB, the default: the bytes of every image from before the parameter existed.
    case srgb
    /// Display P3 (P3 primaries, D65 white, sRGB's transfer function): colours beyond sRGB keep their saturation on
    /// wide-gamut screens; the image carries `cICP`/`iCCP` (PNG), `ICCP` (WebP) or `nclx` (AVIF) to say so.
    case displayP3 = "display-p3"

    /// Each gamut by its parameter value.
    static let keywords = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
