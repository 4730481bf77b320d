/// Reads the math functions of CSS Values 4 (`calc()`, `min()`, `max()`, `clamp()`, `abs()`, `sign()`, `round()`,
/// `mod()`, `rem()`, the trigonometric and exponential functions) from ``CSSTokenizer``'s tokens into typed,
/// simplified ``CSSMathExpression``s: the one evaluator of every grammar in the project (gradients, colours,
/// parameters). Nesting is bounded by ``maximumDepth``, so hostile input cannot exhaust the stack.
struct CSSMathParser {
    /// The tokens, positioned at or after the function's name; the caller takes the position back afterwards.
    var tokens: CSSTokenizer
    /// Identifiers that stand for numbers besides the constants: a relative colour's channel keywords (`l`, `c`,
    /// `h`, `alpha` in `oklch(from …)`), lower-cased.
    var keywords: [String: Double] = [:]

    /// The math functions a value may be written as.
    static let functionNames: Set<String> = Set(
        ["calc", "min", "max", "clamp", "abs", "sign", "round", "mod", "rem"]
            + CSSElementaryFunction.allCases.map(\.rawValue))
    /// How deeply math functions and parentheses may nest.
    static let maximumDepth = 32

    /// Whether `token` starts a math function.
    static func isMathFunction(_ token: CSSToken) -> Bool {
        if case .function(let name) = token.kind { return functionNames.contains(name) }
        return false
    }

    /// Parses the math function `head` (the next token, a function token whose name is in ``functionNames``) up to
    /// and including its `)`: its simplified expression and type. Percentages take the type `percentages` (the type
    /// of what they are of, or ``CSSMathType/percent`` where they stand alone); nil refuses them.
    mutating func parse(
        _ head: CSSToken, percentages: CSSMathType?
    ) throws(CSSMathError) -> (expression: CSSMathExpression, type: CSSMathType) {
        guard case .function(let name) = head.kind, Self.functionNames.contains(name) else {
            throw error("expected a math function", at: head)
        }
        consume(head)
        return try mathArguments(of: name, at: head, percentages: percentages, depth: 1)
    }

    /// The next token after whitespace and comments, without consuming it.
    private mutating func peek() throws(CSSMathError) -> CSSToken {
        let (start, unterminated) = tokens.skippingWhitespace(from: tokens.position)
        if let comment = unterminated {
            throw CSSMathError(
                token: CSSToken(kind: .delimiter, range: comment..<min(comment + 2, tokens.bytes.count)),
                message: "unterminated comment")
        }
        tokens.position = start
        return tokens.token(at: start)
    }

    private mutating func consume(_ token: CSSToken) { tokens.position = token.range.upperBound }

    private func error(_ message: String, at token: CSSToken) -> CSSMathError {
        CSSMathError(token: token, message: message)
    }

    /// A math function whose `(` has been consumed: its arguments and the closing `)`.
    private mutating func mathArguments(
        of name: String, at head: CSSToken, percentages: CSSMathType?, depth: Int
    ) throws(CSSMathError) -> (CSSMathExpression, CSSMathType) {
        guard depth <= Self.maximumDepth else {
            throw error("math functions nest too deeply (at most \(Self.maximumDepth) levels)", at: head)
        }
        let counts: [String: ClosedRange<Int>] = [
            "calc": 1...1, "abs": 1...1, "sign": 1...1, "clamp": 3...3, "round": 1...2, "mod": 2...2, "rem": 2...2,
        ]
        let elementary = CSSElementaryFunction(rawValue: name)
        let allowed = counts[name] ?? elementary?.arity ?? 1...Int.max
        let what = allowed.lowerBound == allowed.upperBound ? "\(allowed.lowerBound)" : "1 or 2"
        let arity = "\(name)() takes \(what) argument\(allowed.upperBound == 1 ? "" : "s")"
        var strategy: CSSMathExpression.RoundingStrategy?
        var arguments: [(expression: CSSMathExpression?, type: CSSMathType?, token: CSSToken)] = []
        while true {
            let token = try peek()
            if name == "clamp", token.isIdent("none") {
                consume(token)
                arguments.append((nil, nil, token))
            } else if name == "round", arguments.isEmpty, strategy == nil, let ident = token.identName,
                let value = CSSMathExpression.RoundingStrategy(rawValue: ident)
            {
                consume(token)
                strategy = value
                let comma = try peek()
                guard comma.kind == .comma else { throw error("expected ',' after the rounding strategy", at: comma) }
                consume(comma)
                continue
            } else {
                let (expression, type) = try mathSum(in: name, percentages: percentages, depth: depth)
                arguments.append((expression, type, token))
            }
            let separator = try peek()
            consume(separator)
            if separator.kind == .closeParenthesis { break }
            guard separator.kind == .comma else { throw error("expected ',' or ')' in \(name)()", at: separator) }
            guard arguments.count < allowed.upperBound else { throw error(arity + "; expected ')'", at: separator) }
        }
        guard allowed.contains(arguments.count) else { throw error(arity, at: head) }
        guard let typed = arguments.first(where: { $0.type != nil }), let type = typed.type else {
            throw error("clamp() needs a value between its bounds", at: head)
        }
        for argument in arguments {
            guard let other = argument.type, other != type else { continue }
            throw error("\(name)() cannot combine \(type.name) with \(other.name)", at: argument.token)
        }
        if name == "clamp", arguments[1].expression == nil {
            throw error("clamp() needs a value between its bounds, not 'none'", at: arguments[1].token)
        }
        let values = arguments.map(\.expression)
        if let elementary { return try elementaryFunction(elementary, values.map { $0! }, type: type, at: head) }
        let expression: CSSMathExpression
        switch name {
        case "calc": expression = values[0]!
        case "min": expression = .minimum(values.map { $0! })
        case "max": expression = .maximum(values.map { $0! })
        case "clamp": expression = .clamp(values[0], values[1]!, values[2])
        case "abs": expression = .absolute(values[0]!)
        case "sign": expression = .sign(values[0]!)
        case "round":
            guard values.count == 2 || type == .number else {
                throw error(
                    "round() of \(type.name) needs a step: round(\(type == .angle ? "A, 1deg" : "A, 1px"))", at: head)
            }
            expression = .round(strategy ?? .nearest, values[0]!, values.count == 2 ? values[1]! : .number(1))
        case "mod": expression = .modulo(values[0]!, values[1]!)
        default: expression = .remainder(values[0]!, values[1]!)
        }
        let resultType = name == "sign" ? CSSMathType.number : type
        return (CSSMathExpression.folded(expression, type: resultType), resultType)
    }

