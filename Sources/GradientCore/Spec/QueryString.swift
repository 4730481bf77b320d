/// Why a query string could not be decoded.
public struct QueryStringError: Error, Sendable, Hashable {
    /// The name of the item at fault, as far as it could be read.
    public var parameter: String
    /// What was wrong, for users.
    public var detail: String
}

/// Decoding of `application/x-www-form-urlencoded` query strings: items split on `&`, names and values split at
/// the first `=`, `+` decoded as a space and `%XX` as a byte; the decoded bytes must be UTF-8.
public enum QueryString {
    /// Decodes `query` (without the leading `?`) into its items, in order. Empty items (`a=1&&b=2`) are skipped;
    /// an item without `=` has an empty value.
    public static func decode(_ query: Substring) throws(QueryStringError) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = item.firstIndex(of: "=")
            let rawName = equals.map { item[..<$0] } ?? item
            let rawValue = equals.map { item[item.index(after: $0)...] } ?? ""
            let name = try decodeComponent(rawName, parameter: String(rawName), part: "name")
            let value = try decodeComponent(rawValue, parameter: name, part: "value")
            items.append((name, value))
        }
        return items
    }

    /// Decodes one name or value (`part`) of the item `parameter`.
    private static func decodeComponent(
        _ text: Substring, parameter: String, part: String
    ) throws(QueryStringError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let raw = Array(text.utf8)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index + 2 < raw.count, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
                else {
                    let offset = String(decoding: raw[..<index], as: UTF8.self).unicodeScalars.count
                    throw QueryStringError(
                        parameter: parameter,
                        detail: "\(parameter): bad percent-encoding at offset \(offset) of the \(part) "
                            + "\(quoted(String(text))): a '%' must start %XX with two hex digits; write % as %25")
                }
                bytes.append(high << 4 | low)
                index += 2
            default:
                bytes.append(byte)
            }
            index += 1
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw QueryStringError(parameter: parameter, detail: "\(parameter): decoded value is not valid UTF-8")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
