/// What a math function must resolve to where it stands in a gradient, and what its percentages are of.
struct CSSMathSlot {
    /// The types the result may have.
    var types: [CSSMathType]
    /// The type percentages take (they are of a length or of an angle), or nil where none are allowed.
    var percentages: CSSMathType?
    /// What is expected, for messages: "a length or a percentage".
    var expected: String

    /// A `<length-percentage>`: positions, radii, linear and radial stop positions.
    static let lengthPercentage = CSSMathSlot(
        types: [.length], percentages: .length, expected: "a length or a percentage")
    /// A radial gradient's size: a length or a percentage, not both added up (browsers refuse `calc(50% - 10px)`
    /// there).
    static let lengthOrPercentage = CSSMathSlot(
        types: [.length, .percent], percentages: .percent, expected: "a length or a percentage")
    /// An `<angle-percentage>`: conic stop positions.
    static let anglePercentage = CSSMathSlot(
        types: [.angle], percentages: .angle, expected: "an angle or a percentage")
    /// An `<angle>`: a linear gradient's direction, a conic gradient's `from`.
    static let angle = CSSMathSlot(types: [.angle], percentages: nil, expected: "an angle")
}
