import Testing

@testable import GradientCore

/// The spec of a `css` gradient at 300×200 with `extra` parameters.
func cssSpec(_ css: String, _ extra: [(name: String, value: String)] = []) throws -> GradientSpec {
    try GradientSpec(queryItems: [("css", css), ("width", "300"), ("height", "200")] + extra)
}

/// The spec of a parameter query (percent-encoded) at 300×200.
func querySpec(_ query: String) throws -> GradientSpec {
    try GradientSpec(queryItems: try QueryString.decode(Substring(query + "&width=300&height=200")))
}

@Suite("CSS gradients equal their parameter forms")
struct CSSGradientEquivalenceTests {
    static let linear: [(String, String)] = [
        ("linear-gradient(red, blue)", "colors=red,blue"),
        ("linear-gradient(180deg, red, blue)", "colors=red,blue"),
        ("linear-gradient(to bottom, red, blue)", "colors=red,blue&dir=to-bottom"),
        ("linear-gradient(to right, red, blue)", "colors=red,blue&dir=to-right"),
        ("linear-gradient(to left, red, blue)", "colors=red,blue&dir=to-left"),
        ("linear-gradient(to top, red, blue)", "colors=red,blue&dir=to-top"),
        ("linear-gradient(to top right, red, blue)", "colors=red,blue&dir=to-top-right"),
        ("linear-gradient(to right top, red, blue)", "colors=red,blue&dir=to-top-right"),
        ("linear-gradient(to bottom left, red, blue)", "colors=red,blue&dir=to-bottom-left"),
        ("linear-gradient(to right bottom, red, blue)", "colors=red,blue&dir=to-bottom-right"),
        ("linear-gradient(to top left, red, blue)", "colors=red,blue&dir=to-top-left"),
        ("linear-gradient(45deg, red, blue)", "colors=red,blue&angle=45"),
        ("linear-gradient(0.25turn, red, blue)", "colors=red,blue&angle=90"),
        ("linear-gradient(100grad, red, blue)", "colors=red,blue&angle=90"),
        ("linear-gradient(1.5707963267948966rad, red, blue)", "colors=red,blue&angle=90"),
        ("linear-gradient(0, red, blue)", "colors=red,blue&angle=0"),
        ("linear-gradient(-45deg, red, blue)", "colors=red,blue&angle=315"),
        ("linear-gradient(45DEG, RED, Blue)", "colors=red,blue&angle=45"),
        ("LINEAR-GRADIENT(To RIGHT, red, blue)", "colors=red,blue&dir=to-right"),
        ("linear-gradient(/* a */45deg/**/,red/* b */,\n\tblue )", "colors=red,blue&angle=45"),
        ("  linear-gradient( 45deg , red , blue )  ", "colors=red,blue&angle=45"),
        ("linear-gradient(red 10%, blue 90%)", "colors=red@10%25,blue@90%25"),
        ("linear-gradient(red 20px, blue 150px)", "colors=red@20px,blue@150px"),
        ("linear-gradient(red 1in, blue)", "colors=red@96px,blue"),
        ("linear-gradient(red 0 10%, blue 10% 100%)", "colors=red@0@10%25,blue@10%25@100%25"),
        ("linear-gradient(red, 30%, blue)", "colors=red,30%25,blue"),
        ("linear-gradient(red, 40px, blue)", "colors=red,40px,blue"),
        ("linear-gradient(red, green, blue)", "colors=red,green,blue"),
        ("linear-gradient(red, green 80%, blue)", "colors=red,green@80%25,blue"),
        ("linear-gradient(red 50%, blue 50%)", "colors=red@50%25,blue@50%25"),
        ("linear-gradient(red 60%, blue 20%)", "colors=red@60%25,blue@20%25"),
        ("linear-gradient(red)", "colors=red"),
        ("linear-gradient(#ff0000, #00f)", "colors=red,blue"),
        ("linear-gradient(#FF7E5F80, #feb47b)", "colors=%23ff7e5f80,feb47b"),
        (
            "linear-gradient(rgb(255 0 0 / 50%), rgba(0, 0, 255, 0.5))",
            "colors=rgb(255%200%200%20/%2050%25),rgba(0,0,255,0.5)"
        ),
        (
            "linear-gradient(hsl(120deg 100% 25%), hwb(240 0% 0%))",
            "colors=hsl(120deg%20100%25%2025%25),hwb(240%200%25%200%25)"
        ),
        ("linear-gradient(lab(50% 40 60), lch(60% 50 120deg))", "colors=lab(50%25%2040%2060),lch(60%25%2050%20120deg)"),
        (
            "linear-gradient(oklab(0.6 0.1 -0.1), oklch(70% 0.15 200))",
            "colors=oklab(0.6%200.1%20-0.1),oklch(70%25%200.15%20200)"
        ),
        ("linear-gradient(RGB( 255 , 0 , 0 ), /* c */ blue)", "colors=red,blue"),
        ("linear-gradient(transparent, white)", "colors=transparent,white"),
        ("linear-gradient(red, oklch(0.7 0.1 200))", "colors=red,oklch(0.7%200.1%20200)"),
        ("linear-gradient(in oklab, red, blue)", "colors=red,blue&space=oklab"),
        ("linear-gradient(in oklch longer hue, red, blue)", "colors=red,blue&space=oklch&hue=longer"),
        (
            "linear-gradient(90deg in hsl increasing hue, red, blue)",
            "colors=red,blue&angle=90&space=hsl&hue=increasing"
        ),
        (
            "linear-gradient(in lch decreasing hue to right, red, blue)",
            "colors=red,blue&dir=to-right&space=lch&hue=decreasing"
        ),
        ("linear-gradient(in srgb-linear, red, blue)", "colors=red,blue&space=srgb-linear"),
        ("linear-gradient(in LAB, red, blue)", "colors=red,blue&space=lab"),
        ("linear-gradient(in hwb shorter hue, red, blue)", "colors=red,blue&space=hwb"),
        ("linear-gradient(in oklch, red, blue)", "colors=red,blue&space=oklch&hue=shorter"),
        ("linear-gradient(in srgb, oklch(0.7 0.1 200), red)", "colors=oklch(0.7%200.1%20200),red&space=srgb"),
        ("repeating-linear-gradient(red 0 10px, blue 10px 20px)", "colors=red@0@10px,blue@10px@20px&spread=repeat"),
        ("repeating-linear-gradient(45deg, red, blue 20%)", "colors=red,blue@20%25&angle=45&spread=repeat"),
    ]

