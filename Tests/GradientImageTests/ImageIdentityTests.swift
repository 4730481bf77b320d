import AVIFEncoding
import GradientCore
import GradientImage
import PNGEncoding
import Testing
import WebPEncoding

@Suite struct ImageIdentityTests {
    private func request(_ query: String) throws -> ImageRequest {
        try ImageRequest(queryItems: QueryString.decode(Substring(query)))
    }

    @Test func eachFormatHasItsOwnKeyETagAndVersion() throws {
        let request = try request("colors=ff7e5f,feb47b&dir=horizontal&width=64&height=32&format=auto")
        let identities = ImageFormat.allCases.map { ImageIdentity(request: request, format: $0) }
        #expect(Set(identities.map(\.cacheKey)).count == ImageFormat.allCases.count)
        #expect(Set(identities.map(\.etag)).count == ImageFormat.allCases.count)
        #expect(Set(identities.map(\.outputVersion)).count == ImageFormat.allCases.count)
        #expect(identities[0].etag == GradientPNG.etag(for: request.spec))
        #expect(identities[0].cacheKey == request.spec.canonicalForm)
        #expect(identities[1].outputVersion.contains(WebPEncoder.libraryVersion))
        #expect(identities[2].outputVersion.contains(AVIFEncoder.libraryVersion))
        #expect(identities[3].outputVersion.contains(SVGExport.version))
        #expect(identities.map(\.mediaType) == ["image/png", "image/webp", "image/avif", "image/svg+xml"])
    }

    @Test func avifQualityAndDitherChangeTheIdentity() throws {
        let base = ImageIdentity(request: try request("colors=red,blue&format=avif"), format: .avif)
        let quality = ImageIdentity(request: try request("colors=red,blue&format=avif&quality=90"), format: .avif)
        let dithered = ImageIdentity(request: try request("colors=red,blue&format=avif&dither=on"), format: .avif)
        let deep = ImageIdentity(request: try request("colors=red,blue&format=avif&depth=16"), format: .avif)
        #expect(Set([base.etag, quality.etag, dithered.etag, deep.etag]).count == 4)
        #expect(Set([base.cacheKey, quality.cacheKey, dithered.cacheKey, deep.cacheKey]).count == 4)
        guard case .avif(let settings) = base.settings, case .avif(let deepSettings) = deep.settings,
            case .avif(let ditheredSettings) = dithered.settings
        else {
            Issue.record("expected AVIF settings")
            return
        }
        #expect(settings.bitDepth == 10 && deepSettings.bitDepth == 12 && ditheredSettings.bitDepth == 8)
        #expect(settings == AVIFSettings.standard(bitDepth: 10))
    }

    @Test func webPCompressionChangesTheIdentityNotThePixels() throws {
        let query = "colors=ff7e5f,feb47b&angle=135&width=600&height=460&format=webp"
        let fast = ImageIdentity(request: try request(query), format: .webp)
        let smallest = ImageIdentity(request: try request(query + "&compression=smallest"), format: .webp)
        #expect(fast.settings == .webp(.fast(pixelCount: 600 * 460)))
        #expect(smallest.settings == .webp(.smallest))
        #expect(fast.etag != smallest.etag && fast.cacheKey != smallest.cacheKey)
        #expect(fast.outputVersion != smallest.outputVersion)
        let fastFile = try ImageRenderer.renderImage(fast)
        let smallestFile = try ImageRenderer.renderImage(smallest)
        #expect(fastFile != smallestFile)
        #expect(try WebPDecoder.decode(fastFile).rgba == WebPDecoder.decode(smallestFile).rgba)
    }

    @Test(arguments: ["", "&compression=smallest"])
    func webPOnGrainSpendsAtMostTheGrainEffort(compression: String) throws {
        let query = "colors=ff7e5f,feb47b&width=1200&height=900&format=webp" + compression
        let plain = ImageIdentity(request: try request(query), format: .webp)
        let grainy = ImageIdentity(request: try request(query + "&grain=0.3&seed=5"), format: .webp)
        guard case .webp(let plainSettings) = plain.settings, case .webp(let grainSettings) = grainy.settings else {
            Issue.record("not WebP settings")
            return
        }
        let limit = WebPSettings.grainEffortLimit
        #expect(plainSettings.effort == 100)
        #expect(grainSettings.effort == limit)
        #expect((grainSettings.alternatives + grainSettings.paletteAlternatives).allSatisfy { $0.effort == limit })
        #expect(grainSettings == plainSettings.cappingEffort(at: limit))
        #expect(grainy.outputVersion.contains("m\(grainSettings.method) q\(limit)"))
    }

    @Test(arguments: [
        "colors=ff7e5f,feb47b&dir=horizontal&width=97&height=31",
        "type=radial&colors=red,transparent&width=40&height=50",
        "type=conic&colors=red,yellow,blue,red&width=33&height=33&dither=off",
    ])
    func webPHoldsExactlyThePNGsPixels(query: String) throws {
        let request = try request(query)
        let png = try PNGDecoder.decode(try ImageRenderer.renderImage(ImageIdentity(request: request, format: .png)))
        let webp = try WebPDecoder.decode(try ImageRenderer.renderImage(ImageIdentity(request: request, format: .webp)))
        guard case .eightBit(let samples) = png.pixels else {
            Issue.record("expected 8-bit samples")
            return
        }
        #expect(webp.width == png.width && webp.height == png.height)
        #expect(webp.rgba == samples)
    }

    @Test(arguments: [
        ("colors=ff7e5f,feb47b&dir=horizontal&width=240&height=64", 10),
        ("type=radial&colors=0f2027,203a43,2c5364&width=128&height=96", 10),
        ("colors=ff7e5f,feb47b&width=64&height=200&depth=16", 12),
    ])
    func avifDecodesCloseToTheUnditheredRamp(query: String, bitDepth: Int) throws {
        let request = try request(query + "&format=avif")
        let identity = ImageIdentity(request: request, format: .avif)
        let decoded = try AVIFDecoder.decode(try ImageRenderer.renderImage(identity))
        #expect(decoded.width == request.spec.pixelWidth && decoded.height == request.spec.pixelHeight)
        #expect(decoded.depth == bitDepth)
        var reference = request.spec(for: .avif)
        reference.depth = .sixteen
        let png = try PNGDecoder.decode(try GradientPNG.renderPNG(reference))
        guard case .sixteenBit(let exact) = png.pixels else {
            Issue.record("expected 16-bit samples")
            return
        }
        let scale = Double((1 << bitDepth) - 1)
        var total = 0.0
        var largest = 0.0
        var count = 0
        for pixel in 0..<(decoded.width * decoded.height) {
            for channel in 0..<3 {
                let ours = Double(decoded.samples[pixel * decoded.channels + channel]) / scale * 255
                let truth = Double(exact[pixel * 4 + channel]) / 65535 * 255
                total += abs(ours - truth)
                largest = max(largest, abs(ours - truth))
                count += 1
            }
        }
        #expect(total / Double(count) <= 1.0, "mean error \(total / Double(count)) / 255")
        #expect(largest <= 4.0, "largest error \(largest) / 255")
    }

    @Test func aCancelledWholeFrameRenderStops() throws {
        let identity = ImageIdentity(request: try request("colors=red,blue&format=webp"), format: .webp)
        #expect(throws: RenderError.cancelled) {
            try ImageRenderer.render(identity, shouldContinue: { false }) { _ in }
        }
    }
}
