import Testing

@testable import GradientCore

/// The error from a `css` gradient, if any.
private func cssError(_ css: String) -> SpecError? {
    do throws(SpecError) {
        _ = try GradientSpec(queryItems: [("css", css)])
        return nil
    } catch {
        return error
    }
}

/// The error from a parameter query (percent-encoded), if any.
private func queryError(_ query: String) throws -> SpecError? {
    let items = try QueryString.decode(Substring(query))
    do throws(SpecError) {
        _ = try GradientSpec(queryItems: items)
        return nil
    } catch {
        return error
    }
}

@Suite("CSS math functions in gradients")
struct CSSMathGradientTests {
    static let accepted = [
        "linear-gradient(calc(45deg + 10deg), oklab(0.6 0.1 -0.1) 10%, oklch(0.7 0.15 200))",
        "repeating-linear-gradient(hsl(120,50%,50%) 0, red calc(50% - 10px), blue)",
        "linear-gradient(rgb(10 20 30) max(10%, 20px) 1em, red)",
        "linear-gradient(red 1em, blue 3rem)", "linear-gradient(red 10vw, blue 10vmax)",
        "linear-gradient(red calc(1px)calc(2px), blue)", "linear-gradient(red, calc(20% + 5px), blue)",
        "radial-gradient(circle max(10px, 1em) at calc(10px + 5%) top, red, blue)",
        "radial-gradient(at left calc(10px - 5%) bottom 5%, red, blue)", "radial-gradient(10vw 10vh, red, blue)",
        "conic-gradient(from calc(pi * 1rad), red calc(10% + 10deg), blue round(up, 30%, 7deg))",
        "linear-gradient(red clamp(none, 10px, none), blue mod(10px, 3px) rem(-10px, 3px))",
        "linear-gradient(calc(atan2(1px, 1px) + asin(1)), red calc(sin(1) * 1px), blue hypot(3px, 4%))",
    ]

    @Test("the issue's examples and every function are accepted", arguments: accepted)
    func acceptance(css: String) {
        #expect(cssError(css) == nil)
    }

    static let equivalent: [(String, String)] = [
        ("linear-gradient(calc(45deg + 10deg), red, blue)", "linear-gradient(55deg, red, blue)"),
        ("linear-gradient(red calc(25% + 25%), blue)", "linear-gradient(red 50%, blue)"),
        ("linear-gradient(red calc(10% + 20%), blue)", "linear-gradient(red 30%, blue)"),
        ("linear-gradient(red 1em, blue 3rem)", "linear-gradient(red 16px, blue 48px)"),
        ("linear-gradient(red max(10%, 30px), blue)", "linear-gradient(red 30px, blue)"),
        ("linear-gradient(red calc(50% - 10px), blue)", "linear-gradient(red 90px, blue)"),
        ("linear-gradient(red 10vmin, blue 10vmax)", "linear-gradient(red 20px, blue 30px)"),
        ("linear-gradient(red, calc(20% + 10px), blue)", "linear-gradient(red, 50px, blue)"),
        ("linear-gradient(red calc(80% + 10px), blue 50%)", "linear-gradient(red 170px, blue 170px)"),
        (
            "radial-gradient(at calc(100% - 30px) calc(25% + 10px), red, blue)",
            "radial-gradient(at 270px 60px, red, blue)"
        ),
        ("radial-gradient(at right calc(10px + 5%) top 0, red, blue)", "radial-gradient(at 275px 0, red, blue)"),
        ("radial-gradient(calc(10px * 3) calc(10%), red, blue)", "radial-gradient(30px 10%, red, blue)"),
        ("radial-gradient(calc(-10px) 5px, red, blue)", "radial-gradient(0px 5px, red, blue)"),
        ("radial-gradient(10vw 10vh, red, blue)", "radial-gradient(30px 20px, red, blue)"),
        ("radial-gradient(circle max(10px, 1em), red, blue)", "radial-gradient(circle 16px, red, blue)"),
        ("radial-gradient(red calc(50% + 9px), blue)", "radial-gradient(red calc(10px + 50% - 1px), blue)"),
        (
            "conic-gradient(from calc(0.25turn - 10deg), red calc(10% + 10deg), blue)",
            "conic-gradient(from 80deg, red 46deg, blue)"
        ),
    ]

    @Test("a math function means what its value means: one canonical form, one ETag", arguments: equivalent)
    func equivalence(css: String, plain: String) throws {
        let a = try cssSpec(css)
        let b = try cssSpec(plain)
        #expect(a.canonicalForm == b.canonicalForm)
        #expect(a.stableHash(version: "1") == b.stableHash(version: "1"))
    }

