/// The colour primaries an AVIF's samples are in, as CICP code points in its `nclx` colour box (the transfer is
/// sRGB's curve, 13, for both).
public enum AVIFColorPrimaries: Int, Sendable, Hashable {
    /// BT.709, sRGB's primaries.
    case sRGB = 1
    /// SMPTE EG 432-1, Display P3's primaries with the D65 white.
    case displayP3 = 12
}
