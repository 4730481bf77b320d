/// How the repetitive part of a ``RunRowBlock`` row is split into deflate symbols.
struct ByteRun {
    enum Kind {
        /// Zeros copied at distance 1.
        case zeros
        /// A pixel-sized pattern copied at distance `bytesPerPixel`.
        case pattern
    }

    let kind: Kind
    /// A literal 0 first, because the byte before the run is not 0.
    let hasLeadingLiteral: Bool
    /// Copies of length 258.
    let fullMatchCount: Int
    /// One shorter copy (3...257 bytes) after the full ones, if any.
    let tailMatch: DeflateLengthCode?
    /// Bytes after the copies, too few (0...2) for a copy, written as literals.
    let trailingLiteralCount: Int
    /// Bytes covered by copies.
    let copiedCount: Int

    /// A run of `zeroCount` zeros; without `previousByteIsZero` the first zero is a literal.
    init(zeroCount: Int, previousByteIsZero: Bool) {
        hasLeadingLiteral = zeroCount > 0 && !previousByteIsZero
        kind = .zeros
        (fullMatchCount, tailMatch, trailingLiteralCount, copiedCount) = Self.split(
            zeroCount - (hasLeadingLiteral ? 1 : 0))
    }

    /// `copyCount` bytes repeating the pixel-sized pattern just written.
    init(copyCount: Int) {
        hasLeadingLiteral = false
        kind = .pattern
        (fullMatchCount, tailMatch, trailingLiteralCount, copiedCount) = Self.split(copyCount)
    }

    private static func split(_ count: Int) -> (Int, DeflateLengthCode?, Int, Int) {
        let remainder = count % DeflateLimits.maximumCopyLength
        if remainder >= 3 {
            return (count / DeflateLimits.maximumCopyLength, DeflateLengthCode(length: remainder), 0, count)
        }
        return (count / DeflateLimits.maximumCopyLength, nil, remainder, count - remainder)
    }

    /// Literal zeros in the run (leading and trailing).
    var literalZeroCount: Int { (hasLeadingLiteral ? 1 : 0) + trailingLiteralCount }
}
