import GradientCore
import Testing

@Suite struct ImageRequestTests {
    private func request(_ query: String, limits: SpecLimits = .standard) throws -> ImageRequest {
        try ImageRequest(queryItems: QueryString.decode(Substring(query)), limits: limits)
    }

    @Test(arguments: [
        ("", FormatChoice.fixed(.png)), ("&format=png", .fixed(.png)), ("&format=WebP", .fixed(.webp)),
        ("&format=avif", .fixed(.avif)), ("&format=auto", .auto),
    ])
    func readsTheFormat(suffix: String, expected: FormatChoice) throws {
        #expect(try request("colors=red,blue" + suffix).formatChoice == expected)
    }

    @Test func refusesAnUnknownFormatNamingTheChoices() {
        #expect(
            throws: SpecError.invalidValue(
                parameter: "format", token: "jpeg", expected: "one of auto, avif, png, svg, webp")
        ) {
            try request("colors=red,blue&format=jpeg")
        }
    }

    @Test(arguments: ["0", "101", "50.5", "high", "-1"])
    func refusesAQualityOutsideOneToHundred(quality: String) {
        #expect(
            throws: SpecError.invalidValue(parameter: "quality", token: quality, expected: "an integer from 1 to 100")
        ) {
            try request("colors=red,blue&format=avif&quality=" + quality)
        }
    }

    @Test(arguments: ["", "&format=png", "&format=webp"])
    func refusesAQualityForFormatsThatCannotBeAVIF(suffix: String) throws {
        let error = #expect(throws: SpecError.self) { try request("colors=red,blue&quality=50" + suffix) }
        #expect(error?.parameter == "quality")
        #expect(error?.detail.contains("format=avif") == true)
        #expect(try request("colors=red,blue&quality=50&format=avif").quality == 50)
        #expect(try request("colors=red,blue&quality=50&format=auto").quality == 50)
    }

    @Test func readsTheWebPCompression() throws {
        #expect(try request("colors=red,blue&format=webp").compression == .fast)
        #expect(try request("colors=red,blue&format=webp&compression=fast").compression == .fast)
        #expect(try request("colors=red,blue&format=webp&compression=Smallest").compression == .smallest)
        #expect(try request("colors=red,blue&format=auto&compression=smallest").compression == .smallest)
        #expect(
            throws: SpecError.invalidValue(
                parameter: "compression", token: "max", expected: "one of fast, smallest")
        ) {
            try request("colors=red,blue&format=webp&compression=max")
        }
    }

    @Test(arguments: ["", "&format=png", "&format=avif"])
    func refusesACompressionForFormatsThatCannotBeWebP(suffix: String) {
        let error = #expect(throws: SpecError.self) { try request("colors=red,blue&compression=smallest" + suffix) }
        #expect(error?.parameter == "compression")
        #expect(error?.detail.contains("format=webp") == true)
    }

    @Test func readsTheGamut() throws {
        #expect(try request("colors=red,blue").spec.gamut == .srgb)
        #expect(try request("colors=red,blue&gamut=srgb").spec.gamut == .srgb)
        #expect(try request("colors=red,blue&gamut=Display-P3&format=webp").spec.gamut == .displayP3)
        #expect(try request("css=linear-gradient(red,blue)&gamut=display-p3").spec.gamut == .displayP3)
        #expect(
            throws: SpecError.invalidValue(parameter: "gamut", token: "rec2020", expected: "one of display-p3, srgb")
        ) {
            try request("colors=red,blue&gamut=rec2020")
        }
    }

    @Test func refusesDisplayP3SVG() throws {
        let error = #expect(throws: SpecError.self) { try request("colors=red,blue&format=svg&gamut=display-p3") }
        #expect(error?.parameter == "gamut")
        #expect(error?.detail.contains("format=png") == true)
        #expect(try request("colors=red,blue&format=svg&gamut=srgb").spec.gamut == .srgb)
    }

    @Test func refusesSixteenBitWebPAndDropsWebPFromAutoAtSixteenBits() throws {
        let error = #expect(throws: SpecError.self) { try request("colors=red,blue&format=webp&depth=16") }
        #expect(error?.parameter == "depth")
        #expect(try request("colors=red,blue&format=auto&depth=16").candidateFormats == [.avif, .png])
        #expect(try request("colors=red,blue&format=auto").candidateFormats == [.avif, .webp, .png])
        #expect(try request("colors=red,blue&format=webp").candidateFormats == [.webp])
    }

    @Test func refusesWholeFrameFormatsPastTheFrameLimitAndFallsBackToPNGForAuto() throws {
        let limits = SpecLimits(maxFramePixels: 100 * 100)
        #expect(try request("colors=red,blue&format=avif&width=100&height=100", limits: limits).spec.pixelWidth == 100)
        for format in ["webp", "avif"] {
            let error = #expect(throws: SpecError.self) {
                try request("colors=red,blue&format=\(format)&width=100&height=101", limits: limits)
            }
            #expect(error?.parameter == "format")
            #expect(error?.detail.contains("10000 pixels") == true)
            #expect(error?.detail.contains("10100 pixels") == true)
        }
        let auto = try request("colors=red,blue&format=auto&width=100&height=101", limits: limits)
        #expect(auto.candidateFormats == [.png])
        #expect(try request("colors=red,blue&width=100&height=101", limits: limits).candidateFormats == [.png])
    }

    @Test func avifIsUnditheredUnlessDitherIsGiven() throws {
        let implicit = try request("colors=red,blue&format=avif")
        #expect(implicit.spec.dither)
        #expect(!implicit.spec(for: .avif).dither)
        #expect(implicit.spec(for: .png).dither && implicit.spec(for: .webp).dither)
        #expect(try request("colors=red,blue&format=avif&dither=on").spec(for: .avif).dither)
        #expect(try !request("colors=red,blue&format=png&dither=off").spec(for: .png).dither)
    }

    @Test func theSpecOfAQueryIgnoresItsFormat() throws {
        let png = try GradientSpec(queryItems: QueryString.decode("colors=red,blue"))
        for suffix in ["&format=webp", "&format=avif&quality=40", "&format=auto"] {
            #expect(try GradientSpec(queryItems: QueryString.decode(Substring("colors=red,blue" + suffix))) == png)
        }
    }
}