    static let radial: [(String, String)] = [
        ("radial-gradient(red, blue)", "type=radial&colors=red,blue"),
        ("radial-gradient(circle, red, blue)", "type=radial&colors=red,blue&shape=circle"),
        ("radial-gradient(ellipse, red, blue)", "type=radial&colors=red,blue&shape=ellipse"),
        ("radial-gradient(closest-side, red, blue)", "type=radial&colors=red,blue&size=closest-side"),
        (
            "radial-gradient(circle closest-corner, red, blue)",
            "type=radial&colors=red,blue&shape=circle&size=closest-corner"
        ),
        (
            "radial-gradient(farthest-side circle, red, blue)",
            "type=radial&colors=red,blue&shape=circle&size=farthest-side"
        ),
        ("radial-gradient(ellipse farthest-corner, red, blue)", "type=radial&colors=red,blue&size=farthest-corner"),
        ("radial-gradient(50px, red, blue)", "type=radial&colors=red,blue&size=50"),
        ("radial-gradient(circle 50px, red, blue)", "type=radial&colors=red,blue&shape=circle&size=50px"),
        ("radial-gradient(40px 30%, red, blue)", "type=radial&colors=red,blue&size=40px,30%25"),
        ("radial-gradient(ellipse 25% 50%, red, blue)", "type=radial&colors=red,blue&shape=ellipse&size=25%25,50%25"),
        ("radial-gradient(25% 50% ellipse, red, blue)", "type=radial&colors=red,blue&size=25%25,50%25"),
        ("radial-gradient(at center, red, blue)", "type=radial&colors=red,blue&center=50%25,50%25"),
        ("radial-gradient(at left, red, blue)", "type=radial&colors=red,blue&center=0,0.5"),
        ("radial-gradient(at top, red, blue)", "type=radial&colors=red,blue&center=0.5,0"),
        ("radial-gradient(at 30% 70%, red, blue)", "type=radial&colors=red,blue&center=30%25,70%25"),
        ("radial-gradient(at 40px 20px, red, blue)", "type=radial&colors=red,blue&center=40px,20px"),
        ("radial-gradient(at 20%, red, blue)", "type=radial&colors=red,blue&center=20%25,50%25"),
        ("radial-gradient(at bottom right, red, blue)", "type=radial&colors=red,blue&center=1,1"),
        ("radial-gradient(at right bottom, red, blue)", "type=radial&colors=red,blue&center=1,1"),
        ("radial-gradient(at center top, red, blue)", "type=radial&colors=red,blue&center=0.5,0"),
        ("radial-gradient(at left 25%, red, blue)", "type=radial&colors=red,blue&center=0,25%25"),
        ("radial-gradient(at 25% bottom, red, blue)", "type=radial&colors=red,blue&center=25%25,1"),
        ("radial-gradient(at right 10px top 20px, red, blue)", "type=radial&colors=red,blue&center=290px,20px"),
        ("radial-gradient(at left 10% bottom 25%, red, blue)", "type=radial&colors=red,blue&center=10%25,75%25"),
        ("radial-gradient(at right 30px top 50%, red, blue)", "type=radial&colors=red,blue&center=270px,50%25"),
        ("radial-gradient(at top 0 left 20px, red, blue)", "type=radial&colors=red,blue&center=20px,0"),
        ("radial-gradient(at bottom 10px right 20px, red, blue)", "type=radial&colors=red,blue&center=280px,190px"),
        ("radial-gradient(circle at 10% 20%, red, blue)", "type=radial&colors=red,blue&shape=circle&center=0.1,0.2"),
        (
            "radial-gradient(in oklch circle at left, red, blue)",
            "type=radial&colors=red,blue&shape=circle&center=0,0.5&space=oklch"
        ),
        (
            "radial-gradient(circle 40px at 10px 10px in hsl longer hue, red, blue)",
            "type=radial&colors=red,blue&shape=circle&size=40&center=10px,10px&space=hsl&hue=longer"
        ),
        (
            "radial-gradient(circle 100px, red 20px, blue 80px)",
            "type=radial&colors=red@20px,blue@80px&shape=circle&size=100"
        ),
        (
            "repeating-radial-gradient(circle 50px, red, blue 10px)",
            "type=radial&colors=red,blue@10px&size=50&spread=repeat"
        ),
    ]

