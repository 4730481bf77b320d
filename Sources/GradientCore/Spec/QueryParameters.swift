/// The parameters of one `/gradient` request, checked for unknown names, repeats and empty values.
struct QueryParameters {
    /// Every parameter name the API defines.
    static let knownNames: Set<String> = [
        "colors", "type", "dir", "angle", "start", "end", "center", "shape", "size", "from", "spread", "space", "hue",
        "dither", "depth", "width", "height", "scale", "base", "percentage", "css", "format", "quality",
    ]

    private var values: [String: Substring] = [:]

    init(_ items: [(name: String, value: String)]) throws(SpecError) {
        for (name, value) in items {
            guard !name.isEmpty else { throw .unnamedParameter(value: value) }
            guard Self.knownNames.contains(name) else { throw .unknownParameter(name: name) }
            guard values[name] == nil else { throw .repeatedParameter(name: name) }
            guard !value.isEmpty else { throw .emptyValue(parameter: name) }
            values[name] = Substring(value)
        }
    }

    /// The value of `name`, if given.
    subscript(_ name: String) -> Substring? { values[name] }

    /// Whether `name` was given.
    func has(_ name: String) -> Bool { values[name] != nil }

    /// The value of `name` as one of `choices` (case-insensitive), or `defaultValue` when absent.
    func keyword<T>(_ name: String, _ choices: [String: T], default defaultValue: T) throws(SpecError) -> T {
        guard let text = values[name] else { return defaultValue }
        guard let value = choices[text.lowercased()] else {
            let expected = "one of " + choices.keys.sorted().joined(separator: ", ")
            throw .invalidValue(parameter: name, token: String(text), expected: expected)
        }
        return value
    }

    /// Throws when any of `names` was given, naming why it does not apply.
    func refuse(_ names: [String], because other: String, reason: String) throws(SpecError) {
        for name in names where has(name) {
            throw .conflictingParameters(parameter: name, other: other, reason: reason)
        }
    }
}
