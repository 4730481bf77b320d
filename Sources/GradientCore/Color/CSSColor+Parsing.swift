extension CSSColor {
    /// Parses a whole string as exactly one colour, with nothing before or after it (not even whitespace).
    ///
    /// `allowsBareHex`: when true (the URL parameter form), 3, 4, 6 or 8 hex digits without `#` are a hex colour;
    /// when false (CSS text), they are not. Error offsets count UTF-8 bytes from the start of `text`.
    public init(parsing text: Substring, allowsBareHex: Bool = true) throws(ColorSyntaxError) {
        var copy = text
        let result: Result<CSSColor, ColorSyntaxError> = copy.withUTF8 { bytes in
            do throws(ColorSyntaxError) {
                let (color, end) = try CSSColor.parse(bytes, at: 0, allowsBareHex: allowsBareHex)
                guard end == bytes.count else {
                    return .failure(ColorSyntaxError(offset: end, message: "unexpected text after the colour"))
                }
                return .success(color)
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Parses one colour starting at byte index `start` of `bytes` (UTF-8) and returns it with the index just past
    /// it; used by a CSS gradient parser that continues after the colour.
    ///
    /// Inside functions, CSS whitespace and `/* comments */` are skipped; keywords and function names are ASCII
    /// case-insensitive. Nothing is skipped before the colour. Error offsets are indices into `bytes`.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, allowsBareHex: Bool
    ) throws(ColorSyntaxError) -> (color: CSSColor, end: Int) {
        var parser = ColorParser(bytes: bytes, position: start, allowsBareHex: allowsBareHex)
        let color = try parser.parseColor()
        return (color, parser.position)
    }
}
