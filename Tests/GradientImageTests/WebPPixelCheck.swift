import GradientCore
import GradientImage
import PNGEncoding
import Testing
import WebPEncoding

/// Expects the lossless WebP of `query` (which must not name a format) to decode to exactly the pixels of its PNG,
/// at `width`×`height`.
func expectWebPMatchesPNG(
    _ query: String, width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let request = try ImageRequest(queryItems: QueryString.decode(Substring(query + "&format=webp")))
    let webp = try WebPDecoder.decode(ImageRenderer.renderImage(ImageIdentity(request: request, format: .webp)))
    let png = try PNGDecoder.decode(GradientPNG.renderPNG(request.spec))
    guard case .eightBit(let samples) = png.pixels else {
        Issue.record("expected 8-bit PNG samples", sourceLocation: sourceLocation)
        return
    }
    #expect(webp.width == width && webp.height == height, sourceLocation: sourceLocation)
    #expect(webp.rgba == samples, sourceLocation: sourceLocation)
}
