/// A type-checked CSS Values 4 math expression (`calc()`, `min()`, `max()`, `clamp()`, `abs()`, `sign()`,
/// `round()`, `mod()`, `rem()`, the trigonometric and exponential functions), kept as a tree until the values it refers to (the percentage basis, the viewport)
/// are known. Lengths are CSS pixels, angles degrees; `em` and `rem` are already 16 px. Built through the
/// simplifying constructors (``sum(of:)``, ``product(of:)``, ``folded(_:type:)``) so that equal values written
/// differently (`calc(25% + 25%)`, `50%`) become equal trees.
indirect enum CSSMathExpression: Hashable, Sendable {
    /// A viewport-percentage length unit: the image is the viewport.
    enum ViewportUnit: String, Hashable, CaseIterable {
        case vw, vh, vmin, vmax
    }

    /// The `<rounding-strategy>` of `round()`.
    enum RoundingStrategy: String, Hashable {
        case nearest, up, down
        case toZero = "to-zero"
    }

    case number(Double)
    /// CSS pixels.
    case length(Double)
    /// Degrees.
    case angle(Double)
    /// A percentage of the basis its context gives (a length or an angle).
    case percentage(Double)
    /// Hundredths of the viewport's width, height, smaller or larger side.
    case viewport(Double, ViewportUnit)
    case sum([CSSMathExpression])
    case product([CSSMathExpression])
    /// One divided by the expression.
    case inverse(CSSMathExpression)
    case minimum([CSSMathExpression])
    case maximum([CSSMathExpression])
    /// `clamp(lower, value, upper)`; a bound may be `none`.
    case clamp(CSSMathExpression?, CSSMathExpression, CSSMathExpression?)
    case absolute(CSSMathExpression)
    case sign(CSSMathExpression)
    case round(RoundingStrategy, CSSMathExpression, CSSMathExpression)
    /// `mod()`: the result has the sign of the divisor.
    case modulo(CSSMathExpression, CSSMathExpression)
    /// `rem()`: the result has the sign of the dividend.
    case remainder(CSSMathExpression, CSSMathExpression)
    /// A trigonometric or exponential function of its arguments.
    case elementary(CSSElementaryFunction, [CSSMathExpression])

    /// What an expression's percentages and viewport units refer to, in CSS pixels (or degrees for an angle basis).
    struct Context {
        /// What 100% is.
        var percentBasis: Double
        /// The viewport (the image) in CSS pixels.
        var viewportWidth: Double
        var viewportHeight: Double
    }

    /// The leaf of a dimension in the lower-cased `unit`: an absolute length, `em`/`rem` (16 px, as an unstyled
    /// element), a viewport unit or an angle; nil for any other unit.
    static func dimension(_ value: Double, unit: String) -> CSSMathExpression? {
        if let pixels = NumberSyntax.cssPixels(value, unit: unit) { return .length(pixels) }
        if unit == "em" || unit == "rem" { return .length(value * 16) }
        if let viewport = ViewportUnit(rawValue: unit) { return .viewport(value, viewport) }
        if let degrees = NumberSyntax.degrees(value, unit: unit) { return .angle(degrees) }
        return nil
    }

    /// The constants of CSS Values 4 (`e`, `pi`, `infinity`, `-infinity`, `NaN`), by lower-cased name.
    static let constants: [String: Double] = [
        "e": 2.718281828459045, "pi": Double.pi, "infinity": .infinity, "-infinity": -.infinity, "nan": .nan,
    ]

    /// Whether the expression is a single value (no operation).
    var isLeaf: Bool {
        switch self {
        case .number, .length, .angle, .percentage, .viewport: return true
        default: return false
        }
    }

    /// Whether the expression's value is known without a context (no percentage, no viewport unit).
    var isConstant: Bool {
        switch self {
        case .number, .length, .angle: return true
        case .percentage, .viewport: return false
        case .sum(let terms), .product(let terms), .minimum(let terms), .maximum(let terms),
            .elementary(_, let terms):
            return terms.allSatisfy(\.isConstant)
        case .inverse(let value), .absolute(let value), .sign(let value): return value.isConstant
        case .clamp(let lower, let value, let upper):
            return value.isConstant && lower?.isConstant != false && upper?.isConstant != false
        case .round(_, let a, let b), .modulo(let a, let b), .remainder(let a, let b):
            return a.isConstant && b.isConstant
        }
    }

    /// The expression's value in `context`, as CSS computes it (infinities and NaN included, not yet censored).
    func value(in context: Context) -> Double {
        switch self {
        case .number(let value), .length(let value), .angle(let value): return value
        case .percentage(let value): return value / 100 * context.percentBasis
        case .viewport(let value, let unit):
            let side: Double
            switch unit {
            case .vw: side = context.viewportWidth
            case .vh: side = context.viewportHeight
            case .vmin: side = Swift.min(context.viewportWidth, context.viewportHeight)
            case .vmax: side = Swift.max(context.viewportWidth, context.viewportHeight)
            }
            return value / 100 * side
        case .sum(let terms): return terms.reduce(0) { $0 + $1.value(in: context) }
        case .product(let factors): return factors.reduce(1) { $0 * $1.value(in: context) }
        case .inverse(let value): return 1 / value.value(in: context)
        case .minimum(let terms): return Self.extreme(terms.map { $0.value(in: context) }, isLess: (<))
        case .maximum(let terms): return Self.extreme(terms.map { $0.value(in: context) }, isLess: (>))
        case .clamp(let lower, let value, let upper):
            var result = value.value(in: context)
            if let upper { result = Self.extreme([result, upper.value(in: context)], isLess: (<)) }
            if let lower { result = Self.extreme([result, lower.value(in: context)], isLess: (>)) }
            return result
        case .absolute(let value): return Swift.abs(value.value(in: context))
        case .sign(let value):
            let x = value.value(in: context)
            return x > 0 ? 1 : x < 0 ? -1 : x
        case .round(let strategy, let a, let b):
            return Self.round(a.value(in: context), to: b.value(in: context), strategy)
        case .modulo(let a, let b): return Self.modulo(a.value(in: context), b.value(in: context))
        case .remainder(let a, let b): return Self.remainder(a.value(in: context), b.value(in: context))
        case .elementary(let function, let arguments): return function.value(arguments.map { $0.value(in: context) })
        }
    }

    /// The value as a top-level calculation yields it: NaN becomes 0 and infinities (and anything beyond the
    /// project's number range) are clamped to ±``NumberSyntax/maximumMagnitude``, the largest value it represents.
    func censoredValue(in context: Context) -> Double { Self.censored(value(in: context)) }

    /// NaN → 0, magnitudes past ``NumberSyntax/maximumMagnitude`` clamped to it (CSS Values 4 §10.13).
    static func censored(_ value: Double) -> Double {
        if value.isNaN { return 0 }
        return Swift.min(Swift.max(value, -NumberSyntax.maximumMagnitude), NumberSyntax.maximumMagnitude)
    }

    /// The smallest (`isLess` is `<`) or largest value; NaN if any is NaN.
    private static func extreme(_ values: [Double], isLess: (Double, Double) -> Bool) -> Double {
        var result = values[0]
        for value in values {
            if value.isNaN { return .nan }
            if isLess(value, result) { result = value }
        }
        return result
    }

    /// `round(strategy, a, b)` with CSS Values 4's rules for zero and infinite arguments.
    static func round(_ a: Double, to b: Double, _ strategy: RoundingStrategy) -> Double {
        if a.isNaN || b.isNaN || b == 0 || (a.isInfinite && b.isInfinite) { return .nan }
        if a.isInfinite { return a }
        let zero: Double = a.sign == .minus ? -0.0 : 0.0
        if b.isInfinite {
            switch strategy {
            case .nearest, .toZero: return zero
            case .up: return a > 0 ? .infinity : zero
            case .down: return a < 0 ? -.infinity : zero
            }
        }
        let step = Swift.abs(b)
        let lower = (a / step).rounded(.down) * step
        if lower == a { return a }
        let upper = lower + step
        let result: Double
        switch strategy {
        case .nearest: result = a - lower < upper - a ? lower : upper
        case .up: result = upper
        case .down: result = lower
        case .toZero: result = a < 0 ? upper : lower
        }
        return result == 0 ? zero : result
    }

    /// `mod(a, b)`: the result has the sign of `b`.
    static func modulo(_ a: Double, _ b: Double) -> Double {
        if a.isNaN || b.isNaN || b == 0 || a.isInfinite { return .nan }
        if b.isInfinite { return a.sign == b.sign ? a : .nan }
        let r = a.truncatingRemainder(dividingBy: b)
        return r != 0 && (r < 0) != (b < 0) ? r + b : r
    }

    /// `rem(a, b)`: the result has the sign of `a`.
    static func remainder(_ a: Double, _ b: Double) -> Double {
        if a.isNaN || b.isNaN || b == 0 || a.isInfinite { return .nan }
        if b.isInfinite { return a }
        return a.truncatingRemainder(dividingBy: b)
    }
}

