import Testing

@testable import GradientCore

/// `format=svg`'s documents: geometry as CSS, what SVG cannot draw, and the baked stops' bound against the exact curve.
@Suite("SVG export")
struct SVGExportTests {
    static func spec(_ query: String) throws -> GradientSpec {
        try ImageRequest(queryItems: try QueryString.decode(Substring(query))).spec
    }

    static func document(_ query: String) throws -> String {
        try SVGExport.document(for: try spec(query))
    }

    @Test func aTwoStopCardIsTwoStopsOnTheCSSLine() throws {
        let query = "colors=ff7e5f,feb47b&dir=horizontal&width=1200&height=630"
        let text = try Self.document(query)
        let id = "g" + (try Self.spec(query)).stableHash(version: SVGExport.version).prefix(8) + "-0"
        #expect(
            text
                == "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"630\" viewBox=\"0 0 1200 630\">"
                + "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"315\" x2=\"1200\" "
                + "y2=\"315\"><stop offset=\"0\" stop-color=\"#ff7e5f\"/><stop offset=\"1\" stop-color=\"#feb47b\"/>"
                + "</linearGradient><rect width=\"1200\" height=\"630\" fill=\"url(#\(id))\"/></svg>")
        #expect(text.utf8.count <= 400)
    }

    @Test func idsDifferBetweenImagesSoInlinedDocumentsNeverShareAGradient() throws {
        let ids = try ["colors=red,blue", "colors=red,blue&width=300", "colors=red,lime"].map { query in
            let text = try Self.document(query)
            let start = try #require(text.range(of: "id=\""))
            return String(text[start.upperBound...].prefix { $0 != "\"" })
        }
        #expect(Set(ids).count == 3)
        #expect(ids.allSatisfy { $0.hasPrefix("g") && $0.hasSuffix("-0") && $0.count == 11 })
    }

    @Test func anAngledLineRunsThroughTheCentreWithCSSLength() throws {
        // 135° on 200×100: length |200 sin 135°| + |100 cos 135°| = 212.13; the line through (100, 50).
        let text = try Self.document("colors=red,blue&angle=135&width=200&height=100")
        #expect(text.contains("x1=\"25\" y1=\"-25\" x2=\"175\" y2=\"125\""), "\(text)")
    }

    @Test func anEllipseIsACircleUnderATransformAndScaleMultipliesTheSize() throws {
        let text = try Self.document("type=radial&colors=ffffff,3366ff&width=300&height=150&scale=2")
        #expect(text.contains("width=\"600\" height=\"300\" viewBox=\"0 0 600 300\""))
        #expect(text.contains("cx=\"300\" cy=\"150\" r=\"424.2641\" gradientTransform=\"matrix(1 0 0 0.5 0 75)\""))
    }

    @Test func aRepeatingRadialPeriodThatStartsAwayFromTheCentreIsUnrolled() throws {
        let text = try Self.document(
            "css=repeating-radial-gradient(circle at 30%25 40%25, red 10px, blue 30px)&width=300&height=200")
        #expect(text.contains("r=\"20\" spreadMethod=\"repeat\""))
        #expect(text.contains("<stop offset=\"0\" stop-color=\"#7f0080\"/>"), "mid-period at the centre")
        #expect(
            text.contains("<stop offset=\"0.5\" stop-color=\"#0000ff\"/><stop offset=\"0.5\" stop-color=\"#ff0000\"/>"))
    }

    @Test func layersAreRectanglesInAnIsolatedGroupBottomFirst() throws {
        let text = try Self.document(
            "css=linear-gradient(red, blue), linear-gradient(white, black)&blend=multiply&width=10&height=10")
        #expect(text.contains("<g style=\"isolation:isolate\"><rect width=\"10\" height=\"10\" fill=\"url(#g"))
        #expect(text.contains("-0)\"/><rect") && text.contains("-1)\" style=\"mix-blend-mode:multiply\"/></g>"))
    }

    @Test(
        arguments: [
            ("type=conic&colors=red,blue", "type"),
            ("css=conic-gradient(red, blue)", "type"),
            ("type=mesh&mesh=2x2&colors=red,blue,lime,white", "type"),
            ("colors=red,blue&grain=0.3", "grain"),
            ("colors=red,blue&spread=none", "spread"),
        ])
    func whatSVGCannotDrawIsRefusedNamingTheParameter(query: String, parameter: String) throws {
        let refusal = SVGExport.refusal(for: try Self.spec(query))
        #expect(refusal?.parameter == parameter)
        #expect(refusal?.detail.contains("format=png") == true)
        #expect(throws: NoEquivalentError.self) { try Self.document(query) }
    }

    /// The drawn colour of `stops` at offset `x`, as a browser draws SVG stops: straight sRGB, linearly, from the
    /// values as written (bytes, 4-decimal opacity), then premultiplied.
    static func drawn(_ stops: [SVGStopBaker.Stop], at x: Double) -> SIMD4<Double> {
        func written(_ color: SIMD4<Double>) -> SIMD4<Double> {
            let bytes = (color * 255).rounded(.toNearestOrAwayFromZero) / 255
            return SIMD4(bytes.x, bytes.y, bytes.z, (color.w * 10_000).rounded() / 10_000)
        }
        var color = written(stops[stops.count - 1].color)
        if x <= stops[0].offset {
            color = written(stops[0].color)
        } else if let next = stops.firstIndex(where: { $0.offset > x }) {
            let a = stops[next - 1]
            let b = stops[next]
            color = written(a.color) + (written(b.color) - written(a.color)) * ((x - a.offset) / (b.offset - a.offset))
        }
        return SIMD4(color.x * color.w, color.y * color.w, color.z * color.w, color.w)
    }

    /// Every space, hue method, hints and translucent stops: the baked stops draw the exact curve within 1/255 at
    /// 4,001 points, with the stop counts it takes.
    @Test(
        arguments: [
            ("css=linear-gradient(to right, %23ff7e5f, %23feb47b)", 2),
            ("css=linear-gradient(to right in oklab, blue, yellow)", 48),
            ("css=linear-gradient(90deg, oklch(70%25 0.15 150), oklch(40%25 0.2 300))", 24),
            ("css=linear-gradient(to right in hsl longer hue, red, red)", 64),
            ("css=linear-gradient(to right in lch decreasing hue, %23f0f, %230ff)", 64),
            ("css=linear-gradient(to right in srgb-linear, black, white)", 24),
            ("css=linear-gradient(to right in display-p3, red, lime)", 32),
            ("css=linear-gradient(to right in xyz, red, blue)", 40),
            ("css=linear-gradient(to right in lab, red, blue)", 36),
            ("css=linear-gradient(to right in hwb, red, blue)", 24),
            ("css=linear-gradient(to right, red, 20%25, blue)", 24),
            ("css=linear-gradient(to right in oklab, red, 70%25, lime)", 40),
            ("css=linear-gradient(to right, transparent, %230a0)", 2),
            ("css=linear-gradient(to right, rgb(255 0 0 / 0.3), rgb(0 0 255 / 0.9))", 24),
            ("css=linear-gradient(to right in oklch, rgb(255 0 0 / 0), oklch(60%25 0.3 250 / 0.8))", 40),
        ] as [(String, Int)])
    func bakedStopsDrawTheExactCurveWithinOneLevel(query: String, stopLimit: Int) throws {
        let spec = try Self.spec(query + "&width=1000&height=10")
        let ramp = ColorRamp(spec: spec)
        let domain = ramp.first...ramp.last
        let pieces = SVGExport.pieces(of: ramp, over: domain, tiled: false)
        let stops = SVGStopBaker(ramp: ramp).stops(for: pieces, domain: domain)
        #expect(stops.count <= stopLimit, "\(stops.count) stops")
        var worst = 0.0
        for index in 0...4000 {
            let x = Double(index) / 4000
            let t = domain.lowerBound + (domain.upperBound - domain.lowerBound) * x
            let exact = ramp.toPremultipliedSRGB(ramp.interpolated(at: t))
            let error = Self.drawn(stops, at: x) - exact
            worst = max(worst, abs(error.x), abs(error.y), abs(error.z), abs(error.w))
        }
        #expect(worst * 255 <= 1, "worst \(worst * 255)/255 with \(stops.count) stops")
    }

    @Test func everyPresetIsAtMostTwoKilobytes() throws {
        let shapes: [[(name: String, value: String)]] = [
            [("angle", "135"), ("width", "1200"), ("height", "630")],
            [("type", "radial"), ("width", "1920"), ("height", "1080")],
        ]
        for preset in GradientPreset.all {
            for shape in shapes {
                let spec = try ImageRequest(queryItems: [("preset", preset.slug)] + shape).spec
                let bytes = try SVGExport.document(for: spec).utf8.count
                #expect(bytes <= 2048, "\(preset.slug) \(shape): \(bytes) bytes")
            }
        }
    }
}
