/// The parameters of one `/gradient` request, checked for unknown names, repeats and empty values.
struct QueryParameters {
    /// Every parameter name the API defines.
    static let knownNames: Set<String> = [
        "colors", "type", "dir", "angle", "start", "end", "center", "shape", "size", "from", "spread", "space", "hue",
        "dither", "depth", "width", "height", "scale", "base", "percentage", "css", "format", "quality",
        "compression", "gamut", "preset", "grain", "seed", "mesh", "points", "smooth", "blend",
    ]

    /// Short or alternative spellings people type, with the parameter they mean (for "did you mean").
    static let aliases: [String: String] = [
        "w": "width", "h": "height", "color": "colors", "colour": "colors", "colours": "colors", "c": "colors",
        "direction": "dir", "t": "type", "fmt": "format", "q": "quality", "s": "scale", "colorspace": "space",
        "interpolation": "space", "gradient": "css", "presets": "preset", "noise": "grain",
        "blendmode": "blend", "mode": "blend",
    ]

    /// The parameter an unknown `name` most likely meant, if one is plausible.
    static func suggestion(for name: String) -> String? {
        aliases[name.lowercased()] ?? Spelling.nearest(to: name, in: knownNames.sorted())
    }

    private var values: [String: Substring] = [:]
    /// The name of the query's last item: an unescaped `#` cuts the query inside its value.
    private(set) var lastName: String?

    init(_ items: [(name: String, value: String)]) throws(SpecError) {
        for (index, (name, value)) in items.enumerated() {
            guard !name.isEmpty else { throw .unnamedParameter(value: value) }
            guard Self.knownNames.contains(name) else { throw .unknownParameter(name: name) }
            guard values[name] == nil else { throw .repeatedParameter(name: name) }
            guard !value.isEmpty else {
                throw index == items.count - 1 ? .emptyLastValue(parameter: name) : .emptyValue(parameter: name)
            }
            values[name] = Substring(value)
        }
        lastName = items.last?.name
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
