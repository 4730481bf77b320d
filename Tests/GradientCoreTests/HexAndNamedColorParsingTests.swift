import Testing

@testable import GradientCore

/// Tolerance for parsed sRGB components: exact ratios of small integers.
private let tolerance = 1e-12

@Suite("Parsing hex and named colours")
struct HexAndNamedColorParsingTests {
    @Test(arguments: [
        ("#f00", 0xFF, 0x00, 0x00, 0xFF),
        ("#F00", 0xFF, 0x00, 0x00, 0xFF),
        ("#0f08", 0x00, 0xFF, 0x00, 0x88),
        ("#123456", 0x12, 0x34, 0x56, 0xFF),
        ("#ABCDEF", 0xAB, 0xCD, 0xEF, 0xFF),
        ("#ff000080", 0xFF, 0x00, 0x00, 0x80),
        ("#00000000", 0x00, 0x00, 0x00, 0x00),
        ("ff0000", 0xFF, 0x00, 0x00, 0xFF),
        ("111", 0x11, 0x11, 0x11, 0xFF),
        ("abcd", 0xAA, 0xBB, 0xCC, 0xDD),
        ("1a2B3c4D", 0x1A, 0x2B, 0x3C, 0x4D),
    ])
    func hexColoursGiveTheirChannelsOver255(text: String, r: Int, g: Int, b: Int, a: Int) throws {
        let parsed = try color(text)
        #expect(parsed.space == .srgb)
        #expect(parsed.isLegacy)
        #expect(parsed.missing.isEmpty)
        #expect(isClose(parsed.components, SIMD3(Double(r), Double(g), Double(b)) / 255, tolerance: tolerance))
        #expect((parsed.alpha - Double(a) / 255).magnitude < tolerance)
    }

    @Test(arguments: ["#fff", "#123456", "#12345678"])
    func hashHexColoursParseTheSameWithOrWithoutBareHex(text: String) throws {
        #expect(try color(text, bareHex: false) == color(text, bareHex: true))
    }

    @Test(arguments: [
        ("red", 0xFF0000), ("RED", 0xFF0000), ("Red", 0xFF0000), ("rebeccapurple", 0x663399),
        ("RebeccaPurple", 0x663399), ("gray", 0x808080), ("grey", 0x808080), ("darkslategrey", 0x2F4F4F),
        ("darkslategray", 0x2F4F4F), ("lightgoldenrodyellow", 0xFAFAD2), ("aliceblue", 0xF0F8FF),
        ("yellowgreen", 0x9ACD32), ("navajowhite", 0xFFDEAD), ("fuchsia", 0xFF00FF), ("cyan", 0x00FFFF),
    ])
    func namedColoursAreCaseInsensitiveSRGB(text: String, rgb: Int) throws {
        let parsed = try color(text)
        let expected = SIMD3(Double(rgb >> 16), Double(rgb >> 8 & 0xFF), Double(rgb & 0xFF)) / 255
        #expect(parsed.space == .srgb)
        #expect(parsed.isLegacy)
        #expect(parsed.alpha == 1)
        #expect(isClose(parsed.components, expected, tolerance: tolerance))
    }

    @Test(arguments: ["transparent", "TRANSPARENT", "Transparent"])
    func transparentIsTransparentBlack(text: String) throws {
        let parsed = try color(text)
        #expect(parsed == CSSColor(space: .srgb, components: .zero, alpha: 0, missing: [], isLegacy: true))
    }

    @Test func theNamedColourTableHas148SortedDistinctNames() {
        let names = NamedColors.table.map { "\($0.name)" }
        #expect(names.count == 148)
        #expect(names == names.sorted())
        #expect(Set(names).count == 148)
    }

    @Test func everyNamedColourParsesToItsTableValue() throws {
        for entry in NamedColors.table {
            let parsed = try color("\(entry.name)".uppercased(), bareHex: false)
            let rgb = entry.rgb
            let expected = SIMD3(Double(rgb >> 16), Double(rgb >> 8 & 0xFF), Double(rgb & 0xFF)) / 255
            #expect(isClose(parsed.components, expected, tolerance: tolerance), "\(entry.name)")
        }
    }

    @Test func namedColoursWinOverBareHex() throws {
        // No CSS name consists only of hex digits, but the lookup order must not depend on that.
        #expect(try color("beige") == color("#f5f5dc"))
    }
}
