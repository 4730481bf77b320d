/// Byte-level character classes and comparisons of RFC 9110 §5.6.
enum HTTPSyntax {
    private static let tokenTable: [Bool] = (0..<256).map { byte in
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: "!#$%&'*+-.^_`|~".utf8.contains(UInt8(byte))
        }
    }

    /// Whether `byte` is a `tchar`.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool { tokenTable[Int(byte)] }

    /// Whether `byte` may appear in a field value: VCHAR, obs-text, SP or HTAB.
    @inline(__always)
    static func isFieldValueByte(_ byte: UInt8) -> Bool { byte >= 0x20 ? byte != 0x7F : byte == 0x09 }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    /// Whether `bytes` equals `lowercase` ignoring ASCII case; `lowercase` must already be lowercase.
    static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lowercase: [UInt8]) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        var index = bytes.startIndex
        for expected in lowercase {
            guard lowercased(bytes[index]) == lowercased(expected) else { return false }
            index += 1
        }
        return true
    }

    /// Splits a comma-separated field value into trimmed, non-empty elements.
    static func listElements(_ value: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        value.split(separator: UInt8(ascii: ",")).compactMap { element in
            let trimmed = trimmingWhitespace(element)
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// `bytes` without leading and trailing SP and HTAB.
    static func trimmingWhitespace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }
}
