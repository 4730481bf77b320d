import Testing

@testable import GradientCore

/// The error from a `css` gradient, if any.
private func cssError(_ css: String, limits: SpecLimits = .standard) -> SpecError? {
    do throws(SpecError) {
        _ = try GradientSpec(queryItems: [("css", css)], limits: limits)
        return nil
    } catch {
        return error
    }
}

@Suite("CSS gradient syntax errors")
struct CSSGradientErrorTests {
    static let errors: [(String, String)] = [
        ("linear-gradient(sideways, red, blue)", "expected an angle or 'to' at offset 16, got \"sideways\""),
        ("linear-gradient(45, red, blue)", "expected an angle or 'to' at offset 16, got \"45\""),
        (
            "linear-gradient(to sideways, red)",
            "expected 'left', 'right', 'top' or 'bottom' after 'to' at offset 19, got \"sideways\""
        ),
        ("linear-gradient(to left right, red, blue)", "expected 'top' or 'bottom' at offset 24, got \"right\""),
        ("linear-gradient(45deg red, blue)", "expected ',' or 'in' at offset 22, got \"red\""),
        ("linear-gradient(in oklab sideways, red)", "expected an angle, 'to' or ',' at offset 25, got \"sideways\""),
        (
            "linear-gradient(in cmyk, red, blue)",
            "expected a colour space: srgb, srgb-linear, oklab, oklch, lab, lch, hsl, hwb, display-p3, a98-rgb, "
                + "prophoto-rgb, rec2020, xyz-d50, xyz-d65 or xyz at offset 19, got \"cmyk\""
        ),
        (
            "linear-gradient(in p3, red, blue)",
            "expected a colour space: srgb, srgb-linear, oklab, oklch, lab, lch, hsl, hwb, display-p3, a98-rgb, "
                + "prophoto-rgb, rec2020, xyz-d50, xyz-d65 or xyz at offset 19, got \"p3\""
        ),
        (
            "linear-gradient(in oklab longer hue, red, blue)",
            "hue interpolation applies to polar spaces (oklch, lch, hsl, hwb) at offset 25, got \"longer\""
        ),
        ("linear-gradient(in oklch longer, red, blue)", "expected 'hue' at offset 31, got \",\""),
        (
            "linear-gradient(red, bleu)",
            "invalid colour: unknown colour name \"bleu\" (did you mean \"blue\"?) at offset 21, got \"bleu\""
        ),
        ("linear-gradient(red, ff0000)", "invalid colour: hex colour needs '#' here at offset 21, got \"ff0000\""),
        ("linear-gradient(red 10ex, blue)", "expected a length or a percentage at offset 20, got \"10ex\""),
        ("linear-gradient(red 10deg, blue)", "expected a length or a percentage at offset 20, got \"10deg\""),
        ("linear-gradient(red 10, blue)", "expected a length or a percentage at offset 20, got \"10\""),
        ("linear-gradient(red 1% 2% 3%, blue)", "a colour stop takes at most two positions at offset 26, got \"3%\""),
        (
            "linear-gradient(30%, red, blue)",
            "a colour hint must stand between two colour stops at offset 16, got \"30%\""
        ),
        (
            "linear-gradient(red, blue, 30%)",
            "a colour hint must stand between two colour stops at offset 27, got \"30%\""
        ),
        (
            "linear-gradient(red, 30%, 40%, blue)",
            "a colour hint must stand between two colour stops at offset 26, got \"40%\""
        ),
        (
            "linear-gradient(red, blue,",
            "invalid colour: expected a colour, found the end of the text at offset 26, got the end of the text"
        ),
        ("linear-gradient(red, blue))", "expected the end of the text after the gradient at offset 26, got \")\""),
        ("linear-gradient(red, blue /* x", "unterminated comment at offset 26, got \"/*\""),
        ("linear-gradient()", "invalid colour: expected a colour, found ')' at offset 16, got \")\""),
        ("linear-gradient(to right)", "expected ',' or 'in' at offset 24, got \")\""),
        ("linear-gradient(/* é */ sideways, red)", "expected an angle or 'to' at offset 24, got \"sideways\""),
        (
            "radial-gradient(circle 10%, red, blue)",
            "a circle's radius must be a length, not a percentage at offset 23, got \"10%\""
        ),
        ("radial-gradient(circle 10px 20px, red, blue)", "a circle takes one radius at offset 28, got \"20px\""),
        ("radial-gradient(ellipse 10px, red, blue)", "an ellipse takes two radii at offset 24, got \"10px\""),
        ("radial-gradient(-10px 20px, red)", "a radius must not be negative at offset 16, got \"-10px\""),
        ("radial-gradient(sideways, red)", "expected a shape, a size or 'at' at offset 16, got \"sideways\""),
        ("radial-gradient(at, red, blue)", "expected a position after 'at' at offset 18, got \",\""),
        (
            "radial-gradient(at left right, red, blue)",
            "expected a keyword for the other axis at offset 24, got \"right\""
        ),
        (
            "radial-gradient(at top 10px, red, blue)",
            "expected 'left', 'center', 'right' or a length before a vertical length at offset 19, got \"top\""
        ),
        (
            "radial-gradient(at 10px 20px 30px, red, blue)",
            "a position takes 1, 2 or 4 values, not 3 (an offset for each edge keyword: 'right 10px top 0') at offset 19, "
                + "got \"10px\""
        ),
        ("radial-gradient(circle circle, red)", "expected ',' at offset 23, got \"circle\""),
        ("conic-gradient(from 10px, red, blue)", "expected an angle after 'from' at offset 20, got \"10px\""),
        ("conic-gradient(red 10px, blue)", "expected an angle or a percentage at offset 19, got \"10px\""),
        ("conic-gradient(at center from 10deg, red)", "expected ',' at offset 25, got \"from\""),
        ("conic-gradient(sideways, red)", "expected 'from' or 'at' at offset 15, got \"sideways\""),
        (
            "-webkit-linear-gradient(red, blue)",
            "expected linear-gradient(), radial-gradient(), conic-gradient() or a repeating- form of one at offset 0, "
                + "got \"-webkit-linear-gradient(\""
        ),
        (
            "linear-gradient (red, blue)",
            "expected linear-gradient(), radial-gradient(), conic-gradient() or a repeating- form of one at offset 0, "
                + "got \"linear-gradient\""
        ),
        ("linear-gradient(red 1e999px, blue)", "number out of range at offset 20, got \"1e999px\""),
    ]

