/// The trigonometric and exponential functions of CSS Values 4 (§10.5, §10.6), evaluated over numbers and angles
/// in degrees (a trigonometric function's number argument is converted from radians when it is parsed).
enum CSSElementaryFunction: String, Hashable, Sendable, CaseIterable {
    case sin, cos, tan, asin, acos, atan, atan2, pow, sqrt, hypot, log, exp

    /// How many arguments the function takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .atan2, .pow: return 2...2
        case .log: return 1...2
        case .hypot: return 1...Int.max
        default: return 1...1
        }
    }

    /// The function of `arguments` (angles in degrees); angles it gives are in degrees.
    func value(_ arguments: [Double]) -> Double {
        let a = arguments[0]
        switch self {
        case .sin: return ElementaryMath.sinCosDegrees(a).sin
        case .cos: return ElementaryMath.sinCosDegrees(a).cos
        case .tan:
            let (sin, cos) = ElementaryMath.sinCosDegrees(a)
            return cos == 0 ? (sin > 0 ? .infinity : -.infinity) : sin / cos
        case .asin: return a.magnitude <= 1 ? ElementaryMath.atan2Degrees(a, (1 - a * a).squareRoot()) : .nan
        case .acos: return a.magnitude <= 1 ? ElementaryMath.atan2Degrees((1 - a * a).squareRoot(), a) : .nan
        case .atan: return ElementaryMath.atan2Degrees(a, 1)
        case .atan2: return ElementaryMath.atan2Degrees(a, arguments[1])
        case .pow: return Self.power(a, arguments[1])
        case .sqrt: return a.squareRoot()
        case .hypot:
            if arguments.contains(where: \.isInfinite) { return .infinity }
            return arguments.reduce(0) { $0 + $1 * $1 }.squareRoot()
        case .log:
            let natural = ElementaryMath.log(a)
            return arguments.count == 2 ? natural / ElementaryMath.log(arguments[1]) : natural
        case .exp: return ElementaryMath.exp(a)
        }
    }

    /// `x` to the power `y`: exact by repeated multiplication for small integer powers, defined for negative `x`
    /// only at integer `y`.
    static func power(_ x: Double, _ y: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if y == y.rounded(), y.magnitude <= 64 {
            var result = 1.0
            for _ in 0..<Int(y.magnitude) { result *= x }
            return y < 0 ? 1 / result : result
        }
        if x < 0 {
            guard y == y.rounded() else { return .nan }
            let magnitude = ElementaryMath.pow(-x, y)
            return y.truncatingRemainder(dividingBy: 2) == 0 ? magnitude : -magnitude
        }
        return ElementaryMath.pow(x, y)
    }
}
