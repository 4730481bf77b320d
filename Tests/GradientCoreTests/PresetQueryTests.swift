import Testing

@testable import GradientCore

private func parse(_ query: String) throws -> GradientSpec {
    try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
}

/// `preset=`: a named gradient supplies the colours.
@Suite("Preset parameter")
struct PresetQueryTests {
    @Test("preset=omolon is the same spec, canonical form and all, as its colours given by hand")
    func presetEqualsItsColours() throws {
        let preset = try parse("preset=omolon&dir=horizontal&width=300&height=100")
        let byHand = try parse("colors=091e3a,2f80ed,2d9ee0&dir=horizontal&width=300&height=100")
        #expect(preset == byHand)
        #expect(preset.canonicalForm == byHand.canonicalForm)
    }

    @Test(
        "the slug or the name, in any case",
        arguments: [
            "radioactive-heat", "Radioactive Heat", "RADIOACTIVE-HEAT", "radioactive+heat", "Radioactive%20Heat",
        ])
    func slugOrName(value: String) throws {
        #expect(try parse("preset=" + value) == (try parse("colors=f7941e,72c6ef,00a651")))
    }

    @Test("names with punctuation are found by slug and by name")
    func punctuation() throws {
        #expect(GradientPreset.named("Royal Blue + Petrol")?.slug == "royal-blue-+-petrol")
        #expect(GradientPreset.named("black-rosé")?.name == "Black Rosé")
        #expect(try parse("preset=blue-%26-orange") == (try parse("colors=fd8112,0085ca")))
    }

    @Test("a preset's three-digit colour is expanded")
    func shortHex() throws {
        let preset = try #require(GradientPreset.all.first { $0.colors.contains("#ffffff") })
        #expect(GradientPreset.named(preset.slug) == preset)
    }

    @Test("geometry, space and size still apply to a preset")
    func geometryApplies() throws {
        #expect(
            try parse("preset=omolon&type=radial&space=oklch&width=64")
                == (try parse("colors=091e3a,2f80ed,2d9ee0&type=radial&space=oklch&width=64")))
    }

    @Test("an unknown name is refused with the three nearest names")
    func unknownName() {
        #expect(GradientPreset.nearestNames(to: "omolo").first == "Omolon")
        #expect(GradientPreset.nearestNames(to: "omolo").count == 3)
        do {
            _ = try parse("preset=omolo")
            Issue.record("accepted an unknown preset")
        } catch let error as SpecError {
            let nearest = GradientPreset.nearestNames(to: "omolo")
            #expect(error == .unknownPreset(name: "omolo", nearest: nearest))
            #expect(error.parameter == "preset")
            #expect(error.detail.contains("no preset is named \"omolo\""), "\(error.detail)")
            for name in nearest { #expect(error.detail.contains("\"\(name)\""), "\(error.detail)") }
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a long unknown name is compared by its first characters only")
    func longUnknownName() {
        let long = String(repeating: "x", count: 5000)
        #expect(GradientPreset.nearestNames(to: long).count == 3)
    }
}
