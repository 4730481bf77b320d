/// How the encoder lays out the chroma planes.
public enum AVIFChroma: String, Sendable, Hashable, CaseIterable {
    /// Full-resolution chroma.
    case yuv444 = "444"
    /// Chroma at half resolution in both directions (averaged 2×2 blocks).
    case yuv420 = "420"
}
