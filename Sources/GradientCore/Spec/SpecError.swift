/// Why a request does not describe a valid gradient. Every case names the parameter at fault.
public enum SpecError: Error, Sendable, Hashable {
    /// A parameter the API does not define.
    case unknownParameter(name: String)
    /// A query item with a value but no name (`=red`); `parameter` is then `query`.
    case unnamedParameter(value: String)
    /// A parameter given more than once.
    case repeatedParameter(name: String)
    /// A parameter given with an empty value.
    case emptyValue(parameter: String)
    /// A parameter given with an empty value as the last item of the query — what an unescaped `#` leaves, since
    /// the rest of the URL is a fragment that is never sent (`colors=#ff0000,#0000ff` arrives as `colors=`).
    case emptyLastValue(parameter: String)
    /// A value that does not fit the parameter; `expected` says what would.
    case invalidValue(parameter: String, token: String, expected: String)
    /// A colour that does not parse; `reason` says why.
    case invalidColor(parameter: String, token: String, reason: String)
    /// A stop list that is malformed as a whole (a hint at an end, two hints in a row, too many positions…).
    case invalidStops(parameter: String, token: String, reason: String)
    /// Two parameters that cannot be combined.
    case conflictingParameters(parameter: String, other: String, reason: String)
    /// A parameter that another one requires.
    case missingParameter(parameter: String, reason: String)
    /// An output image larger than the limits allow; `parameter` is the one to lower (`width`, `height` or
    /// `scale`).
    case imageTooLarge(parameter: String, pixelWidth: Int, pixelHeight: Int, limits: SpecLimits)
    /// An image larger than a whole-frame format (`format`, WebP or AVIF) may encode: at most `limit` pixels.
    case frameTooLarge(format: ImageFormat, pixelWidth: Int, pixelHeight: Int, limit: Int)
    /// A `preset` that names no preset; `nearest` holds the names of the nearest ones, nearest first.
    case unknownPreset(name: String, nearest: [String])
    /// More stops than the limit allows.
    case tooManyStops(count: Int, limit: Int)
    /// A mesh gradient that is malformed (colour count, a vertex off its edge, a patch folding over itself);
    /// `reason` names the vertex or the count at fault.
    case invalidMesh(parameter: String, reason: String)
    /// A parameter of the API that this renderer does not support.
    case unsupportedParameter(name: String, reason: String)
    /// A `css` value that is not a gradient this service can draw: `offset` counts characters (Unicode scalars)
    /// from the start of the value, 0-based; `token` is the CSS token there (empty at the end of the text) and
    /// `message` says what was expected or what is wrong (`expected an angle or 'to'`).
    case cssSyntax(offset: Int, token: String, message: String)

    /// The parameter the client should fix.
    public var parameter: String {
        switch self {
        case .unknownParameter(let name), .repeatedParameter(let name), .unsupportedParameter(let name, _):
            return name
        case .emptyValue(let parameter), .emptyLastValue(let parameter), .imageTooLarge(let parameter, _, _, _),
            .invalidValue(let parameter, _, _), .invalidColor(let parameter, _, _),
            .invalidStops(let parameter, _, _), .conflictingParameters(let parameter, _, _),
            .missingParameter(let parameter, _), .invalidMesh(let parameter, _):
            return parameter
        case .cssSyntax: return "css"
        case .unnamedParameter: return "query"
        case .frameTooLarge: return "format"
        case .tooManyStops: return "colors"
        case .unknownPreset: return "preset"
        }
    }

    /// A one-sentence English description for users, quoting the offending token (shortened when long).
    public var detail: String {
        switch self {
        case .unknownParameter(let name):
            let suggestion = QueryParameters.suggestion(for: name).map { " (did you mean \"\($0)\"?)" }
            return "unknown parameter \(quoted(name))" + (suggestion ?? "")
        case .unnamedParameter(let value):
            return "a query item has a value but no name: \(quoted("=" + value))"
        case .repeatedParameter(let name):
            return "\(name) is given more than once"
        case .emptyValue(let parameter):
            return "\(parameter) must not be empty"
        case .emptyLastValue(let parameter):
            return "\(parameter) must not be empty; " + fragmentHint
        case .invalidValue(let parameter, let token, let expected):
            return "\(parameter) must be \(expected), got \(quoted(token))"
        case .invalidColor(let parameter, let token, let reason):
            return "\(parameter): invalid colour \(quoted(token)): \(reason)"
        case .invalidStops(let parameter, let token, let reason):
            return "\(parameter): \(reason) at \(quoted(token))"
        case .conflictingParameters(let parameter, let other, let reason):
            return "\(parameter) cannot be combined with \(other): \(reason)"
        case .missingParameter(let parameter, let reason):
            return "\(parameter) is required: \(reason)"
        case .invalidMesh(let parameter, let reason):
            return "\(parameter): \(reason)"
        case .imageTooLarge(let parameter, let width, let height, let limits):
            if width > limits.maxPixelSide || height > limits.maxPixelSide {
                return "the image would be \(width)×\(height) pixels, over the limit of "
                    + "\(grouped(limits.maxPixelSide)) pixels a side: lower \(parameter)"
            }
            return "the image would be \(width)×\(height) = \(grouped(width * height)) pixels, over the limit of "
                + "\(grouped(limits.maxPixels)) pixels in all: lower \(parameter)"
        case .frameTooLarge(let format, let width, let height, let limit):
            return "format=\(format.rawValue) encodes whole frames of at most \(limit) pixels; this image is "
                + "\(width)×\(height) = \(width * height) pixels: ask for a smaller size or format=png"
        case .unknownPreset(let name, let nearest):
            let names = nearest.map(quoted).joined(separator: ", ")
            return "preset: no preset is named \(quoted(name)); the nearest are \(names) (GET /presets lists them all)"
        case .tooManyStops(let count, let limit):
            return "colors has \(count) entries, at most \(limit) are allowed"
        case .unsupportedParameter(let name, let reason):
            return "\(name) is not supported: \(reason)"
        case .cssSyntax(let offset, let token, let message):
            return "css: \(message) at offset \(offset), got " + (token.isEmpty ? "the end of the text" : quoted(token))
        }
    }
}

/// What to say where the query may have been cut short by an unescaped `#`.
let fragmentHint =
    "if the URL had a '#' here, a '#' in a URL starts a fragment, which is never sent: leave it out (ff0000) or "
    + "write %23"

/// `value` with commas between groups of three digits: 33,554,432.
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return out
}

/// Quotes a client-supplied token for a message, shortened to 64 characters.
func quoted(_ token: String) -> String {
    let limit = 64
    var text = token
    if text.count > limit { text = String(text.prefix(limit)) + "…" }
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
