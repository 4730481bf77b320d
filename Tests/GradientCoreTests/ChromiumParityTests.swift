import Testing

@testable import GradientCore

/// The error a `css` gradient at 300×200 is refused with, if it is.
private func refusal(_ css: String) -> SpecError? {
    do {
        _ = try cssSpec(css)
        return nil
    } catch let error as SpecError {
        return error
    } catch {
        return nil
    }
}

/// Strings on which css= once disagreed with Chromium's `CSS.supports('background-image', …)`, found by
/// scripts/css-parity.py, and what each now gives.
@Suite("css= accepts what Chromium accepts")
struct ChromiumParityTests {
    @Test(
        "the end of the text closes every open function and parenthesis, as CSS Syntax 3 says",
        arguments: [
            ("linear-gradient(red, blue", "linear-gradient(red, blue)"),
            ("linear-gradient(red, rgb(1 2 3", "linear-gradient(red, rgb(1 2 3))"),
            ("linear-gradient(red, blue calc((10% + 5px", "linear-gradient(red, blue calc((10% + 5px)))"),
            (
                "linear-gradient(red, color-mix(in srgb, red, blue",
                "linear-gradient(red, color-mix(in srgb, red, blue))"
            ),
            ("conic-gradient(currentcolor, ButtonText", "conic-gradient(currentcolor, ButtonText)"),
        ])
    func unclosedFunctionsCloseAtTheEnd(open: String, closed: String) throws {
        #expect(try cssSpec(open).canonicalForm == cssSpec(closed).canonicalForm)
    }

    @Test("a string that is still wrong once closed is refused at its end, or where the fault is")
    func unclosedButInvalidStringsAreRefused() {
        #expect(
            refusal("linear-gradient(red, blue calc(10% +")?.detail
                == "css: calc() needs whitespace on both sides of '+' at offset 35, got \"+\"")
        #expect(refusal("linear-gradient(red, blue,") != nil)
        #expect(refusal("linear-gradient(red, blue))") != nil)
        #expect(refusal("linear-gradient(red, blue (") != nil)
    }

    @Test("a gradient's position takes 1, 2 or 4 values: the 3-value forms are refused, naming the position")
    func threeValuePositionsAreRefused() throws {
        for css in [
            "radial-gradient(at right 10px top, red, blue)", "radial-gradient(at left top 5px, red, blue)",
            "radial-gradient(at center top 5px, red, blue)", "conic-gradient(at left 1.3em top, red, blue)",
        ] {
            let detail = refusal(css)?.detail ?? ""
            #expect(detail.hasPrefix("css: a position takes 1, 2 or 4 values, not 3"), "\(css): \(detail)")
        }
        #expect(
            refusal("radial-gradient(at right 10px top, red, blue)")?.detail.hasSuffix("offset 19, got \"right\"")
                == true)
        _ = try cssSpec("radial-gradient(at top 5px left 5px, red, blue)")
        #expect(refusal("radial-gradient(at center 5px top 5px, red, blue)") != nil)
    }

    @Test("a relative rgb() keeps channels outside 0…255, as Chromium interpolates them")
    func relativeRGBIsNotClamped() throws {
        try ParsedColorCase("rgb(from #efcfef r calc(g + 114) b)", .srgb, [239.0 / 255, 321.0 / 255, 239.0 / 255], 1)
            .check()
        try ParsedColorCase("rgb(from red calc(r - 510) g b)", .srgb, [-1, 0, 0], 1).check()
        let legacy = try color("rgb(239 321 239)", bareHex: false)
        #expect(legacy.components == SIMD3(239.0 / 255, 1, 239.0 / 255))
    }
}
