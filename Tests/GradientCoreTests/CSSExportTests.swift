import Testing

@testable import GradientCore

/// `/gradient.css`'s text: what it looks like, that it parses back as `css=` to the same spec, and what has no CSS.
@Suite("CSS export")
struct CSSExportTests {
    static func request(_ query: String) throws -> ImageRequest {
        try ImageRequest(queryItems: try QueryString.decode(Substring(query)))
    }

    /// `text` escaped for a query value.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "#": result += "%23"
            case "%": result += "%25"
            case "+": result += "%2B"
            case "&": result += "%26"
            case " ": result += "%20"
            default: result.append(character)
            }
        }
        return result
    }

    /// The size parameters of `query` (`width`, `height`, `scale`, `dither`, `depth`), which `css=` keeps.
    static func sizeParameters(_ query: String) -> String {
        query.split(separator: "&").filter { item in
            ["width=", "height=", "scale=", "dither=", "depth="].contains { item.hasPrefix($0) }
        }.joined(separator: "&")
    }

    static func roundTrip(_ query: String) throws -> (css: String, original: GradientSpec, parsed: GradientSpec) {
        let request = try Self.request(query)
        let css = try CSSExport.text(for: request)
        var again = "css=" + escaped(css)
        let size = sizeParameters(query)
        if !size.isEmpty { again += "&" + size }
        return (css, request.spec, try Self.request(again).spec)
    }

    @Test(
        "familiar gradients read as a web developer writes them",
        arguments: [
            ("colors=ff7e5f,feb47b&angle=135&width=1200&height=630", "linear-gradient(135deg, #ff7e5f, #feb47b)"),
            ("colors=red,blue", "linear-gradient(#ff0000, #0000ff)"),
            ("colors=red,blue&dir=horizontal", "linear-gradient(to right, #ff0000, #0000ff)"),
            (
                "colors=red,blue&dir=to-top-right&width=300&height=100",
                "linear-gradient(to top right, #ff0000, #0000ff)"
            ),
            ("colors=red@0.2,blue@80%25", "linear-gradient(#ff0000 20%, #0000ff 80%)"),
            ("colors=red,30%25,blue", "linear-gradient(#ff0000 0%, 30%, #0000ff 100%)"),
            ("type=radial&colors=12c2e9,c471ed,f64f59", "radial-gradient(#12c2e9, #c471ed, #f64f59)"),
            (
                "type=radial&colors=red,blue&shape=circle&size=closest-side&center=20%25,30%25",
                "radial-gradient(circle closest-side at 20% 30%, #ff0000, #0000ff)"
            ),
            ("type=radial&colors=red,blue&size=40&scale=2", "radial-gradient(circle 40px, #ff0000, #0000ff)"),
            ("type=conic&colors=red,lime,red&from=0.25turn", "conic-gradient(from 90deg, #ff0000, #00ff00, #ff0000)"),
            (
                "colors=red,blue&spread=repeat&angle=45&width=300&height=100",
                "repeating-linear-gradient(45deg, #ff0000, #0000ff)"
            ),
            ("colors=red,blue&angle=45", "linear-gradient(to top right, #ff0000, #0000ff)"),
            ("colors=%23f008,%2300f4", "linear-gradient(#ff000088, #0000ff44)"),
            (
                "colors=red,blue&space=oklab",
                "linear-gradient(in oklab, #ff0000, #0000ff)"
            ),
            (
                "colors=red,blue&space=oklch&hue=longer",
                "linear-gradient(in oklch longer hue, #ff0000, #0000ff)"
            ),
        ])
    func readsAsCSS(query: String, css: String) throws {
        #expect(try CSSExport.text(for: Self.request(query)) == css)
    }

    @Test(
        "parsing the text as css= with the same size gives the same canonical spec",
        arguments: [
            "colors=ff7e5f,feb47b&angle=135&width=1200&height=630", "colors=red,blue", "colors=red,blue&dir=to-left",
            "colors=red,blue&dir=to-bottom-left&width=333&height=97", "colors=red,blue&angle=17.3&width=301&height=89",
            "colors=red,blue&angle=1rad&width=64&height=640", "colors=red,lime,blue@90%25&angle=-30",
            "colors=red@10px,blue@0.5,green&dir=horizontal&width=97&height=61&scale=1.5",
            "colors=red+10%25+30%25,blue,70%25,green", "colors=red,0.1,blue&space=oklab",
            "colors=red,blue&space=srgb-linear", "colors=red,blue&space=lab",
            "colors=red,blue&space=lch&hue=decreasing",
            "colors=red,blue,yellow&space=hsl&hue=increasing", "colors=red,white,blue&space=hwb",
            "colors=oklch(0.7+0.1+200),red&spread=repeat", "colors=oklab(0.5+0.3+-0.3),lab(50+100+-100)&space=srgb",
            "colors=rgb(none+128+0),blue", "colors=transparent,white&dir=horizontal", "colors=%23f008,%2300f4&depth=16",
            "colors=red,blue&dither=off", "colors=teal", "colors=0f2027,203a43,2c5364&width=390&height=844&scale=3",
            "type=radial&colors=12c2e9,c471ed,f64f59", "type=radial&colors=red,blue&shape=circle",
            "type=radial&colors=red,blue&shape=circle&size=farthest-side&center=10%25,80%25",
            "type=radial&colors=red,blue&size=closest-corner&center=30px,20px&width=200&height=100",
            "type=radial&colors=red,blue@30px,green@60px&size=40&scale=2",
            "type=radial&colors=red,blue&size=30%25,60%25",
            "type=radial&colors=red,blue&size=0,20", "type=radial&colors=red,blue@5px&size=0",
            "type=radial&colors=red,blue@30px&spread=repeat", "type=conic&colors=red,yellow,lime,aqua,blue,magenta,red",
            "type=conic&colors=red@0deg,blue@90deg,red@180deg&from=33deg&center=25%25,75%25",
            "type=conic&colors=red,blue&spread=repeat&space=oklch", "base=4a90e2&percentage=0.1",
            "colors=white,rgb(103+169+38)&space=oklch", "colors=rgb(200+190+190),blue&space=lch",
            "colors=808080,red,eee&space=oklch",
            "colors=rgb(10.5+20.25+30.125),hsl(120+50%25+50%25+/+0.3)",
            "css=linear-gradient(rgb(255+0+0+/+0.5),blue),radial-gradient(circle+at+30%25+40%25,white,black)",
            "css=conic-gradient(red,lime,red),linear-gradient(to+right,white,black),linear-gradient(teal,navy)"
                + "&blend=normal&width=90&height=50",
        ])
    func roundTrips(query: String) throws {
        let (css, original, parsed) = try Self.roundTrip(query)
        #expect(parsed.canonicalForm == original.canonicalForm, "\(css)")
    }

    @Test(
        "start/end lines become the CSS line of their angle: the same pixels",
        arguments: [
            "colors=red,blue&start=0.2,0.1&end=0.8,0.7", "colors=red,30%25,blue&start=0,0&end=1,0.25",
            "colors=red,blue,green&start=0.9,0.5&end=0.1,0.6&spread=repeat",
        ])
    func startAndEndKeepThePixels(query: String) throws {
        let (css, original, parsed) = try Self.roundTrip(query + "&width=120&height=90")
        let a = try RenderedImage(query: query + "&width=120&height=90")
        let b = try RenderedImage(query: "css=" + Self.escaped(css) + "&width=120&height=90")
        #expect(parsed.stops.count == original.stops.count)
        var largest = 0.0
        for y in 0..<90 {
            for x in 0..<120 { largest = max(largest, maxDifference(a.pixel(x, y), b.pixel(x, y))) }
        }
        #expect(largest <= 1, "\(css)")
    }

    @Test(
        "specs CSS cannot draw are refused, naming the parameter",
        arguments: [
            ("colors=red,blue&grain=0.2", "grain"), ("colors=red,blue&spread=reflect", "spread"),
            ("colors=red,blue&spread=none", "spread"),
        ])
    func refusals(query: String, parameter: String) throws {
        #expect(throws: NoEquivalentError.self) { try CSSExport.text(for: Self.request(query)) }
        do {
            _ = try CSSExport.text(for: Self.request(query))
        } catch let error as NoEquivalentError {
            #expect(error.parameter == parameter)
        }
    }

    @Test(
        "a zero-length start/end line is the one colour the rasterizer paints",
        arguments: [
            ("colors=red,blue&start=0.5,0.5&end=0.5,0.5", "linear-gradient(#0000ff, #0000ff)"),
            (
                "colors=red,blue&start=0,0&end=0,0&spread=repeat",
                "linear-gradient(rgb(127.5 0 127.5), rgb(127.5 0 127.5))"
            ),
            ("colors=red,%230000ff80&start=1,1&end=1,1", "linear-gradient(#0000ff80, #0000ff80)"),
        ])
    func zeroLengthLine(query: String, css: String) throws {
        #expect(try CSSExport.text(for: Self.request(query)) == css)
        let a = try RenderedImage(query: query + "&width=16&height=8")
        let b = try RenderedImage(query: "css=" + Self.escaped(css) + "&width=16&height=8")
        #expect(maxDifference(a.pixel(3, 3), b.pixel(3, 3)) <= 1)
    }

    @Test("numbers are plain decimals, as short as keeps them")
    func numbers() throws {
        #expect(CSSNumber.text(1e-7) == "0.0000001")
        #expect(CSSNumber.text(-3) == "-3" && CSSNumber.text(-0.0) == "0")
        #expect(CSSNumber.fixed(12.5, decimals: 0) == "13" && CSSNumber.fixed(-0.25, decimals: 4) == "-0.25")
        #expect(CSSNumber.percentage(0.494118) == "49.4118%" && CSSNumber.percentage(1.0 / 3) == "33.33333333333333%")
        #expect(
            try CSSExport.text(for: Self.request("base=4a90e2&percentage=0.1"))
                == "linear-gradient(rgb(82.3494 160.2479 251.5), rgb(65.6505 127.7522 200.5))")
    }

    @Test("grain=0 and equivalent queries give the same text")
    func equivalentQueriesAgree() throws {
        let texts = try [
            "colors=red,blue&grain=0", "colors=ff0000,%2300f&dir=to-bottom", "css=linear-gradient(red,blue)",
        ]
        .map { try CSSExport.text(for: Self.request($0)) }
        #expect(Set(texts).count == 1)
    }

    @Test("layers with blend modes have no CSS <image>: 422 naming blend, with the background-blend-mode to use")
    func blendedLayers() throws {
        let request = try Self.request(
            "css=linear-gradient(red,blue),linear-gradient(white,black),linear-gradient(teal,navy)&blend=multiply,hue")
        #expect(throws: NoEquivalentError.self) { try CSSExport.text(for: request) }
        do {
            _ = try CSSExport.text(for: request)
        } catch {
            #expect(error.parameter == "blend")
            #expect(error.detail.contains("background-blend-mode: multiply, hue, normal"), "\(error.detail)")
        }
    }

    /// Stops that all lie at one position past the end keep only their ends in Blink, which takes its default space
    /// from those two: legacy ends there would draw in sRGB, so an oklab gradient writes its space (a fresh random
    /// seed's case drew 98.4% identical to Chromium without it), and parses back to the same spec.
    @Test("coincident stops past the end write their space when their legacy ends would change Blink's default")
    func coincidentStopsWriteTheirSpace() throws {
        let query =
            "css="
            + Self.escaped(
                "linear-gradient(to bottom left in oklab, color(srgb 0.0468 0.1013 0.8211) 755.3px, 31.6%, "
                    + "lch(26.72 104.75 299.05) 89.2%, color(srgb 0.0448 0.1082 0.8263) 96.8%)")
            + "&width=160&height=96"
        let (css, original, parsed) = try Self.roundTrip(query)
        #expect(css.hasPrefix("linear-gradient(to bottom left in oklab, rgb("), "\(css)")
        #expect(parsed.canonicalForm == original.canonicalForm)
        let legacyEnds = try Self.roundTrip("css=" + Self.escaped("linear-gradient(red 150%, blue 150%)"))
        #expect(!legacyEnds.css.contains(" in "), "\(legacyEnds.css)")
    }
}