    @Test("malformed css names the token and its character offset", arguments: errors)
    func refusal(css: String, detail: String) {
        let error = cssError(css)
        #expect(error?.parameter == "css")
        #expect(error?.detail == "css: " + detail)
    }

    @Test("the detail format of the issue", arguments: ["linear-gradient(sideways, red, blue)"])
    func issueExample(css: String) {
        #expect(cssError(css)?.detail == "css: expected an angle or 'to' at offset 16, got \"sideways\"")
        #expect(cssError(css) == .cssSyntax(offset: 16, token: "sideways", message: "expected an angle or 'to'"))
    }

    @Test(
        "css is exclusive with the gradient parameters, naming both",
        arguments: GradientSpec.parametersExclusiveWithCSS)
    func exclusive(parameter: String) {
        do throws(SpecError) {
            _ = try GradientSpec(queryItems: [("css", "linear-gradient(red, blue)"), (parameter, "1")])
            Issue.record("accepted css with \(parameter)")
        } catch {
            #expect(error.parameter == parameter)
            #expect(error.detail.hasPrefix("\(parameter) cannot be combined with css"))
        }
    }

    @Test("stop entries past the limit are refused as they are reached")
    func tooManyStops() {
        let limits = SpecLimits(maxStops: 3)
        #expect(throws: Never.self) {
            try GradientSpec(queryItems: [("css", "linear-gradient(red, 40%, green)")], limits: limits)
        }
        #expect(
            cssError("linear-gradient(red, green, blue, white)", limits: limits)?.detail
                == "css: at most 3 colour stops and hints are allowed at offset 34, got \"white\"")
        let many = "linear-gradient(" + Array(repeating: "red", count: 100_000).joined(separator: ",") + ")"
        #expect(cssError(many)?.detail.contains("at most 256 colour stops") == true)
    }

    @Test(
        "every prefix and damaged form of a valid gradient is accepted or refused, never trapping",
        arguments: [
            "repeating-radial-gradient(circle 40px at right 10px top 20%, rgb(255 0 0 / 50%) 0 10px, 30%, "
                + "oklch(0.7 0.1 200) 20px) ",
            "conic-gradient(from 0.25turn at left 10% bottom 25% in hsl longer hue, red 0 25%, blue 90deg 1turn)",
            "linear-gradient(in oklch 135deg, #ff7e5f 10%, #feb47b)",
        ])
    func prefixes(css: String) {
        let characters = Array(css)
        for end in 0...characters.count {
            let prefix = String(characters[..<end])
            _ = cssError(prefix)
            _ = cssError(prefix + ")")
            _ = cssError(String(characters[end...]))
        }
    }
}

@Suite("CSS gradient canonical forms")
struct CSSGradientCanonicalTests {
    @Test(
        "exact canonical specs of CSS gradients",
        arguments: [
            (
                "linear-gradient(to right, red, blue)",
                "300x200 d8 dither linear(0 100, 300 100) pad srgb stops(1 0 0 / 1 @0; 0 0 1 / 1 @1)"
            ),
            (
                "radial-gradient(circle 40px at right 10px top 20%, red 10px, blue)",
                "300x200 d8 dither radial(290 40, 40 40) pad srgb stops(1 0 0 / 1 @0.25; 0 0 1 / 1 @1)"
            ),
            (
                "repeating-conic-gradient(from 90deg at 0 0, red 0 25%, blue 25% 50%)",
                "300x200 d8 dither conic(0 0, 90deg) repeat srgb stops(1 0 0 / 1 @0; 1 0 0 / 1 @0.25; "
                    + "0 0 1 / 1 @0.25; 0 0 1 / 1 @0.5)"
            ),
            (
                "linear-gradient(in hsl longer hue, red, 25%, blue)",
                "300x200 d8 dither linear(150 0, 150 200) pad hsl longer stops(0 1 0.5 / 1 @0 ~0.25 from srgb(1 0 0); "
                    + "240 1 0.5 / 1 @1 from srgb(0 0 1))"
            ),
            (
                "radial-gradient(closest-side at 100px 50px, transparent, white)",
                "300x200 d8 dither radial(100 50, 100 50) pad srgb stops(0 0 0 / 0 @0; 1 1 1 / 1 @1)"
            ),
        ])
    func canonical(css: String, expected: String) throws {
        #expect(try cssSpec(css).canonicalForm == expected)
    }
}
