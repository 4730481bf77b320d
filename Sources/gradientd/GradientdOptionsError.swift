/// Why the command line could not be used.
enum GradientdOptionsError: Error, Equatable, CustomStringConvertible {
    case unknownFlag(String)
    case missingValue(flag: String)
    case invalidValue(flag: String, value: String, expected: String)

    var description: String {
        switch self {
        case .unknownFlag(let flag): "gradientd: unknown option \(flag) (see --help)"
        case .missingValue(let flag): "gradientd: \(flag) needs a value"
        case .invalidValue(let flag, let value, let expected):
            "gradientd: \(flag) must be \(expected), got \"\(value)\""
        }
    }
}
