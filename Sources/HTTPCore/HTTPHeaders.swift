/// An ordered list of header fields with case-insensitive name lookup, stored as bytes.
///
/// Parsed requests keep their header section as one byte array and each field as a pair of byte ranges into it,
/// so parsing allocates no string per field; strings are made only when a field is read.
public struct HTTPHeaders: Sendable, Sequence {
    struct Field: Sendable {
        var name: Range<Int>
        var value: Range<Int>
    }

    var bytes: [UInt8]
    var fields: [Field]

    /// Creates an empty list.
    public init() {
        bytes = []
        fields = []
    }

    /// Creates a list holding `pairs` in order; see ``add(name:value:)`` for how unsafe bytes are treated.
    public init(_ pairs: [(String, String)]) {
        self.init()
        bytes.reserveCapacity(pairs.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count })
        fields.reserveCapacity(pairs.count)
        for (name, value) in pairs { add(name: name, value: value) }
    }

    init(bytes: [UInt8], fields: [Field]) {
        self.bytes = bytes
        self.fields = fields
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether the list has no field.
    public var isEmpty: Bool { fields.isEmpty }

    /// Appends a field. Bytes a field may not contain are replaced so that nothing can end the field early:
    /// in the name anything that is not a token character becomes `-`; in the value CR, LF and NUL become a space.
    public mutating func add(name: String, value: String) {
        let nameStart = bytes.count
        for byte in name.utf8 { bytes.append(HTTPSyntax.isTokenByte(byte) ? byte : UInt8(ascii: "-")) }
        let valueStart = bytes.count
        for byte in value.utf8 {
            bytes.append(byte == 0x0D || byte == 0x0A || byte == 0 ? UInt8(ascii: " ") : byte)
        }
        fields.append(Field(name: nameStart..<valueStart, value: valueStart..<bytes.count))
    }

    /// Removes every field called `name` (case-insensitive).
    public mutating func remove(name: String) {
        let key = Array(name.utf8)
        fields.removeAll { HTTPSyntax.equalsIgnoringCase(bytes[$0.name], key) }
    }

    /// Replaces every field called `name` by one field with `value`, appended at the end.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// The value of the first field called `name` (case-insensitive), or nil.
    public subscript(name: String) -> String? {
        let key = Array(name.utf8)
        guard let field = fields.first(where: { HTTPSyntax.equalsIgnoringCase(bytes[$0.name], key) }) else {
            return nil
        }
        return String(decoding: bytes[field.value], as: UTF8.self)
    }

    /// The values of every field called `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        let key = Array(name.utf8)
        return fields.filter { HTTPSyntax.equalsIgnoringCase(bytes[$0.name], key) }
            .map { String(decoding: bytes[$0.value], as: UTF8.self) }
    }

    /// Whether a field called `name` (case-insensitive) is present.
    public func contains(name: String) -> Bool {
        let key = Array(name.utf8)
        return fields.contains { HTTPSyntax.equalsIgnoringCase(bytes[$0.name], key) }
    }

    /// Iterates fields in order as strings.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        var index = 0
        return AnyIterator<(name: String, value: String)> {
            guard index < fields.count else { return nil }
            defer { index += 1 }
            let field = fields[index]
            return (
                String(decoding: bytes[field.name], as: UTF8.self), String(decoding: bytes[field.value], as: UTF8.self)
            )
        }
    }

    /// Calls `body` with the name and value bytes of each field called `name` (given lowercase), in order.
    func forEachValue(
        ofLowercased name: [UInt8], _ body: (ArraySlice<UInt8>) throws(HTTPRequestError) -> Void
    )
        throws(HTTPRequestError)
    {
        for field in fields where HTTPSyntax.equalsIgnoringCase(bytes[field.name], name) {
            try body(bytes[field.value])
        }
    }
}
