/// deflate's limits (RFC 1951): a copy is 3–258 bytes long and reaches at most 32,768 bytes back.
enum DeflateLimits {
    /// The shortest copy.
    static let minimumCopyLength = 3
    /// The longest copy: one length symbol (285) with no extra bits.
    static let maximumCopyLength = 258
    /// The farthest a copy reaches back, and so the history a coder keeps.
    static let windowSize = 32768
}