    static let conic: [(String, String)] = [
        ("conic-gradient(red, blue)", "type=conic&colors=red,blue"),
        ("conic-gradient(from 45deg, red, blue)", "type=conic&colors=red,blue&from=45"),
        (
            "conic-gradient(from 0.5turn at 25% 75%, red, blue)",
            "type=conic&colors=red,blue&from=180&center=25%25,75%25"
        ),
        ("conic-gradient(at left top, red, blue)", "type=conic&colors=red,blue&center=0,0"),
        ("conic-gradient(from -90deg, red, blue)", "type=conic&colors=red,blue&from=270"),
        ("conic-gradient(red 90deg, blue 180deg)", "type=conic&colors=red@90deg,blue@180deg"),
        ("conic-gradient(red 25%, blue 0.75turn)", "type=conic&colors=red@25%25,blue@0.75turn"),
        ("conic-gradient(red 0 90deg, blue 90deg 180deg)", "type=conic&colors=red@0@90deg,blue@90deg@180deg"),
        ("conic-gradient(red, 45deg, blue)", "type=conic&colors=red,45deg,blue"),
        (
            "conic-gradient(in oklch longer hue from 10deg, red, blue)",
            "type=conic&colors=red,blue&from=10&space=oklch&hue=longer"
        ),
        (
            "repeating-conic-gradient(red 0 10deg, blue 10deg 20deg)",
            "type=conic&colors=red@0@10deg,blue@10deg@20deg&spread=repeat"
        ),
        (
            "conic-gradient(from 100grad at 40px 30px in lab, red, blue)",
            "type=conic&colors=red,blue&from=90&center=40px,30px&space=lab"
        ),
    ]

    @Test("linear-gradient() and its parameter form share canonical form and hash", arguments: linear)
    func linearForms(css: String, query: String) throws {
        try expectEquivalent(css: css, query: query)
    }

    @Test("radial-gradient() and its parameter form share canonical form and hash", arguments: radial)
    func radialForms(css: String, query: String) throws {
        try expectEquivalent(css: css, query: query)
    }

    @Test("conic-gradient() and its parameter form share canonical form and hash", arguments: conic)
    func conicForms(css: String, query: String) throws {
        try expectEquivalent(css: css, query: query)
    }

    private func expectEquivalent(css: String, query: String) throws {
        let fromCSS = try cssSpec(css)
        let fromQuery = try querySpec(query)
        #expect(fromCSS.canonicalForm == fromQuery.canonicalForm)
        #expect(fromCSS.stableHash(version: "v") == fromQuery.stableHash(version: "v"))
    }

    @Test(
        "css combines with width, height, scale, dither, depth and format",
        arguments: ["scale=2", "dither=off", "depth=16", "format=png", "scale=1.5&dither=0&depth=16"])
    func combinesWithOutputParameters(extra: String) throws {
        let items = try QueryString.decode(Substring(extra))
        let fromCSS = try cssSpec("radial-gradient(circle 40px at right 10px top 20px, red 10px, blue)", items)
        let fromQuery = try querySpec(
            "type=radial&colors=red@10px,blue&shape=circle&size=40px&center=290px,20px&" + extra)
        #expect(fromCSS.canonicalForm == fromQuery.canonicalForm)
    }
}
