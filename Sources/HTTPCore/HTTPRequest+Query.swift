extension HTTPRequest {
    /// The query decoded as `application/x-www-form-urlencoded`: items split on `&`, name and value on the first
    /// `=`, `+` decoded as a space and `%XX` as a byte.
    ///
    /// Empty items (`a=1&&b=2`) are skipped; an item without `=` has an empty value. No query gives no items.
    /// - Throws: ``HTTPQueryError`` naming the first item (undecoded) with a bad `%` escape or non-UTF-8 bytes.
    public func queryItems() throws(HTTPQueryError) -> [(name: String, value: String)] {
        guard let query else { return [] }
        var items: [(name: String, value: String)] = []
        for item in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let bytes = ArraySlice(item)
            let equals = bytes.firstIndex(of: UInt8(ascii: "="))
            let nameBytes = bytes[bytes.startIndex..<(equals ?? bytes.endIndex)]
            let valueBytes = equals.map { bytes[($0 + 1)...] } ?? []
            do {
                let name = try PercentDecoding.decodeString(nameBytes, plusIsSpace: true).get()
                let value = try PercentDecoding.decodeString(valueBytes, plusIsSpace: true).get()
                items.append((name, value))
            } catch .invalidPercentEncoding {
                throw .invalidPercentEncoding(item: String(decoding: bytes, as: UTF8.self))
            } catch {
                throw .invalidUTF8(item: String(decoding: bytes, as: UTF8.self))
            }
        }
        return items
    }
}
