/// Numbers as CSS text: plain decimals (never an exponent), as short as keeps the value.
enum CSSNumber {
    /// `value` in its shortest round-trip form, or with up to 12 decimals when that form has an exponent;
    /// integers without a point; no negative zero.
    static func text(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let shortest = value.description
        guard shortest.contains("e") else { return shortest }
        return fixed(value, decimals: 12)
    }

    /// `value` (a fraction) as a percentage: 4 decimals when the fraction lies on the spec's 1e-6 grid (its
    /// percentage is then exact), else the shortest form of `value × 100`.
    static func percentage(_ value: Double) -> String {
        let micro = (value * 1e6).rounded()
        if abs(value * 1e6 - micro) < 1e-6, abs(micro) < 1e15 { return fixed(micro / 1e6 * 100, decimals: 4) + "%" }
        return text(value * 100) + "%"
    }

    /// `value` with at most `decimals` decimals (trailing zeros removed).
    static func fixed(_ value: Double, decimals: Int) -> String {
        var unit = 1.0
        for _ in 0..<decimals { unit *= 10 }
        let scaled = (abs(value) * unit).rounded()
        guard scaled < 9e15 else { return value.description }
        let sign = value < 0 && scaled > 0 ? "-" : ""
        let whole = Int(scaled) / Int(unit)
        guard decimals > 0 else { return sign + String(whole) }
        var fraction = String(Int(scaled) % Int(unit))
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
