import Testing

@testable import GradientCore

/// The value of one math function as a top-level calculation: percentages of `basis` CSS px, a 300×200 viewport.
private func evaluate(_ text: String, slot: CSSMathSlot = .lengthPercentage, basis: Double = 200) throws -> Double {
    let (expression, _) = try ParameterMath.parse(text[...], parameter: "value", slots: [slot])
    return expression.censoredValue(
        in: CSSMathExpression.Context(percentBasis: basis, viewportWidth: 300, viewportHeight: 200))
}

@Suite("CSS math functions: evaluation")
struct CSSMathEvaluatorTests {
    static let lengths: [(String, Double)] = [
        ("calc(1px + 2px)", 3), ("calc(1px + 2px * 3)", 7), ("calc((1px + 2px) * 3)", 9), ("calc(6px / 2 * 3)", 9),
        ("calc(1px - 2px - 3px)", -4), ("calc(2 * 3 * 1px)", 6), ("calc(1px*-2)", -2), ("calc(1px - -2px)", 3),
        ("calc( 1px )", 1), ("CALC(1PX)", 1), ("calc(calc(1px + 1px) * min(2, 3))", 4), ("calc(((((1px)))))", 1),
        ("calc(10px * 2px / 1px)", 20), ("calc(1px /**/+ 2px)", 3),
        ("min(1px, 3px, 2px)", 1), ("max(1px, 3px, 2px)", 3), ("min(5px)", 5),
        ("clamp(1px, 5px, 3px)", 3), ("clamp(1px, -5px, 3px)", 1), ("clamp(5px, 1px, 2px)", 5),
        ("clamp(none, 5px, 3px)", 3), ("clamp(4px, 1px, none)", 4), ("clamp(none, 1px, none)", 1),
        ("abs(-3px)", 3), ("calc(sign(-3px) * 1px)", -1), ("calc(sign(0px) * 1px)", 0),
        ("calc(sign(2) * 1px)", 1),
        ("round(2.5px, 1px)", 3), ("round(-2.5px, 1px)", -2), ("round(nearest, 7px, 5px)", 5),
        ("round(8px, 5px)", 10), ("round(up, 2.1px, 1px)", 3), ("round(down, 2.9px, 1px)", 2),
        ("round(to-zero, -2.9px, 1px)", -2), ("round(to-zero, 2.9px, 1px)", 2), ("round(7px, -5px)", 5),
        ("calc(round(1.5) * 1px)", 2), ("round(up, 10.5px, 1px)", 11),
        ("mod(7px, 3px)", 1), ("mod(-7px, 3px)", 2), ("mod(7px, -3px)", -2),
        ("rem(7px, 3px)", 1), ("rem(-7px, 3px)", -1), ("rem(7px, -3px)", 1),
        ("calc(e * 1px)", 2.718281828459045), ("calc(pi * 1px)", Double.pi), ("calc(PI * 1px)", Double.pi),
        ("calc(1in)", 96), ("calc(2.54cm)", 96), ("calc(25.4mm)", 96), ("calc(72pt)", 96), ("calc(6pc)", 96),
        ("calc(4q)", 4 * 96 / 101.6), ("calc(1em + 1rem)", 32),
        ("calc(10vw)", 30), ("calc(10vh)", 20), ("calc(10vmin)", 20), ("calc(10vmax)", 30),
        ("calc(50% - 1px)", 99), ("max(10%, 30px)", 30), ("min(10%, 30px)", 20), ("calc(1% * 1% / 1%)", 2),
        ("calc(25% + 25%)", 100), ("abs(-10%)", 20), ("calc(sign(10%) * 1px)", 1),
    ]

    @Test("each function, operator, unit and constant gives its CSS value", arguments: lengths)
    func lengthValue(text: String, expected: Double) throws {
        #expect(abs(try evaluate(text) - expected) < 1e-12)
    }

    static let elementary: [(String, Double)] = [
        ("calc(sin(30deg) * 1px)", 0.5), ("calc(sin(pi / 6) * 1px)", 0.5), ("calc(cos(pi) * 1px)", -1),
        ("calc(cos(0.25turn) * 1px)", 0), ("calc(tan(45deg) * 1px)", 1), ("calc(tan(90deg) * 1px)", 1e9),
        ("calc(pow(2, 10) * 1px)", 1024), ("calc(pow(-2, 3) * 1px)", -8), ("calc(pow(4, 0.5) * 1px)", 2),
        ("calc(sqrt(16) * 1px)", 4), ("hypot(3px, 4px)", 5), ("calc(log(e) * 1px)", 1),
        ("calc(log(8, 2) * 1px)", 3), ("calc(exp(0) * 1px)", 1), ("calc(sqrt(-1) * 1px)", 0),
        ("calc(asin(2) / 1deg * 1px)", 0), ("calc(pow(-8, 1 / 3) * 1px)", 0),
    ]

