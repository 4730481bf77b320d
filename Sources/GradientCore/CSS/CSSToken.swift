/// One token of CSS text, as CSS Syntax 3 tokenizes it (the subset a gradient function uses).
struct CSSToken {
    enum Kind: Equatable {
        /// An identifier, lower-cased.
        case ident(String)
        /// A function token: its name lower-cased; the token includes the `(`.
        case function(String)
        case number(Double)
        case percentage(Double)
        /// A number with a unit, the unit lower-cased.
        case dimension(Double, unit: String)
        /// `#` followed by name characters (a hex colour).
        case hash
        case comma
        case slash
        case openParenthesis
        case closeParenthesis
        /// Any other single byte.
        case delimiter
        /// The end of the text.
        case end
    }

    var kind: Kind
    /// The token's bytes in the text.
    var range: Range<Int>

    /// Whether the token is the identifier `name` (given lower-cased).
    func isIdent(_ name: String) -> Bool { kind == .ident(name) }

    /// The identifier's lower-cased name, if the token is one.
    var identName: String? {
        if case .ident(let name) = kind { return name }
        return nil
    }

    /// Whether the token is a number, a percentage or a dimension.
    var isNumeric: Bool {
        switch kind {
        case .number, .percentage, .dimension: return true
        default: return false
        }
    }

    /// Whether the token can start a component value: a number, percentage, dimension, identifier or function.
    var startsValue: Bool {
        switch kind {
        case .number, .percentage, .dimension, .ident, .function: return true
        default: return false
        }
    }
}
