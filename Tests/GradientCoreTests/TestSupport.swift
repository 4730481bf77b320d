import Foundation

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

/// Gamma-encoded sRGB of an OKLab colour, from Björn Ottosson's published matrices (independent of the engine's).
func referenceOKLabToSRGB(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
    let lms = [
        l + 0.3963377774 * a + 0.2158037573 * b, l - 0.1055613458 * a - 0.0638541728 * b,
        l - 0.0894841775 * a - 1.2914855480 * b,
    ].map { $0 * $0 * $0 }
    let linear = [
        4.0767416621 * lms[0] - 3.3077115913 * lms[1] + 0.2309699292 * lms[2],
        -1.2684380046 * lms[0] + 2.6097574011 * lms[1] - 0.3413193965 * lms[2],
        -0.0041960863 * lms[0] - 0.7034186147 * lms[1] + 1.7076147010 * lms[2],
    ]
    return linear.map { $0 <= 0.0031308 ? 12.92 * $0 : 1.055 * Foundation.pow($0, 1 / 2.4) - 0.055 }
}
