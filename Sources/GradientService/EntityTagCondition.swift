/// Evaluation of `If-None-Match` (RFC 9110 §13.1.2) against a strong entity tag, by weak comparison.
enum EntityTagCondition {
    /// Whether any of the `If-None-Match` field values matches `etag` (quoted, strong): `*` matches anything;
    /// otherwise each listed tag, with or without `W/`, matches when its opaque part equals `etag`'s.
    static func matches(fieldValues: [String], etag: String) -> Bool {
        for value in fieldValues {
            for member in members(of: value) {
                if member == "*" { return true }
                let opaque = member.hasPrefix("W/") ? member.dropFirst(2) : member[...]
                if opaque == etag { return true }
            }
        }
        return false
    }

    /// The comma-separated members of a field value; commas inside quoted tags do not split.
    private static func members(of value: String) -> [Substring] {
        var members: [Substring] = []
        var start = value.startIndex
        var isQuoted = false
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            if character == "\"" {
                isQuoted.toggle()
            } else if character == "," && !isQuoted {
                members.append(trimmed(value[start..<index]))
                start = value.index(after: index)
            }
            index = value.index(after: index)
        }
        members.append(trimmed(value[start...]))
        return members.filter { !$0.isEmpty }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
