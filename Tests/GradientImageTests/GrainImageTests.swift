import GradientCore
import GradientImage
import PNGEncoding
import Testing

/// Grain through the encoders: the same bytes on the pipelined two-thread path, the same pixels in WebP as in PNG.
@Suite("Grain in every output path")
struct GrainImageTests {
    static func request(_ query: String) throws -> ImageRequest {
        try ImageRequest(queryItems: QueryString.decode(Substring(query)))
    }

    @Test(
        "the pipelined two-thread PNG path writes the same bytes as one thread",
        arguments: [
            "colors=red,blue&dir=horizontal&width=400&height=300&grain=0.3&seed=11",
            "colors=red,blue&width=400&height=300&grain=0.3", "colors=teal&width=300&height=300&grain=1",
            "type=radial&colors=red,blue&width=300&height=260&grain=0.5&depth=16",
        ])
    func pipelinedBytesMatch(query: String) throws {
        let spec = try Self.request(query).spec
        #expect(!Rasterizer(spec: spec).hasCheapRows)
        #expect(try GradientPNG.renderPNG(spec, pipelined: true) == GradientPNG.renderPNG(spec, pipelined: false))
    }

    @Test("WebP holds the PNG's very pixels, grain included")
    func webPMatchesPNG() throws {
        let query = "type=conic&colors=red,lime,blue,red&width=90&height=70&grain=0.6&seed=4"
        try expectWebPMatchesPNG(query, width: 90, height: 70)
    }

    @Test("the encoder is told which images have grain, whose PNG is then Pillow's method's")
    func encoderKnowsGrain() throws {
        let grained = try Self.request("colors=red,blue&width=400&height=300&grain=0.4&seed=2").spec
        #expect(GradientPNG.encoderOptions(of: grained).hasGrain)
        #expect(try !GradientPNG.encoderOptions(of: Self.request("colors=red,blue&grain=0&seed=2").spec).hasGrain)
        // Pillow's adaptive filters: with grain the rows take Average or Paeth, which the encoder's own coders never
        // give a dithered horizontal ramp's rows.
        let filters = try Set(pngRowFilterTypes(GradientPNG.renderPNG(grained), rowLength: 1 + 400 * 3, height: 300))
        #expect(!filters.isDisjoint(with: [3, 4]), "filters \(filters)")
    }

    @Test("grain changes the ETag; grain=0 keeps it")
    func etags() throws {
        let plain = try Self.request("colors=red,blue")
        let zero = try Self.request("colors=red,blue&grain=0&seed=5")
        let grained = try Self.request("colors=red,blue&grain=0.1")
        let reseeded = try Self.request("colors=red,blue&grain=0.1&seed=1")
        let tags = [plain, zero, grained, reseeded].map { ImageIdentity(request: $0, format: .png).etag }
        #expect(tags[0] == tags[1])
        #expect(Set(tags).count == 3)
    }
}
