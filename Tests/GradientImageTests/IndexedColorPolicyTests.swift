import Foundation
import GradientCore
import Testing

@testable import GradientImage

/// Which PNGs the census may index: dithered radial and conic ramps only when the dither leaves them as they are.
@Suite("Indexed colour policy")
struct IndexedColorPolicyTests {
    static func spec(_ css: String, options: String = "") throws -> GradientSpec {
        let encoded = try #require(css.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let query = "css=" + encoded + "&width=640&height=420" + options
        return try ImageRequest(queryItems: QueryString.decode(Substring(query))).spec
    }

    @Test(
        "a ramp is hard stops only when every stretch between adjacent stops is one colour",
        arguments: [
            ("radial-gradient(#ffd700 20%, #ff8c00 20% 40%, #8b0000 40%)", true),
            ("conic-gradient(#f00 0 25%, #0f0 0 50%, #00f 0 75%, #ff0 0)", true),
            ("radial-gradient(in hsl shorter hue, red, red)", true),
            ("radial-gradient(in hsl longer hue, red, red)", false),
            ("radial-gradient(#ffd700, #8b0000)", false),
            ("radial-gradient(#ffd700 20%, #8b0000 40%)", false),
        ])
    func hardStopsOnly(css: String, expected: Bool) throws {
        #expect(IndexedColorPolicy.hasHardStopsOnly(try Self.spec(css)) == expected)
    }

    @Test(
        "dithered radial and conic layers are considered only with hard stops only",
        arguments: [
            ("radial-gradient(#ffd700 30%, #8b0000 30%)", "", true),
            ("radial-gradient(#ffd700, #8b0000)", "", false),
            ("radial-gradient(#ffd700, #8b0000)", "&dither=off", true),
            ("conic-gradient(#ffd700, #8b0000)", "", false),
            ("linear-gradient(#ffd700, #8b0000)", "", true),
            ("radial-gradient(#fff 30%, transparent 30%), linear-gradient(#ffd700, #8b0000)", "", true),
            ("radial-gradient(#ffffff80, transparent), linear-gradient(#ffd700, #8b0000)", "", false),
        ])
    func consideredLayers(css: String, options: String, expected: Bool) throws {
        #expect(IndexedColorPolicy.current.considers(try Self.spec(css, options: options)) == expected)
    }
}