    static let parameterForms: [(String, String)] = [
        ("colors=red@calc(50%25%20-%2010px),blue", "css=linear-gradient(red%20calc(50%25%20-%2010px),%20blue)"),
        ("colors=red,calc(0.5%20*%200.5),blue", "colors=red,0.25,blue"),
        ("colors=red@max(10%25,30px),blue", "colors=red@30px,blue"),
        ("colors=red,blue&angle=calc(45deg%20%2B%2010deg)", "colors=red,blue&angle=55"),
        ("colors=red,blue&angle=calc(40%20%2B%2015)", "colors=red,blue&angle=55"),
        ("type=conic&colors=red,blue&from=calc(0.25turn%20-%2010deg)", "type=conic&colors=red,blue&from=80"),
        ("type=conic&colors=red@calc(10%25%20%2B%2010deg),blue", "type=conic&colors=red@46deg,blue"),
        (
            "type=radial&colors=red,blue&center=calc(100%25%20-%2030px),max(10%25,20px)",
            "type=radial&colors=red,blue&center=270px,20px"
        ),
        (
            "type=radial&colors=red,blue&size=calc(10px%20*%203),calc(10%25)",
            "type=radial&colors=red,blue&size=30px,10%25"
        ),
        ("type=radial&colors=red,blue&size=max(1em,10px)&shape=circle", "type=radial&colors=red,blue&size=16"),
        ("type=radial&colors=red,blue&size=calc(-5px)", "type=radial&colors=red,blue&size=0"),
        (
            "colors=red,blue&start=calc(0.5%20*%200.2),0&end=1,calc(100%25%20-%201px)",
            "colors=red,blue&start=0.1,0&end=1,199px"
        ),
    ]

    @Test("the parameter form takes math functions in angles and stop positions", arguments: parameterForms)
    func parameterForm(query: String, plain: String) throws {
        #expect(try querySpec(query).canonicalForm == querySpec(plain).canonicalForm)
    }

    static let refused: [(String, String)] = [
        ("linear-gradient(red calc(1px + 1), blue)", "calc() cannot add a number to a length at offset 29, got \"+\""),
        (
            "linear-gradient(red calc(1 - 1px), blue)",
            "calc() cannot subtract a length from a number at offset 27, got \"-\""
        ),
        (
            "conic-gradient(red calc(10deg + 10px), blue)",
            "calc() cannot add a length to an angle at offset 30, got \"+\""
        ),
        (
            "linear-gradient(red calc(50% -1px), blue)",
            "calc() needs whitespace on both sides of '-': write '- 1px' at offset 29, got \"-1px\""
        ),
        (
            "linear-gradient(red calc(50%- 1px), blue)",
            "calc() needs whitespace on both sides of '-' at offset 28, got \"-\""
        ),
        (
            "linear-gradient(red calc(1px/**/+/**/2px), blue)",
            "calc() needs whitespace on both sides of '+' at offset 32, got \"+\""
        ),
        (
            "linear-gradient(red calc(1px 2px), blue)",
            "expected an operator, ',' or ')' in calc(); in a URL a '+' is a space: write it as %2B at offset 29, "
                + "got \"2px\""
        ),
        (
            "linear-gradient(red calc(1px * 1px), blue)",
            "expected a length or a percentage, but calc() gives a length^2 at offset 20, got \"calc(\""
        ),
        (
            "linear-gradient(red calc(0), blue)",
            "expected a length or a percentage, but calc() gives a number at offset 20, got \"calc(\""
        ),
        ("linear-gradient(calc(10%), red, blue)", "calc() cannot take a percentage here at offset 21, got \"10%\""),
        (
            "linear-gradient(red min(1px, 1deg), blue)",
            "min() cannot combine a length with an angle at offset 29, got \"1deg\""
        ),
        (
            "linear-gradient(red round(10px), blue)",
            "round() of a length needs a step: round(A, 1px) at offset 20, got \"round(\""
        ),
        (
            "linear-gradient(red calc(sqrt(4px)), blue)",
            "sqrt() takes numbers, not a length at offset 25, got \"sqrt(\""
        ),
        (
            "linear-gradient(red calc(sin(1px) * 1px), blue)",
            "sin() takes a number or an angle, not a length at offset 25, got \"sin(\""
        ),
        ("linear-gradient(red calc(pow(2)), blue)", "pow() takes 2 arguments at offset 25, got \"pow(\""),
        ("linear-gradient(red clamp(1px, 2px), blue)", "clamp() takes 3 arguments at offset 20, got \"clamp(\""),
        (
            "linear-gradient(red clamp(1px, none, 2px), blue)",
            "clamp() needs a value between its bounds, not 'none' at offset 31, got \"none\""
        ),
        ("linear-gradient(red mod(1px), blue)", "mod() takes 2 arguments at offset 20, got \"mod(\""),
        (
            "linear-gradient(red calc(-pi * 1px), blue)",
            "unknown constant in calc(); expected e, pi, infinity, -infinity or NaN at offset 25, got \"-pi\""
        ),
        (
            "linear-gradient(red calc(1ex), blue)",
            "unknown unit in calc(); expected px, cm, mm, q, in, pt, pc, em, rem, vw, vh, vmin, vmax, deg, grad, rad "
                + "or turn at offset 25, got \"1ex\""
        ),
        (
            "linear-gradient(red calc(var(--x)), blue)",
            "var() is not a math function; expected calc(), min(), max(), clamp(), round(), mod(), rem(), abs(), "
                + "sign(), sin(), cos(), tan(), asin(), acos(), atan(), atan2(), pow(), sqrt(), hypot(), log() or exp() "
                + "at offset 25, got \"var(\""
        ),
        ("linear-gradient(red calc((1px), blue)", "calc() takes 1 argument; expected ')' at offset 30, got \",\""),
        (
            "radial-gradient(calc(50% - 10px) 20%, red, blue)",
            "calc() cannot subtract a length from a percentage at offset 25, got \"-\""
        ),
        (
            "radial-gradient(circle calc(10% + 0%), red, blue)",
            "a circle's radius must be a length; it cannot use a percentage at offset 23, got \"calc(\""
        ),
        (
            "linear-gradient(calc(1deg * 10vw / 1px), red, blue)",
            "an angle cannot depend on the image size (vw, vh, vmin, vmax) here at offset 16, got \"calc(\""
        ),
        (
            "linear-gradient(red " + String(repeating: "calc(", count: 40) + "1px" + String(repeating: ")", count: 40)
                + ", blue)",
            "math functions nest too deeply (at most 32 levels) at offset 180, got \"calc(\""
        ),
    ]