extension CSSMathExpression {
    /// A constant expression of a simple type (number, length, angle) folded into its value; anything else as is.
    static func folded(_ expression: CSSMathExpression, type: CSSMathType) -> CSSMathExpression {
        guard !expression.isLeaf, expression.isConstant else { return expression }
        let value = expression.value(in: Context(percentBasis: 0, viewportWidth: 0, viewportHeight: 0))
        switch type {
        case .number: return .number(value)
        case .length: return .length(value)
        case .angle: return .angle(value)
        default: return expression
        }
    }

    /// The sum of `terms` (of one type), simplified: nested sums flattened, like leaves added together, zero
    /// leaves dropped, one remaining term returned as itself.
    static func sum(of terms: [CSSMathExpression]) -> CSSMathExpression {
        var numbers: Double?
        var lengths: Double?
        var angles: Double?
        var percentages: Double?
        var viewports: [ViewportUnit: Double] = [:]
        var others: [CSSMathExpression] = []
        func add(_ term: CSSMathExpression) {
            switch term {
            case .number(let v): numbers = (numbers ?? 0) + v
            case .length(let v): lengths = (lengths ?? 0) + v
            case .angle(let v): angles = (angles ?? 0) + v
            case .percentage(let v): percentages = (percentages ?? 0) + v
            case .viewport(let v, let unit): viewports[unit, default: 0] += v
            case .sum(let inner): inner.forEach(add)
            default: others.append(term)
            }
        }
        terms.forEach(add)
        var leaves: [CSSMathExpression] = []
        if let numbers { leaves.append(.number(numbers)) }
        if let lengths { leaves.append(.length(lengths)) }
        if let angles { leaves.append(.angle(angles)) }
        if let percentages { leaves.append(.percentage(percentages)) }
        for unit in ViewportUnit.allCases { if let v = viewports[unit] { leaves.append(.viewport(v, unit)) } }
        var all = leaves + others
        if all.count > 1 {
            let nonZero = all.filter { !$0.isZeroLeaf }
            all = nonZero.isEmpty ? [all[0]] : nonZero
        }
        return all.count == 1 ? all[0] : .sum(all)
    }

