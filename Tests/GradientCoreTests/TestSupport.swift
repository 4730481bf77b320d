@testable import GradientCore

/// Whether every component of `a` is within `tolerance` of `b`.
func isClose(_ a: SIMD3<Double>, _ b: SIMD3<Double>, tolerance: Double) -> Bool {
    (0..<3).allSatisfy { (a[$0] - b[$0]).magnitude <= tolerance }
}

/// Parses `text` as a whole colour.
func color(_ text: String, bareHex: Bool = true) throws -> CSSColor {
    try CSSColor(parsing: text[...], allowsBareHex: bareHex)
}

/// The error from parsing `text`, if any.
func parseError(_ text: String, bareHex: Bool = true) -> ColorSyntaxError? {
    do throws(ColorSyntaxError) {
        _ = try CSSColor(parsing: text[...], allowsBareHex: bareHex)
        return nil
    } catch {
        return error
    }
}