    @Test("a refused math expression names the offset and the construct", arguments: refused)
    func refusal(css: String, detail: String) {
        #expect(cssError(css)?.detail == "css: " + detail)
    }

    @Test("the parameter form reports the math error and where it is")
    func parameterRefusal() throws {
        #expect(
            try queryError("colors=red@calc(1px%20%2B%201),blue")?.detail
                == "colors must be a valid math expression, but calc() cannot add a number to a length at offset 9 "
                + "(\"+\"), got \"calc(1px + 1)\"")
        #expect(
            try queryError("type=radial&colors=red,blue&size=calc(10%25)&shape=circle")?.detail
                == "size must be a valid math expression, but calc() cannot take a percentage here at offset 5 "
                + "(\"10%\"), got \"calc(10%)\"")
        #expect(
            try queryError("colors=red,blue&angle=calc(10vw)")?.detail
                == "angle must be a valid math expression, but expected an angle, but calc() gives a length at offset "
                + "0 (\"calc(\"), got \"calc(10vw)\"")
    }

    @Test("a hard stop at calc(50% - 1px) puts the colour edge at x = 99 of 200")
    func hardStop() throws {
        for query in [
            "css=linear-gradient(90deg,%20red%20calc(50%25%20-%201px),%20blue%20calc(50%25%20-%201px))",
            "colors=red@calc(50%25%20-%201px),blue@calc(50%25%20-%201px)&dir=horizontal",
        ] {
            let image = try RenderedImage(query: query + "&width=200&height=4&dither=off")
            for y in 0..<4 {
                #expect(image.pixel(98, y) == SIMD4(255, 0, 0, 255))
                #expect(image.pixel(99, y) == SIMD4(0, 0, 255, 255))
            }
        }
    }

    @Test("em, rem and viewport units put hard edges where a browser puts them")
    func relativeUnits() throws {
        let cases: [(css: String, edge: Int)] = [
            ("linear-gradient(90deg,%20red%201em,%20blue%201em)", 16),
            ("linear-gradient(90deg,%20red%203rem,%20blue%203rem)", 48),
            ("linear-gradient(90deg,%20red%2025vw,%20blue%2025vw)", 50),
            ("linear-gradient(90deg,%20red%20calc(10vh%20%2B%201em),%20blue%200)", 26),
            ("linear-gradient(90deg,%20red%20max(10%25,%2030px),%20blue%200)", 30),
            ("linear-gradient(90deg,%20red%20min(10%25,%2030px),%20blue%200)", 20),
        ]
        for (css, edge) in cases {
            let image = try RenderedImage(query: "css=" + css + "&width=200&height=100&dither=off")
            #expect(image.pixel(edge - 1, 50) == SIMD4(255, 0, 0, 255), "\(css)")
            #expect(image.pixel(edge, 50) == SIMD4(0, 0, 255, 255), "\(css)")
        }
    }

    @Test("a radial ray with a calc() stop resolves against the ray, a calc() centre against the box")
    func radialGeometry() throws {
        let image = try RenderedImage(
            query:
                "css=radial-gradient(circle%2040px%20at%20calc(100%25%20-%2050px)%2050%25,%20red%20calc(50%25%20-%205px),"
                + "%20blue%200)&width=200&height=100&dither=off")
        // Centre (150, 50), edge at radius 15: pixel centres 164.5 and 165.5 straddle it.
        #expect(image.pixel(164, 50) == SIMD4(255, 0, 0, 255))
        #expect(image.pixel(165, 50) == SIMD4(0, 0, 255, 255))
        #expect(image.pixel(135, 50) == SIMD4(255, 0, 0, 255))
        #expect(image.pixel(134, 50) == SIMD4(0, 0, 255, 255))
    }
}
