/// Everything that can go wrong while encoding or decoding a PNG.
public enum PNGError: Error, Sendable, Hashable {
    /// libpng reported an error; `message` is its text, followed by any warnings in parentheses.
    case libpng(message: String)
    /// zlib returned the status `code` from a compression call.
    case zlib(code: Int, message: String)
    /// The requested format cannot be written (bit depth, dimension limits).
    case invalidFormat(reason: String)
    /// A row passed to ``PNGEncoder/writeRow(_:)`` had `got` bytes instead of `expected`.
    case wrongRowLength(expected: Int, got: Int)
    /// ``PNGEncoder/writeRow(_:)`` was called for row `got` of an image with `expected` rows,
    /// or ``PNGEncoder/finish()`` was called after `got` of `expected` rows.
    case wrongRowCount(expected: Int, got: Int)
    /// The sink threw; `message` describes the thrown error.
    case sinkFailed(message: String)
    /// Row `row` held a colour missing from the palette the encoder was given.
    case colorOutsidePalette(row: Int)
    /// The encoder was used after it finished or after an earlier failure.
    case encoderUnusable
    /// Memory for the named purpose could not be allocated.
    case outOfMemory(purpose: String)
}