    /// The product of `factors`, simplified: numbers multiplied together and into a single leaf or a sum of
    /// leaves when one remains (`2 * (10% + 5px)` is `20% + 10px`).
    static func product(of factors: [CSSMathExpression]) -> CSSMathExpression {
        var coefficient = 1.0
        var others: [CSSMathExpression] = []
        for factor in factors {
            switch factor {
            case .number(let v): coefficient *= v
            case .product(let inner):
                for f in inner {
                    if case .number(let v) = f { coefficient *= v } else { others.append(f) }
                }
            default: others.append(factor)
            }
        }
        if others.isEmpty { return .number(coefficient) }
        if others.count == 1, let scaled = others[0].scaled(by: coefficient) { return scaled }
        return coefficient == 1
            ? (others.count == 1 ? others[0] : .product(others)) : .product([.number(coefficient)] + others)
    }

    /// One divided by `value`, folded when `value` is a number.
    static func inverse(of value: CSSMathExpression) -> CSSMathExpression {
        if case .number(let v) = value { return .number(1 / v) }
        return .inverse(value)
    }

    /// The expression times `factor` when it is a leaf or a sum of leaves, else nil.
    private func scaled(by factor: Double) -> CSSMathExpression? {
        switch self {
        case .number(let v): return .number(v * factor)
        case .length(let v): return .length(v * factor)
        case .angle(let v): return .angle(v * factor)
        case .percentage(let v): return .percentage(v * factor)
        case .viewport(let v, let unit): return .viewport(v * factor, unit)
        case .sum(let terms):
            var scaledTerms: [CSSMathExpression] = []
            for term in terms {
                guard let scaled = term.scaled(by: factor) else { return nil }
                scaledTerms.append(scaled)
            }
            return Self.sum(of: scaledTerms)
        default: return nil
        }
    }

    private var isZeroLeaf: Bool {
        switch self {
        case .number(let v), .length(let v), .angle(let v), .percentage(let v), .viewport(let v, _): return v == 0
        default: return false
        }
    }
}

extension CSSMathExpression {
    /// Whether a percentage occurs in the expression.
    var hasPercentage: Bool {
        switch self {
        case .percentage: return true
        case .number, .length, .angle, .viewport: return false
        case .sum(let terms), .product(let terms), .minimum(let terms), .maximum(let terms),
            .elementary(_, let terms):
            return terms.contains { $0.hasPercentage }
        case .inverse(let value), .absolute(let value), .sign(let value): return value.hasPercentage
        case .clamp(let lower, let value, let upper):
            return value.hasPercentage || lower?.hasPercentage == true || upper?.hasPercentage == true
        case .round(_, let a, let b), .modulo(let a, let b), .remainder(let a, let b):
            return a.hasPercentage || b.hasPercentage
        }
    }
}
