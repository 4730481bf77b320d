/// The type of a CSS math expression (CSS Values 4 §10.9, typed arithmetic): the powers of length and angle in it.
/// Percentages take the type of what they resolve against where they stand, except where a value may be a length
/// or a percentage but not both (a radial gradient's size, as browsers parse it): there they have a power of their
/// own.
struct CSSMathType: Hashable {
    /// The power of length (1 for `10px`, 2 for `10px * 10px`, 0 for a number).
    var length = 0
    /// The power of angle.
    var angle = 0
    /// The power of percentage, where percentages do not resolve against a length or an angle.
    var percent = 0

    static let number = CSSMathType()
    static let length = CSSMathType(length: 1)
    static let angle = CSSMathType(angle: 1)
    static let percent = CSSMathType(percent: 1)

    /// The type of a product of values of the two types.
    func multiplied(by other: CSSMathType) -> CSSMathType {
        CSSMathType(length: length + other.length, angle: angle + other.angle, percent: percent + other.percent)
    }

    /// The type of one divided by a value of this type.
    var inverted: CSSMathType { CSSMathType(length: -length, angle: -angle, percent: -percent) }

    /// The type's name for a message, with its article: "a number", "a length", "an angle", "length²/angle".
    var name: String {
        switch self {
        case .number: return "a number"
        case .length: return "a length"
        case .angle: return "an angle"
        case .percent: return "a percentage"
        default:
            var up: [String] = []
            var down: [String] = []
            for (unit, power) in [("length", length), ("angle", angle), ("percentage", percent)] where power != 0 {
                let text = unit + (power.magnitude == 1 ? "" : "^\(power.magnitude)")
                if power > 0 { up.append(text) } else { down.append(text) }
            }
            let top = up.isEmpty ? "1" : up.joined(separator: "·")
            return "a " + (down.isEmpty ? top : top + "/" + down.joined(separator: "·"))
        }
    }
}
