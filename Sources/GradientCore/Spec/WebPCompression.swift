/// How hard lossless WebP works at making the file small (`compression`): the same pixels either way.
public enum WebPCompression: String, Sendable, Hashable, CaseIterable {
    /// The default: one encoder setting chosen from what the image is, at interactive speed.
    case fast
    /// libwebp's exhaustive search (every transform and entropy configuration), for the smallest file at about ten
    /// times the time.
    case smallest
}
