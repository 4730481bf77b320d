import Testing

@testable import GradientCore

@Suite("Parser robustness on hostile input")
struct ColorParserRobustnessTests {
    /// A small deterministic generator so failures reproduce.
    private struct LCG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
    }

    private static let alphabet: [UInt8] =
        Array("rgbahslwoknecd()#,/%.+-0123456789 *eE\t".utf8) + [0, 0x80, 0xFF, 0xC3]

    @Test func randomBytesNeverTrapAndNeverYieldNonFiniteColours() {
        var random = LCG(state: 42)
        let prefixes = ["rgb(", "hsl(", "hwb(", "lab(", "lch(", "oklab(", "oklch(", "#", ""]
        for _ in 0..<5000 {
            var bytes = Array(prefixes[Int(random.next() % UInt64(prefixes.count))].utf8)
            for _ in 0..<Int(random.next() % 24) {
                bytes.append(Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))])
            }
            bytes.withUnsafeBufferPointer { buffer in
                do throws(ColorSyntaxError) {
                    let (parsed, end) = try CSSColor.parse(buffer, at: 0, allowsBareHex: true)
                    #expect(end > 0 && end <= buffer.count)
                    #expect(parsed.components.x.isFinite && parsed.components.y.isFinite)
                    #expect(parsed.components.z.isFinite)
                    #expect(parsed.alpha >= 0 && parsed.alpha <= 1)
                    let rgb = parsed.space.toSRGB(parsed.components)
                    #expect(rgb.x.isFinite && rgb.y.isFinite && rgb.z.isFinite, "\(bytes)")
                } catch {
                    #expect(error.offset >= 0 && error.offset <= buffer.count)
                }
            }
        }
    }

    @Test(arguments: [
        "rgb(1e999 -1e999 1e400%)", "lab(50 1e308 -1e308)", "oklch(1 1e999 1e999turn)", "hsl(1e308 1e308% -1e308%)",
        "hwb(-1e999 1e999 1e999)", "lch(1e-400 1e400 1e308rad)", "oklab(0.5 99999999999999999999999 0)",
        "rgb(0 0 0 / 1e999%)",
    ])
    func hugeNumbersAreClampedToFiniteValues(text: String) throws {
        let parsed = try color(text)
        for index in 0..<3 { #expect(parsed.components[index].isFinite) }
        #expect(parsed.alpha.isFinite)
        let rgb = parsed.space.toSRGB(parsed.components)
        for index in 0..<3 { #expect(rgb[index].isFinite) }
        for space in ColorSpace.allCases {
            let converted = parsed.interpolationColor(in: space)
            for index in 0..<3 { #expect(converted.components[index].isFinite, "\(space)") }
        }
    }

    @Test func aVeryLongNumberIsParsed() throws {
        let digits = String(repeating: "1", count: 10_000)
        let parsed = try color("rgb(\(digits) 0 0)")
        #expect(parsed.components.x == 1)
    }
}
