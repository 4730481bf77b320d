/// Percent-decoding (RFC 3986 §2.1) of request paths, over bytes. (Queries are form-decoded where they are used,
/// by GradientCore's `QueryString`, which the service and the command-line tool share.)
enum PercentDecoding {
    /// Decodes `%XX` escapes; nil when a `%` is not followed by two hexadecimal digits.
    static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// Decodes `bytes` into a string; nil for bad percent-encoding or bytes that are not UTF-8.
    static func decodeString(_ bytes: ArraySlice<UInt8>) -> Result<String, Failure> {
        if !bytes.contains(UInt8(ascii: "%")) {
            guard let string = String(validating: bytes, as: UTF8.self) else { return .failure(.invalidUTF8) }
            return .success(string)
        }
        guard let decoded = decode(bytes) else { return .failure(.invalidPercentEncoding) }
        guard let string = String(validating: decoded, as: UTF8.self) else { return .failure(.invalidUTF8) }
        return .success(string)
    }

    enum Failure: Error {
        case invalidPercentEncoding
        case invalidUTF8
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
