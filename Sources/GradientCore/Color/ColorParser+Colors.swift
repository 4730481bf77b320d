extension ColorParser {
    /// Function names this parser understands, lower-cased.
    static let functionNames: Set<String> = [
        "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color", "color-mix", "light-dark",
    ]

    /// Parses one colour at `position` and leaves `position` just past it.
    mutating func parseColor() throws(ColorSyntaxError) -> CSSColor {
        let start = position
        let token = token(at: start)
        switch token.kind {
        case .hash:
            position += 1
            return try parseHexDigits(markStart: start)
        case .function(let name):
            position = token.range.upperBound
            return try parseFunction(name: name, nameStart: start)
        case .ident(let name):
            position = token.range.upperBound
            return try namedColor(name, range: token.range)
        case .number, .percentage, .dimension:
            if allowsBareHex, let first = byte(at: start), CSSTokenizer.isNameByte(first) {
                return try parseHexDigits(markStart: start)
            }
            var end = start
            while let b = byte(at: end), CSSTokenizer.isNameByte(b) { end += 1 }
            let digits = end - start
            if (start..<end).allSatisfy({ Self.isHexDigit(bytes[$0]) }) && [3, 4, 6, 8].contains(digits) {
                throw error("hex colour needs '#' here", at: start)
            }
            throw error("expected a colour, found a number")
        case .end: throw error("expected a colour")
        case .comma, .slash, .openParenthesis, .closeParenthesis, .delimiter:
            throw error("expected a colour, found \(describeByte(at: start))")
        }
    }

    /// The colour the identifier `name` (lower-cased, at `range`) names: a keyword, a named or system colour, or
    /// (where bare hex is allowed) hex digits.
    private mutating func namedColor(_ name: String, range: Range<Int>) throws(ColorSyntaxError) -> CSSColor {
        if name == "transparent" {
            return CSSColor(space: .srgb, components: .zero, alpha: 0, missing: [], isLegacy: true)
        }
        let word = Array(name.utf8)
        if let rgb = NamedColors.lookup(word) {
            return Self.hexColor(rgb: rgb, alpha: 255)
        }
        if name == "currentcolor" {
            // An unstyled element's `color`: black.
            return Self.hexColor(rgb: 0)
        }
        if let rgba = SystemColors.lookup(name) {
            return Self.hexColor(rgb: rgba >> 8, alpha: rgba & 0xFF)
        }
        let allHex = word.allSatisfy(Self.isHexDigit)
        if allowsBareHex && allHex {
            position = range.lowerBound
            return try parseHexDigits(markStart: range.lowerBound)
        }
        if Self.functionNames.contains(name) {
            throw error("expected '(' after \(name)")
        }
        if allHex && [3, 4, 6, 8].contains(word.count) {
            throw error("hex colour needs '#' here", at: range.lowerBound)
        }
        let suggestion = Spelling.nearest(to: name, in: NamedColors.names).map { " (did you mean \"\($0)\"?)" }
        throw error("unknown colour name \(quoted(range))" + (suggestion ?? ""), at: range.lowerBound)
    }

    /// Parses the digits of a hex colour at `position`; `markStart` is where the colour (its `#`) begins.
    mutating func parseHexDigits(markStart: Int) throws(ColorSyntaxError) -> CSSColor {
        let digitsStart = position
        var value: UInt32 = 0
        while let b = peek, CSSTokenizer.isNameByte(b) {
            guard Self.isHexDigit(b) else {
                throw error("invalid hex digit \(describeByte(at: position))")
            }
            if position - digitsStart < 8 {
                let digit = CSSTokenizer.isDigit(b) ? b - 0x30 : (b | 0x20) - 0x61 + 10
                value = value << 4 | UInt32(digit)
            }
            position += 1
        }
        func expand(_ nibble: UInt32) -> UInt32 { nibble << 4 | nibble }
        switch position - digitsStart {
        case 3:
            return Self.hexColor(rgb: expand(value >> 8) << 16 | expand(value >> 4 & 0xF) << 8 | expand(value & 0xF))
        case 4:
            let rgb = expand(value >> 12) << 16 | expand(value >> 8 & 0xF) << 8 | expand(value >> 4 & 0xF)
            return Self.hexColor(rgb: rgb, alpha: expand(value & 0xF))
        case 6:
            return Self.hexColor(rgb: value)
        case 8:
            return Self.hexColor(rgb: value >> 8, alpha: value & 0xFF)
        default:
            throw error("hex colour must have 3, 4, 6 or 8 digits", at: markStart)
        }
    }

    static func hexColor(rgb: UInt32, alpha: UInt32 = 255) -> CSSColor {
        let components = SIMD3(Double(rgb >> 16 & 0xFF), Double(rgb >> 8 & 0xFF), Double(rgb & 0xFF)) / 255
        return CSSColor(space: .srgb, components: components, alpha: Double(alpha) / 255, missing: [], isLegacy: true)
    }

    /// Parses the arguments of `name(` up to and including `)`.
    mutating func parseFunction(name: String, nameStart: Int) throws(ColorSyntaxError) -> CSSColor {
        let relativeForms: Set<String> = ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch"]
        if relativeForms.contains(name), try consumeFrom() {
            return try parseRelative(function: name)
        }
        switch name {
        case "color": return try parseColorFunction()
        case "color-mix": return try parseColorMix()
        case "light-dark": return try parseLightDark()
        case "rgb", "rgba": return try parseRGB(function: name)
        case "hsl", "hsla": return try parseHSL(function: name)
        case "hwb": return try parseHWB()
        case "lab", "oklab": return try parseLab(function: name)
        case "lch", "oklch": return try parseLCH(function: name)
        default:
            let known = ["device-cmyk", "contrast-color"]
            if known.contains(name) { throw error("\(name)() is not supported", at: nameStart) }
            throw error("unknown colour function \(quoted(nameStart..<(position - 1)))", at: nameStart)
        }
    }
}
