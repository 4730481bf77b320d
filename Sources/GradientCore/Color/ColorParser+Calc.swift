extension ColorParser {
    /// A `calc()` term's type: CSS Values 4 lets numbers, percentages and one kind of dimension meet only as its
    /// rules allow.
    private enum CalcKind: Equatable {
        case number, percentage
        case dimension(String)
    }

    private struct CalcValue {
        var value: Double
        var kind: CalcKind
    }

    /// Reads a `calc()` body after its `(` through the closing `)`: numbers, percentages, dimensions, the channel
    /// keywords of a relative colour, `e`, `pi`, parentheses and nested `calc()`, combined with `+`, `-` (which need
    /// whitespace on both sides, as CSS says), `*` and `/`. Infinite results are clamped to the largest finite
    /// magnitude and NaN becomes 0, as CSS Values 4 says for a top-level calculation.
    mutating func readCalc(function: String) throws(ColorSyntaxError) -> ColorToken.Value {
        try enterNesting()
        defer { nesting -= 1 }
        let result = try readCalcSum(function: function)
        try expectCalcClose()
        var value = result.value
        if value.isNaN { value = 0 }
        value = min(max(value, -Double.greatestFiniteMagnitude), .greatestFiniteMagnitude)
        switch result.kind {
        case .number: return .number(value)
        case .percentage: return .percentage(value)
        case .dimension(let unit): return .dimension(value, unit: unit)
        }
    }

    private mutating func expectCalcClose() throws(ColorSyntaxError) {
        try skipWhitespaceAndComments()
        guard peek == UInt8(ascii: ")") else { throw error("expected ')' to close calc()") }
        position += 1
    }

    private mutating func readCalcSum(function: String) throws(ColorSyntaxError) -> CalcValue {
        var total = try readCalcProduct(function: function)
        while true {
            let before = position
            try skipWhitespaceAndComments()
            guard let b = peek, b == UInt8(ascii: "+") || b == UInt8(ascii: "-") else { return total }
            let operatorOffset = position
            let spacedBefore = position > before
            position += 1
            let spacedAfter = peek.map(Self.isWhitespace) ?? false
            guard spacedBefore && spacedAfter else {
                throw error("'+' and '-' in calc() need whitespace on both sides", at: operatorOffset)
            }
            let term = try readCalcProduct(function: function)
            guard term.kind == total.kind else {
                throw error("calc() cannot add or subtract values of different types", at: operatorOffset)
            }
            total.value += b == UInt8(ascii: "+") ? term.value : -term.value
        }
    }

    private mutating func readCalcProduct(function: String) throws(ColorSyntaxError) -> CalcValue {
        var product = try readCalcTerm(function: function)
        while true {
            let before = position
            try skipWhitespaceAndComments()
            guard let b = peek, b == UInt8(ascii: "*") || b == UInt8(ascii: "/") else {
                position = before
                return product
            }
            let operatorOffset = position
            position += 1
            let factor = try readCalcTerm(function: function)
            if b == UInt8(ascii: "*") {
                guard product.kind == .number || factor.kind == .number else {
                    throw error("calc() can only multiply by a number", at: operatorOffset)
                }
                product = CalcValue(
                    value: product.value * factor.value, kind: product.kind == .number ? factor.kind : product.kind)
            } else {
                guard factor.kind == .number else {
                    throw error("calc() can only divide by a number", at: operatorOffset)
                }
                product.value /= factor.value
            }
        }
    }

    private mutating func readCalcTerm(function: String) throws(ColorSyntaxError) -> CalcValue {
        try skipWhitespaceAndComments()
        if peek == UInt8(ascii: "(") {
            position += 1
            try enterNesting()
            defer { nesting -= 1 }
            let inner = try readCalcSum(function: function)
            try expectCalcClose()
            return inner
        }
        if startsIdentifier(at: position) {
            let start = position
            var end = start
            while let b = byte(at: end), Self.isNameByte(b) { end += 1 }
            let word = String(decoding: lowercased(start..<end), as: UTF8.self)
            let constants = ["e": 2.718281828459045, "pi": Double.pi]
            if let constant = constants[word], byte(at: end) != UInt8(ascii: "(") {
                position = end
                return CalcValue(value: constant, kind: .number)
            }
        }
        let token = try readComponent(function: function, shortMessage: "expected a value in calc()")
        switch token.value {
        case .number(let n): return CalcValue(value: n, kind: .number)
        case .percentage(let p): return CalcValue(value: p, kind: .percentage)
        case .dimension(let v, let unit): return CalcValue(value: v, kind: .dimension(unit))
        case .none: throw error("'none' cannot be used in calc()", at: token.offset)
        }
    }
}