    /// A trigonometric or exponential function of `arguments`, all of `type`: `sin()`, `cos()` and `tan()` take a
    /// number (radians) or an angle, `atan2()` and `hypot()` any one type, the others numbers.
    private func elementaryFunction(
        _ function: CSSElementaryFunction, _ arguments: [CSSMathExpression], type: CSSMathType, at head: CSSToken
    ) throws(CSSMathError) -> (CSSMathExpression, CSSMathType) {
        var arguments = arguments
        let resultType: CSSMathType
        switch function {
        case .sin, .cos, .tan:
            guard type == .number || type == .angle else {
                throw error("\(function.rawValue)() takes a number or an angle, not \(type.name)", at: head)
            }
            if type == .number { arguments[0] = .product(of: [.number(180 / Double.pi), arguments[0]]) }
            resultType = .number
        case .atan2: resultType = .angle
        case .hypot: resultType = type
        default:
            guard type == .number else {
                throw error("\(function.rawValue)() takes numbers, not \(type.name)", at: head)
            }
            resultType = [.asin, .acos, .atan].contains(function) ? .angle : .number
        }
        return (CSSMathExpression.folded(.elementary(function, arguments), type: resultType), resultType)
    }

    /// `<calc-sum>`: products joined by `+` and `-`, which need whitespace on both sides.
    private mutating func mathSum(
        in function: String, percentages: CSSMathType?, depth: Int
    ) throws(CSSMathError) -> (CSSMathExpression, CSSMathType) {
        let (first, type) = try mathProduct(in: function, percentages: percentages, depth: depth)
        var terms = [first]
        while true {
            let op = try peek()
            let sign = operatorByte(op)
            if op.isNumeric, let b = tokens.byte(at: op.range.lowerBound),
                b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
            {
                let spaced =
                    "\(Character(Unicode.Scalar(b))) " + tokens.text((op.range.lowerBound + 1)..<op.range.upperBound)
                throw error(
                    "\(function)() needs whitespace on both sides of '\(Character(Unicode.Scalar(b)))': write '\(spaced)'",
                    at: op)
            }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
                if Self.startsMathValue(op) {
                    throw error(
                        "expected an operator, ',' or ')' in \(function)(); in a URL a '+' is a space: write it as %2B",
                        at: op)
                }
                break
            }
            let symbol = Character(Unicode.Scalar(sign!))
            guard hasWhitespace(before: op.range.lowerBound),
                hasWhitespace(op.range.upperBound..<tokens.skippingWhitespace(from: op.range.upperBound).end)
            else {
                throw error("\(function)() needs whitespace on both sides of '\(symbol)'", at: op)
            }
            consume(op)
            let (term, termType) = try mathProduct(in: function, percentages: percentages, depth: depth)
            guard termType == type else {
                let verb = symbol == "+" ? "add \(termType.name) to" : "subtract \(termType.name) from"
                throw error("\(function)() cannot \(verb) \(type.name)", at: op)
            }
            terms.append(symbol == "+" ? term : CSSMathExpression.product(of: [.number(-1), term]))
        }
        return (CSSMathExpression.sum(of: terms), type)
    }

    /// `<calc-product>`: values joined by `*` and `/`; types multiply (CSS typed arithmetic).
    private mutating func mathProduct(
        in function: String, percentages: CSSMathType?, depth: Int
    ) throws(CSSMathError) -> (CSSMathExpression, CSSMathType) {
        var (value, type) = try mathValue(in: function, percentages: percentages, depth: depth)
        var factors = [value]
        while true {
            let op = try peek()
            let isDivision = op.kind == .slash
            guard isDivision || operatorByte(op) == UInt8(ascii: "*") else { break }
            consume(op)
            let (factor, factorType) = try mathValue(in: function, percentages: percentages, depth: depth)
            type = type.multiplied(by: isDivision ? factorType.inverted : factorType)
            factors.append(isDivision ? CSSMathExpression.inverse(of: factor) : factor)
        }
        value = CSSMathExpression.product(of: factors)
        return (value, type)
    }

    /// `<calc-value>`: a number, a dimension, a percentage, a constant, a parenthesised sum or a math function.
    private mutating func mathValue(
        in function: String, percentages: CSSMathType?, depth: Int
    ) throws(CSSMathError) -> (CSSMathExpression, CSSMathType) {
        let token = try peek()
        switch token.kind {
        case .number(let value):
            consume(token)
            return (.number(value), .number)
        case .percentage(let value):
            guard let percentages else { throw error("\(function)() cannot take a percentage here", at: token) }
            consume(token)
            return (.percentage(value), percentages)
        case .dimension(let value, let unit):
            guard let leaf = CSSMathExpression.dimension(value, unit: unit) else {
                throw error(
                    "unknown unit in \(function)(); expected px, cm, mm, q, in, pt, pc, em, rem, vw, vh, vmin, vmax, "
                        + "deg, grad, rad or turn", at: token)
            }
            consume(token)
            if case .angle = leaf { return (leaf, .angle) }
            return (leaf, .length)
        case .ident(let name):
            guard let value = keywords[name] ?? CSSMathExpression.constants[name] else {
                let names = keywords.keys.sorted() + ["e", "pi", "infinity", "-infinity"]
                throw error(
                    "unknown constant in \(function)(); expected \(names.joined(separator: ", ")) or NaN", at: token)
            }
            consume(token)
            return (.number(value), .number)
        case .openParenthesis:
            guard depth < Self.maximumDepth else {
                throw error("math functions nest too deeply (at most \(Self.maximumDepth) levels)", at: token)
            }
            consume(token)
            let (value, type) = try mathSum(in: function, percentages: percentages, depth: depth + 1)
            let close = try peek()
            guard close.kind == .closeParenthesis else { throw error("expected ')' in \(function)()", at: close) }
            consume(close)
            return (CSSMathExpression.folded(value, type: type), type)
        case .function(let name):
            guard Self.functionNames.contains(name) else {
                throw error(
                    "\(name)() is not a math function; expected calc(), min(), max(), clamp(), round(), mod(), rem(), "
                        + "abs(), sign(), sin(), cos(), tan(), asin(), acos(), atan(), atan2(), pow(), sqrt(), hypot(), "
                        + "log() or exp()", at: token)
            }
            consume(token)
            return try mathArguments(of: name, at: token, percentages: percentages, depth: depth + 1)
        default:
            throw error("expected a number, a dimension, a percentage, a constant or '(' in \(function)()", at: token)
        }
    }

    /// Whether `token` can start a `<calc-value>`.
    private static func startsMathValue(_ token: CSSToken) -> Bool {
        switch token.kind {
        case .number, .percentage, .dimension, .ident, .function, .openParenthesis: return true
        default: return false
        }
    }

    /// The byte of a one-byte delimiter token (`+`, `-`, `*`), or nil.
    private func operatorByte(_ token: CSSToken) -> UInt8? {
        guard token.kind == .delimiter else { return nil }
        return tokens.byte(at: token.range.lowerBound)
    }

    /// Whether the whitespace and comments just before byte `index` hold whitespace outside the comments.
    private func hasWhitespace(before index: Int) -> Bool {
        var i = index - 1
        while let b = tokens.byte(at: i) {
            if CSSTokenizer.isWhitespace(b) { return true }
            guard b == UInt8(ascii: "/"), tokens.byte(at: i - 1) == UInt8(ascii: "*") else { return false }
            i -= 2
            while i >= 1, !(tokens.byte(at: i - 1) == UInt8(ascii: "/") && tokens.byte(at: i) == UInt8(ascii: "*")) {
                i -= 1
            }
            i -= 2
        }
        return false
    }

    /// Whether `range` (whitespace and comments between two tokens) holds whitespace outside its comments.
    private func hasWhitespace(_ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound, let b = tokens.byte(at: i) {
            if CSSTokenizer.isWhitespace(b) { return true }
            if b == UInt8(ascii: "/"), tokens.byte(at: i + 1) == UInt8(ascii: "*") {
                i += 2
                while i + 1 < range.upperBound,
                    !(tokens.byte(at: i) == UInt8(ascii: "*") && tokens.byte(at: i + 1) == UInt8(ascii: "/"))
                {
                    i += 1
                }
                i += 2
            } else {
                i += 1
            }
        }
        return false
    }
}
