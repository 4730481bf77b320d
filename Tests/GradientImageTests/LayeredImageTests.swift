import AVIFEncoding
import GradientCore
import GradientImage
import PNGEncoding
import Testing

/// Layered `css=` through every encoder: the pipelined PNG path, lossless WebP holding the PNG's pixels, AVIF
/// decoding to the composite's colours.
@Suite("Layered backgrounds in every output path")
struct LayeredImageTests {
    static let layers =
        "css=linear-gradient(to+right,%23f80,%2308f),radial-gradient(rgb(255+255+255+/+0.7),transparent),"
        + "linear-gradient(%23fff,%23000)&blend=multiply,screen"

    static func request(_ query: String) throws -> ImageRequest {
        try ImageRequest(queryItems: QueryString.decode(Substring(query)))
    }

    @Test("the pipelined two-thread PNG path writes the same bytes as one thread")
    func pipelinedBytesMatch() throws {
        let spec = try Self.request(Self.layers + "&width=300&height=200&grain=0.2").spec
        #expect(try GradientPNG.renderPNG(spec, pipelined: true) == GradientPNG.renderPNG(spec, pipelined: false))
    }

    @Test("WebP holds the PNG's very pixels")
    func webPMatchesPNG() throws {
        try expectWebPMatchesPNG(Self.layers + "&width=90&height=70", width: 90, height: 70)
    }

    @Test("AVIF decodes to the composite, within the format's tolerance")
    func avifMatchesPNG() throws {
        let request = try Self.request(Self.layers + "&width=96&height=64&format=avif")
        let avif = try AVIFDecoder.decode(ImageRenderer.renderImage(ImageIdentity(request: request, format: .avif)))
        #expect(avif.width == 96 && avif.height == 64 && avif.channels == 3)
        let png = try PNGDecoder.decode(GradientPNG.renderPNG(request.spec))
        guard case .eightBit(let samples) = png.pixels else {
            Issue.record("expected 8-bit PNG samples")
            return
        }
        let scale = Double((1 << avif.depth) - 1)
        var total = 0.0
        var count = 0
        for pixel in 0..<(96 * 64) {
            for channel in 0..<3 {
                let decoded = Double(avif.samples[pixel * 3 + channel]) / scale * 255
                total += abs(decoded - Double(samples[pixel * 4 + channel]))
                count += 1
            }
        }
        #expect(total / Double(count) <= 2, "mean difference \(total / Double(count))")
    }
}
