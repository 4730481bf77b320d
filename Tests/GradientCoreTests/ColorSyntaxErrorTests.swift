import Testing

@testable import GradientCore

@Suite("Rejecting malformed colours")
struct ColorSyntaxErrorTests {
    @Test(arguments: [
        ("", 0, "expected a colour"),
        ("reddish", 0, "unknown colour name \"reddish\""),
        ("#12345", 0, "hex colour must have 3, 4, 6 or 8 digits"),
        ("#", 0, "hex colour must have 3, 4, 6 or 8 digits"),
        ("#ff0000ff00", 0, "hex colour must have 3, 4, 6 or 8 digits"),
        ("#12g", 3, "invalid hex digit 'g'"),
        ("12345", 0, "hex colour must have 3, 4, 6 or 8 digits"),
        ("12px", 2, "invalid hex digit 'p'"),
        ("rgb(1 2)", 7, "rgb() takes 3 channels"),
        ("rgb(1 2 3", 9, "expected ')'"),
        ("rgb(1 2 3 4)", 10, "rgb() takes 3 channels"),
        ("rgb(1, 2%, 3)", 7, "all numbers or all percentages"),
        ("rgb(1, 2, 3", 11, "expected ')'"),
        ("rgb(1, 2)", 8, "rgb() takes 3 channels"),
        ("rgb(none, 2, 3)", 4, "'none' is not allowed"),
        ("rgb(1 2, 3)", 7, "cannot mix commas and spaces"),
        ("rgb(1 2 3, 4)", 9, "cannot mix commas and spaces"),
        ("rgb(1, 2 3)", 9, "expected ','"),
        ("rgb(1, 2, 3, 4, 5)", 14, "at most 4 arguments"),
        ("rgb(1 2 x)", 8, "expected a number, percentage or 'none', found \"x\""),
        ("rgb(1 2 3 / )", 12, "expected alpha after '/'"),
        ("rgb(1 2 3 / 50deg)", 12, "alpha must be a number or percentage"),
        ("rgb(1 2 3 / 0.5 0.6)", 16, "expected ')'"),
        ("rgb(var(--red) 2 3)", 4, "var() is not supported here"),
        ("rgb(1 2 3 /* x", 10, "unterminated comment"),
        ("rgb(1px 2 3)", 4, "unexpected unit \"px\""),
        ("rgb (1 2 3)", 3, "expected '(' after rgb"),
        ("rgb(1 2 3) x", 10, "unexpected text after the colour"),
        ("red ", 3, "unexpected text after the colour"),
        (" red", 0, "expected a colour, found whitespace"),
        ("\u{0}", 0, "expected a colour, found byte 0x00"),
        ("rgb(1 2 \u{0})", 8, "unexpected byte 0x00 in rgb()"),
        ("hwb(1, 2%, 3%)", 5, "hwb() takes space-separated components, not commas"),
        ("hsl(120, 50, 50%)", 9, "hsl() takes percentages here"),
        ("hsl(10px 50% 50%)", 4, "unknown angle unit \"px\""),
        ("hsl(10% 50% 50%)", 4, "hue must be a number or an angle"),
        ("lab(50 20deg 0)", 7, "unexpected unit \"deg\""),
        ("lab(1e 2 3)", 4, "unexpected unit \"e\""),
        ("lch(50 20 30%)", 10, "hue must be a number or an angle"),
        ("oklab(0.5, 0.1, 0.1)", 9, "oklab() takes space-separated components, not commas"),
        ("oklch(0.5 0.1)", 13, "oklch() takes 3 components"),
        ("foo(1 2 3)", 0, "unknown colour function \"foo\""),
        ("device-cmyk(0 0 0 1)", 0, "device-cmyk() is not supported"),
        ("currentColour", 0, "unknown colour name \"currentColour\""),
        ("réd", 0, "unknown colour name \"réd\""),
        ("+5", 0, "expected a colour, found a number"),
        ("rgb(1 2 3 / 0.5", 15, "expected ')'"),
        ("rgb(1 2 3 / none / 1)", 17, "expected ')'"),
    ])
    func malformedColoursReportWhereAndWhy(text: String, offset: Int, message: String) {
        let error = parseError(text)
        #expect(error?.offset == offset, "\(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test(arguments: ["ff0000", "abc", "123456"])
    func bareHexIsRejectedInCSSText(text: String) {
        let error = parseError(text, bareHex: false)
        #expect(error?.offset == 0)
        #expect(error?.message == "hex colour needs '#' here")
    }

    @Test(arguments: ["12px", "12345", "5"])
    func numbersAreNotColoursInCSSText(text: String) {
        let error = parseError(text, bareHex: false)
        #expect(error == ColorSyntaxError(offset: 0, message: "expected a colour, found a number"))
    }

    @Test func invalidUTF8IsRejectedWithoutTrapping() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x28, 0x29]
        let error = bytes.withUnsafeBufferPointer { buffer -> ColorSyntaxError? in
            do throws(ColorSyntaxError) {
                _ = try CSSColor.parse(buffer, at: 0, allowsBareHex: true)
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.offset == 0)
        #expect(error?.message.hasPrefix("unknown colour function") == true)
    }

    @Test func longNamesAreShortenedInMessages() {
        let error = parseError(String(repeating: "x", count: 500))
        #expect(error?.message.count ?? 0 < 80)
    }
}
