import GradientCore

/// Picks the format of a `format=auto` response from the request's `Accept` fields, weighing their q-values as
/// RFC 9110 §12.5.1 says.
///
/// - AVIF and WebP are candidates only when `Accept` names their media type (`image/avif`, in any case): a wildcard
///   does not say that a client can decode them. Their weight is that element's `q` (1 without one).
/// - PNG, which every client shows, takes its weight from the most specific range that matches it: `image/png`,
///   else `image/*`, else `*/*`; 1 when the request has no `Accept` field, 0 when its `Accept` matches none.
/// - `q=0` means not acceptable. The highest weight wins; ties keep the candidates' order (AVIF, then WebP, then
///   PNG). PNG is the answer when no candidate is acceptable, even one refused with `q=0`: the service never
///   answers 406.
/// - Malformed weights are read leniently, never refused: a number outside 0…1 (`q=7`, `q=-1`) is clamped to it,
///   and a `q` that is no number (`q=abc`, `q=`) is ignored, leaving the weight 1. Empty elements are skipped.
enum FormatNegotiation {
    /// The format for `candidates` (most preferred first; PNG last) given the `Accept` field values.
    static func choose(from candidates: some Sequence<ImageFormat>, accept fieldValues: [String]) -> ImageFormat {
        var best = ImageFormat.png
        var bestWeight = 0.0
        for format in candidates {
            let weight = self.weight(of: format, in: fieldValues)
            if weight > bestWeight {
                best = format
                bestWeight = weight
            }
        }
        return best
    }

    /// How specific a media range that matched is: the most specific one decides the weight.
    private enum Specificity: Int, Comparable {
        case none, anyType, anySubtype, exact

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The weight of `format` in the field values: 0 when it is not acceptable.
    private static func weight(of format: ImageFormat, in fieldValues: [String]) -> Double {
        let mediaType = format.mediaType
        let isPNG = format == .png
        if isPNG && fieldValues.isEmpty { return 1 }
        var specificity = Specificity.none
        var weight = 0.0
        for value in fieldValues {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";")
                guard let range = parts.first.map({ trimmed($0).lowercased() }), !range.isEmpty else { continue }
                let matched: Specificity
                if range == mediaType {
                    matched = .exact
                } else if isPNG && range == "image/*" {
                    matched = .anySubtype
                } else if isPNG && range == "*/*" {
                    matched = .anyType
                } else {
                    continue
                }
                let elementWeight = quality(of: parts.dropFirst())
                if matched > specificity || (matched == specificity && elementWeight > weight) {
                    specificity = matched
                    weight = elementWeight
                }
            }
        }
        return weight
    }

    /// The weight of an element from its parameters: the first `q=` that holds a number, clamped to 0…1; 1 without.
    private static func quality(of parameters: ArraySlice<Substring>) -> Double {
        for parameter in parameters {
            let parameter = trimmed(parameter)
            guard parameter.count >= 2, parameter.lowercased().hasPrefix("q=") else { continue }
            guard let number = Double(trimmed(parameter.dropFirst(2))), number.isFinite else { continue }
            return min(1, max(0, number))
        }
        return 1
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
