import AVIFEncoding
import CZlib
import Foundation
import GradientCore
import GradientImage
import PNGEncoding
import Testing
import WebPEncoding

/// `gamut=display-p3` through every format: the pixels converted to Display P3, and the file saying so (PNG `cICP`
/// and `iCCP`, WebP `VP8X` with `ICCP`, AVIF `nclx`); sRGB unchanged.
@Suite("Display P3 images")
struct DisplayP3ImageTests {
    static func request(_ query: String) throws -> ImageRequest {
        try ImageRequest(queryItems: QueryString.decode(Substring(query)))
    }

    static func render(_ query: String, format: ImageFormat = .png) throws -> [UInt8] {
        try ImageRenderer.renderImage(ImageIdentity(request: request(query), format: format))
    }

    /// The chunks of a PNG, in order: type and data.
    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            result.append((type, Array(png[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return result
    }

    /// The decoded PNG's red, green and blue samples (the decoder gives RGBA).
    static func eightBitSamples(_ png: [UInt8]) throws -> [UInt8] {
        guard case .eightBit(let samples) = try PNGDecoder.decode(png).pixels else {
            Issue.record("expected 8-bit samples")
            return []
        }
        return samples.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
    }

    @Test func sRGBColoursBecomeTheirDisplayP3Values() throws {
        let red = try Self.eightBitSamples(
            Self.render("colors=red,red&width=4&height=2&gamut=display-p3&dither=off"))
        #expect(Array(red.prefix(3)) == [234, 51, 35])
        let grey = try Self.eightBitSamples(
            Self.render("colors=808080,808080&width=4&height=2&gamut=display-p3&dither=off"))
        #expect(Array(grey.prefix(3)) == [128, 128, 128])
        let white = try Self.eightBitSamples(Self.render("colors=white&width=3&height=3&gamut=display-p3"))
        #expect(Set(white) == [255])
    }

    @Test func coloursBeyondSRGBSurviveInDisplayP3AndClipInSRGB() throws {
        let css = "css=linear-gradient(to right in display-p3, color(display-p3 1 0 0), color(display-p3 0 1 0))"
        let p3 = try Self.eightBitSamples(Self.render(css + "&width=5&height=1&dither=off&gamut=display-p3"))
        let srgb = try Self.eightBitSamples(Self.render(css + "&width=5&height=1&dither=off"))
        // Pixel centres at 0.1, 0.3, … of the way: red and green 255 · (0.9, 0.1), (0.7, 0.3), … exactly in reals;
        // through Chromium's float conversions each within one level.
        let exact: [Double] = [229.5, 25.5, 0, 178.5, 76.5, 0, 127.5, 127.5, 0, 76.5, 178.5, 0, 25.5, 229.5, 0]
        #expect(zip(p3, exact).allSatisfy { abs(Double($0) - $1) <= 0.5 }, "\(p3)")
        #expect(Array(srgb.prefix(3)) == [251, 0, 0])
        let solid = try Self.eightBitSamples(
            Self.render(
                "css=linear-gradient(color(display-p3 0 1 0),color(display-p3 0 1 0))&width=2&height=2"
                    + "&gamut=display-p3"))
        #expect(solid[0] == 0 && solid[1] >= 254 && solid[2] == 0)
    }

    /// sRGB bytes as Display P3 bytes, unrounded: CSS Color 4's conversion in doubles.
    static func displayP3(fromSRGB bytes: SIMD3<Double>) -> SIMD3<Double> {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : Foundation.pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Double) -> Double { v <= 0.0031308 ? 12.92 * v : 1.055 * Foundation.pow(v, 1 / 2.4) - 0.055 }
        let l = SIMD3(linear(bytes.x / 255), linear(bytes.y / 255), linear(bytes.z / 255))
        let p3 = SIMD3(
            0.822_462_120_9 * l.x + 0.177_537_879_1 * l.y,
            0.033_194_198_9 * l.x + 0.966_805_801_1 * l.y,
            0.017_082_630_7 * l.x + 0.072_397_440_7 * l.y + 0.910_519_928_6 * l.z)
        return SIMD3(encoded(p3.x), encoded(p3.y), encoded(p3.z)) * 255
    }

    @Test(arguments: [
        "type=radial&colors=ff0000,00ff00&width=30&height=20&space=srgb-linear",
        "css=linear-gradient(in oklab, %23e96443, %23904e95)&width=40&height=9",
        "css=linear-gradient(in lab, %23ff7e5f, %2312c2e9)&width=40&height=9",
        "css=linear-gradient(red, rgb(0 0 255 / 0.6))&width=12&height=30",
        "type=mesh&mesh=2x2&colors=red,lime,blue,yellow&width=20&height=20",
        "type=conic&colors=red,yellow,lime,cyan,blue,magenta,red&width=24&height=24",
    ])
    func everyPathWritesTheDisplayP3ValuesOfItsSRGBColours(query: String) throws {
        let p3 = try Self.eightBitSamples(
            GradientPNG.renderPNG(Self.request(query + "&gamut=display-p3&dither=off").spec))
        let srgb = try Self.eightBitSamples(GradientPNG.renderPNG(Self.request(query + "&dither=off").spec))
        #expect(p3.count == srgb.count && p3 != srgb)
        var worst = 0.0
        for pixel in stride(from: 0, to: srgb.count, by: 3) {
            let expected = Self.displayP3(
                fromSRGB: SIMD3(Double(srgb[pixel]), Double(srgb[pixel + 1]), Double(srgb[pixel + 2])))
            for channel in 0..<3 { worst = max(worst, abs(Double(p3[pixel + channel]) - expected[channel])) }
        }
        // The sRGB image's rounding (half a level) carried through the conversion, plus the P3 image's own.
        #expect(worst <= 1.6, "largest difference \(worst)")
    }

    @Test func layersBlendInDisplayP3AndColoursBeyondSRGBKeepTheirChroma() throws {
        for query in [
            "css=linear-gradient(red,blue),radial-gradient(lime,transparent)&blend=multiply&width=20&height=20",
            "css=linear-gradient(in oklch, oklch(70%25 0.3 150), oklch(60%25 0.25 30))&width=40&height=9",
        ] {
            let p3 = try Self.eightBitSamples(
                GradientPNG.renderPNG(Self.request(query + "&gamut=display-p3&dither=off").spec))
            let srgb = try Self.eightBitSamples(GradientPNG.renderPNG(Self.request(query + "&dither=off").spec))
            #expect(p3.count == srgb.count && p3 != srgb)
        }
        let wide = try Self.eightBitSamples(
            Self.render(
                "css=linear-gradient(in oklch, oklch(70%25 0.3 150), oklch(70%25 0.3 150))&width=2&height=2"
                    + "&gamut=display-p3&dither=off"))
        let clipped = try Self.eightBitSamples(
            Self.render("css=linear-gradient(in oklch, oklch(70%25 0.3 150), oklch(70%25 0.3 150))&width=2&height=2"))
        #expect(clipped[0] == 0 && clipped[2] == 0)
        #expect(wide[0] > 0 || wide[2] > 0)
    }

    @Test func thePNGNamesDisplayP3InCICPAndICCPAfterIHDR() throws {
        let png = try Self.render("colors=ff7e5f,feb47b&width=300&height=200&gamut=display-p3")
        let chunks = Self.chunks(png)
        #expect(chunks.map(\.type) == ["IHDR", "cICP", "iCCP", "IDAT", "IEND"])
        #expect(chunks[1].data == [12, 13, 0, 1])
        let name = Array(DisplayP3Profile.description.utf8) + [0, 0]
        #expect(Array(chunks[2].data.prefix(name.count)) == name)
        let compressed = Array(chunks[2].data.dropFirst(name.count))
        var length = uLong(DisplayP3Profile.bytes.count + 16)
        var profile = [UInt8](repeating: 0, count: Int(length))
        #expect(uncompress(&profile, &length, compressed, uLong(compressed.count)) == Z_OK)
        #expect(Array(profile.prefix(Int(length))) == DisplayP3Profile.bytes)
        let srgb = try Self.render("colors=ff7e5f,feb47b&width=300&height=200")
        #expect(Self.chunks(srgb).map(\.type) == ["IHDR", "IDAT", "IEND"])
    }

    @Test func indexedAndHeldPNGsCarryTheChunksBeforePLTE() throws {
        let indexed = try Self.render("colors=ff7e5f,feb47b&dir=horizontal&width=1200&height=630&gamut=display-p3")
        #expect(Self.chunks(indexed).map(\.type).prefix(4) == ["IHDR", "cICP", "iCCP", "PLTE"])
        let held = try Self.render("type=radial&colors=red,blue&width=20&height=20&gamut=display-p3")
        #expect(Self.chunks(held).map(\.type) == ["IHDR", "cICP", "iCCP", "IDAT", "IEND"])
        #expect(try PNGDecoder.decode(held).width == 20)
    }

    @Test func theProfileIsAnICCVersionFourDisplayProfile() {
        let profile = DisplayP3Profile.bytes
        let size = profile.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(size == profile.count && profile.count % 4 == 0)
        #expect(Array(profile[8..<10]) == [4, 0x30])
        #expect(String(decoding: profile[12..<24], as: UTF8.self) == "mntrRGB XYZ ")
        #expect(String(decoding: profile[36..<40], as: UTF8.self) == "acsp")
        let tagCount = profile[128..<132].reduce(0) { $0 << 8 | Int($1) }
        let tags = (0..<tagCount).map { String(decoding: profile[132 + 12 * $0..<136 + 12 * $0], as: UTF8.self) }
        #expect(
            Set(tags) == ["desc", "cprt", "wtpt", "rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC", "chad"])
    }

    @Test func theWebPIsExtendedWithTheProfileAndThePNGsPixels() throws {
        let query =
            "css=linear-gradient(45deg, color(display-p3 1 0 0), rgb(0 0 255 / 0.5))&width=70&height=40"
            + "&gamut=display-p3"
        let webp = try Self.render(query, format: .webp)
        #expect(String(decoding: webp[12..<16], as: UTF8.self) == "VP8X")
        #expect(webp[20] == 0x30)
        #expect(String(decoding: webp[30..<34], as: UTF8.self) == "ICCP")
        let profileLength = webp[34..<38].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(Array(webp[38..<38 + profileLength]) == DisplayP3Profile.bytes)
        let riffLength = webp[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(riffLength + 8 == webp.count)
        let decoded = try WebPDecoder.decode(webp)
        let png = try PNGDecoder.decode(Self.render(query))
        #expect(png.pixels == .eightBit(decoded.rgba))
        let opaque = try Self.render("colors=red,blue&width=30&height=30&gamut=display-p3", format: .webp)
        #expect(opaque[20] == 0x20)
    }

    @Test func theAVIFSaysDisplayP3InItsColourBox() throws {
        for (query, primaries) in [("colors=red,blue&width=32&height=32&gamut=display-p3", 12), ("colors=red,blue", 1)]
        {
            let avif = try Self.render(query, format: .avif)
            let box = Array("colrnclx".utf8)
            let start = try #require(
                (0...(avif.count - box.count)).first { Array(avif[$0..<$0 + box.count]) == box })
            let fields = avif[start + 8..<start + 14].map(Int.init)
            #expect(fields[0] << 8 | fields[1] == primaries)
            #expect(fields[2] << 8 | fields[3] == 13)
        }
    }

    @Test func gamutIsPartOfTheIdentityAndSRGBIsTheDefault() throws {
        let plain = try Self.request("colors=ff7e5f,feb47b")
        let srgb = try Self.request("colors=ff7e5f,feb47b&gamut=srgb")
        let p3 = try Self.request("colors=ff7e5f,feb47b&gamut=display-p3")
        for format in [ImageFormat.png, .webp, .avif] {
            let identities = [plain, srgb, p3].map { ImageIdentity(request: $0, format: format) }
            #expect(identities[0].etag == identities[1].etag && identities[0].cacheKey == identities[1].cacheKey)
            #expect(identities[0].etag != identities[2].etag && identities[0].cacheKey != identities[2].cacheKey)
        }
        #expect(plain.spec.canonicalForm == srgb.spec.canonicalForm)
        #expect(p3.spec.canonicalForm == plain.spec.canonicalForm + " gamut display-p3")
    }
}
