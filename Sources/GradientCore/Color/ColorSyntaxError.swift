/// Why a colour could not be parsed.
public struct ColorSyntaxError: Error, Sendable, Hashable {
    /// The byte offset, from the start of the text given to the parser, where the problem is.
    public var offset: Int
    /// A short English phrase for users, such as `expected ')'`.
    public var message: String

    /// Creates an error at byte `offset` with `message`.
    init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}
