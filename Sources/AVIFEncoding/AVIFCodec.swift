/// The AV1 encoders Debian builds libavif with.
public enum AVIFCodec: String, Sendable, Hashable, CaseIterable {
    /// libaom, the reference encoder.
    case aom
    /// rav1e.
    case rav1e
    /// SVT-AV1 (4:2:0 only in libavif 0.11).
    case svt
}
