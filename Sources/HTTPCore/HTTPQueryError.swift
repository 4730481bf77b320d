/// Why a query string could not be decoded into items.
public enum HTTPQueryError: Error, Sendable, Equatable {
    /// The item (as sent, undecoded) has a `%` not followed by two hexadecimal digits.
    case invalidPercentEncoding(item: String)
    /// The item (as sent, undecoded) decodes to bytes that are not UTF-8.
    case invalidUTF8(item: String)
}
