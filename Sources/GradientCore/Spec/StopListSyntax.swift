/// A stop position as written, before it is resolved against the gradient's geometry.
enum RawPosition: Hashable {
    /// A fraction of the gradient line, ray or turn (`0.25`, `25%`).
    case fraction(Double)
    /// CSS pixels along the gradient line or ray (`40px`).
    case cssPixels(Double)
    /// Degrees around a conic gradient (`90deg`, `0.25turn`).
    case degrees(Double)
    /// A math expression of the given type (a length-percentage, an angle-percentage or, in `colors`, a number),
    /// resolved once the geometry is known.
    case calculated(CSSMathExpression, CSSMathType)
}

/// One entry of `colors` as written: a colour with zero, one or two positions, or a colour hint.
enum RawStopEntry {
    case stop(color: CSSColor, positions: [RawPosition], token: Substring)
    case hint(RawPosition, token: Substring)
}

/// Splits and parses the `colors` parameter: stops separated by commas outside parentheses, each a colour followed
/// by up to two positions separated by spaces or `@`, or a bare position (a colour hint).
enum StopListSyntax {
    /// Parses `text`; `endsQuery` tells that the query ended with it, so that an empty last stop (`red,` from
    /// `red,#00f` cut by an unescaped `#`) can say why.
    static func parse(
        _ text: Substring, parameter: String, limit: Int, endsQuery: Bool = false
    ) throws(SpecError) -> [RawStopEntry] {
        let count = topLevelCount(of: UInt8(ascii: ","), in: text) + 1
        guard count <= limit else { throw .tooManyStops(count: count, limit: limit) }
        var entries: [RawStopEntry] = []
        entries.reserveCapacity(count)
        let pieces = splitTopLevel(text, separators: [UInt8(ascii: ",")])
        for (index, piece) in pieces.enumerated() {
            if endsQuery && index == pieces.count - 1 && index > 0 && trimmed(piece).isEmpty {
                throw .invalidStops(
                    parameter: parameter, token: String(text),
                    reason: "empty stop after the last comma (\(fragmentHint))")
            }
            entries.append(try parseEntry(piece, parameter: parameter))
        }
        try checkHints(entries, parameter: parameter)
        return entries
    }

    private static func parseEntry(_ piece: Substring, parameter: String) throws(SpecError) -> RawStopEntry {
        let tokens = splitTopLevel(piece, separators: [UInt8(ascii: " "), UInt8(ascii: "@"), UInt8(ascii: "\t")])
            .filter { !$0.isEmpty }
        guard let first = tokens.first else {
            throw .invalidStops(parameter: parameter, token: String(piece), reason: "empty stop")
        }
        if tokens.count == 1, ParameterMath.isMathFunction(first) {
            return .hint(try ParameterMath.stopPosition(first, parameter: parameter), token: piece)
        }
        if tokens.count == 1, let position = position(first) {
            return .hint(position, token: piece)
        }
        let color: CSSColor
        do {
            color = try CSSColor(parsing: first, allowsBareHex: true)
        } catch {
            throw .invalidColor(parameter: parameter, token: String(first), reason: error.message)
        }
        guard tokens.count <= 3 else {
            throw .invalidStops(
                parameter: parameter, token: String(piece), reason: "a stop takes at most two positions")
        }
        var positions: [RawPosition] = []
        for token in tokens.dropFirst() {
            if ParameterMath.isMathFunction(token) {
                positions.append(try ParameterMath.stopPosition(token, parameter: parameter))
                continue
            }
            guard let value = position(token) else {
                throw .invalidValue(
                    parameter: parameter, token: String(token),
                    expected:
                        "a stop position: a fraction (0.25), a percentage (25%), pixels (40px) or an angle (90deg)")
            }
            positions.append(value)
        }
        return .stop(color: color, positions: positions, token: piece)
    }

    /// A position token, or nil when `token` is not one. Bare tokens of 3, 4, 6 or 8 hex digits are colours.
    static func position(_ token: Substring) -> RawPosition? {
        let utf8 = token.utf8
        if [3, 4, 6, 8].contains(utf8.count), utf8.allSatisfy(NumberSyntax.isHexDigit) { return nil }
        guard let (value, unit) = NumberSyntax.numberAndUnit(token) else { return nil }
        switch unit.lowercased() {
        case "": return .fraction(value)
        case "%": return .fraction(value / 100)
        case "px": return .cssPixels(value)
        default:
            guard let degrees = NumberSyntax.angleDegrees(token) else { return nil }
            return .degrees(degrees)
        }
    }

    private static func checkHints(_ entries: [RawStopEntry], parameter: String) throws(SpecError) {
        var previousWasHint = true
        for (index, entry) in entries.enumerated() {
            guard case .hint(_, let token) = entry else {
                previousWasHint = false
                continue
            }
            if previousWasHint || index == entries.count - 1 {
                throw .invalidStops(
                    parameter: parameter, token: String(token),
                    reason: "a colour hint must stand between two colour stops")
            }
            previousWasHint = true
        }
    }

    /// How many times `separator` occurs outside parentheses.
    static func topLevelCount(of separator: UInt8, in text: Substring) -> Int {
        var depth = 0
        var count = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth = max(0, depth - 1)
            case separator where depth == 0: count += 1
            default: break
            }
        }
        return count
    }

    /// Splits `text` at any of `separators` outside parentheses, trimming ASCII spaces around each piece.
    static func splitTopLevel(_ text: Substring, separators: Set<UInt8>) -> [Substring] {
        var pieces: [Substring] = []
        var depth = 0
        var start = text.utf8.startIndex
        var index = start
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth = max(0, depth - 1)
            } else if depth == 0 && separators.contains(byte) {
                pieces.append(trimmed(Substring(text.utf8[start..<index])))
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        pieces.append(trimmed(Substring(text.utf8[start..<text.utf8.endIndex])))
        return pieces
    }

    static func trimmed(_ text: Substring) -> Substring {
        var view = text.utf8[...]
        while let first = view.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            view = view.dropFirst()
        }
        while let last = view.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { view = view.dropLast() }
        return Substring(view)
    }
}
