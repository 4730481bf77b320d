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
    /// An output image larger than the limits allow.
    case imageTooLarge(pixelWidth: Int, pixelHeight: Int, limits: SpecLimits)
    /// An image larger than a whole-frame format (`format`, WebP or AVIF) may encode: at most `limit` pixels.
    case frameTooLarge(format: ImageFormat, pixelWidth: Int, pixelHeight: Int, limit: Int)
    /// More stops than the limit allows.
    case tooManyStops(count: Int, limit: Int)
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
        case .emptyValue(let parameter), .invalidValue(let parameter, _, _), .invalidColor(let parameter, _, _),
            .invalidStops(let parameter, _, _), .conflictingParameters(let parameter, _, _),
            .missingParameter(let parameter, _):
            return parameter
        case .cssSyntax: return "css"
        case .unnamedParameter: return "query"
        case .imageTooLarge: return "width"
        case .frameTooLarge: return "format"
        case .tooManyStops: return "colors"
        }
    }

    /// A one-sentence English description for users, quoting the offending token (shortened when long).
    public var detail: String {
        switch self {
        case .unknownParameter(let name):
            return "unknown parameter \(quoted(name))"
        case .unnamedParameter(let value):
            return "a query item has a value but no name: \(quoted("=" + value))"
        case .repeatedParameter(let name):
            return "\(name) is given more than once"
        case .emptyValue(let parameter):
            return "\(parameter) must not be empty"
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
        case .imageTooLarge(let width, let height, let limits):
            return "image of \(width)×\(height) pixels is too large: at most \(limits.maxPixelSide) pixels a side "
                + "and \(limits.maxPixels) pixels in all"
        case .frameTooLarge(let format, let width, let height, let limit):
            return "format=\(format.rawValue) encodes whole frames of at most \(limit) pixels; this image is "
                + "\(width)×\(height) = \(width * height) pixels: ask for a smaller size or format=png"
        case .tooManyStops(let count, let limit):
            return "colors has \(count) entries, at most \(limit) are allowed"
        case .unsupportedParameter(let name, let reason):
            return "\(name) is not supported: \(reason)"
        case .cssSyntax(let offset, let token, let message):
            return "css: \(message) at offset \(offset), got " + (token.isEmpty ? "the end of the text" : quoted(token))
        }
    }
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