    @Test("trigonometric and exponential functions give their CSS values", arguments: elementary)
    func elementaryValue(text: String, expected: Double) throws {
        #expect(abs(try evaluate(text) - expected) < 1e-12)
    }

    static let inverseAngles: [(String, Double)] = [
        ("asin(1)", 90), ("acos(-1)", 180), ("atan(1)", 45), ("atan(infinity)", 90), ("atan2(1px, -1px)", 135),
        ("atan2(-1, 0)", -90), ("calc(asin(0.5) + 0deg)", 30),
    ]

    @Test("inverse trigonometric functions give angles", arguments: inverseAngles)
    func inverseAngle(text: String, expected: Double) throws {
        #expect(abs(try evaluate(text, slot: .angle) - expected) < 1e-12)
    }

    static let degenerate: [(String, Double)] = [
        ("calc(infinity * 1px)", 1e9), ("calc(-infinity * 1px)", -1e9), ("calc(NaN * 1px)", 0),
        ("calc(nan * 1px)", 0), ("calc(1px / 0)", 1e9), ("calc(-1px / 0)", -1e9), ("calc(0px / 0)", 0),
        ("calc(1e300px * 1e300)", 1e9), ("calc(infinity * 1px - infinity * 1px)", 0),
        ("min(1px, NaN * 1px)", 0), ("max(1px, infinity * 1px)", 1e9),
        ("round(infinity * 1px, 1px)", 1e9), ("round(1px, 0px)", 0),
        ("round(1px, infinity * 1px)", 0), ("round(up, 1px, infinity * 1px)", 1e9),
        ("round(down, -1px, infinity * 1px)", -1e9), ("round(down, 1px, infinity * 1px)", 0),
        ("mod(infinity * 1px, 1px)", 0), ("mod(1px, 0px)", 0), ("mod(1px, infinity * 1px)", 1),
        ("mod(-1px, infinity * 1px)", 0), ("rem(-1px, infinity * 1px)", -1), ("rem(1px, 0px)", 0),
    ]

    @Test("division by zero, infinities and NaN behave as CSS Values 4 says", arguments: degenerate)
    func degenerateValue(text: String, expected: Double) throws {
        #expect(try evaluate(text) == expected)
    }

    @Test("round(), mod() and rem() keep the sign of zero as CSS specifies")
    func signedZeros() {
        #expect(CSSMathExpression.round(-0.2, to: 1, .nearest).sign == .minus)
        #expect(CSSMathExpression.round(0.2, to: .infinity, .up).sign == .plus)
        #expect(CSSMathExpression.round(-0.2, to: .infinity, .up).sign == .minus)
        #expect(CSSMathExpression.modulo(-0.0, .infinity).isNaN)
        #expect(CSSMathExpression.remainder(5, -.infinity) == 5)
    }

    static let angles: [(String, Double)] = [
        ("calc(45deg + 10deg)", 55), ("calc(0.25turn - 10deg)", 80), ("calc(100grad)", 90),
        ("calc(pi * 1rad)", 180), ("calc(10deg * 2deg / 1deg)", 20), ("max(1turn, 10deg)", 360),
    ]

    @Test("angles add up in degrees", arguments: angles)
    func angleValue(text: String, expected: Double) throws {
        #expect(abs(try evaluate(text, slot: .angle) - expected) < 1e-12)
    }

    @Test("conic percentages are of a turn and mix with angles")
    func anglePercentages() throws {
        #expect(try evaluate("calc(10% + 10deg)", slot: .anglePercentage, basis: 360) == 46)
    }

    @Test("equal values written differently simplify to the same expression")
    func simplification() throws {
        func expression(_ text: String) throws -> CSSMathExpression {
            try ParameterMath.parse(text[...], parameter: "value", slots: [.lengthPercentage]).expression
        }
        #expect(try expression("calc(25% + 25%)") == .percentage(50))
        #expect(try expression("calc(2 * (10% + 5px))") == expression("calc(10px + 20%)"))
        #expect(try expression("calc(50% - 1px)") == .sum([.length(-1), .percentage(50)]))
        #expect(try expression("calc(50% + 0px)") == .percentage(50))
        #expect(try expression("calc(1em + 2px)") == .length(18))
        #expect(try expression("calc(10vw - 10vw + 1px)") == .length(1))
    }
}
