import GradientCore

/// Picks the format of a `format=auto` response from the request's `Accept` fields.
///
/// A format is acceptable when `Accept` lists its media type by name with a non-zero `q` (`image/avif`, not
/// `image/*` or `*/*`: a wildcard does not say the client can decode AVIF or WebP). The first acceptable candidate
/// wins, in the candidates' order (AVIF, WebP, PNG); PNG, which every client shows, is the answer when none is.
enum FormatNegotiation {
    /// The format for `candidates` (most preferred first; PNG last) given the `Accept` field values.
    static func choose(from candidates: some Sequence<ImageFormat>, accept fieldValues: [String]) -> ImageFormat {
        for format in candidates where format != .png {
            if lists(format.mediaType, in: fieldValues) { return format }
        }
        return .png
    }

    /// Whether `mediaType` appears by name, with `q` above zero, in any of the field values.
    private static func lists(_ mediaType: String, in fieldValues: [String]) -> Bool {
        for value in fieldValues {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";")
                guard let range = parts.first, trimmed(range).lowercased() == mediaType else { continue }
                if parts.dropFirst().contains(where: { isZeroQuality(trimmed($0)) }) { continue }
                return true
            }
        }
        return false
    }

    /// Whether a media-range parameter is `q=0` (any number of zero decimals).
    private static func isZeroQuality(_ parameter: Substring) -> Bool {
        guard parameter.count >= 2, parameter.lowercased().hasPrefix("q=") else { return false }
        let number = parameter.dropFirst(2)
        guard let first = number.first, first == "0" else { return false }
        let rest = number.dropFirst()
        if rest.isEmpty { return true }
        guard rest.first == "." else { return false }
        return rest.dropFirst().allSatisfy { $0 == "0" }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
