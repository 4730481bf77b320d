import Testing

/// The gradients gradientd grew out of (iOS views and the Slope library), each drawn by a URL.
@Suite("Seed gradients")
struct SeedGradientTests {
    @Test(
        "FadeOutView: white at alpha 0 → white, staying pure white as it fades in",
        arguments: ["horizontal", "vertical"])
    func fadeOverlay(dir: String) throws {
        let image = try DecodedGradient("colors=%23ffffff00,white&dir=\(dir)&width=240&height=160")
        #expect(image.decoded.colorType == .rgba)
        var previousAlpha = -1.0
        for step in 0..<40 {
            let x = dir == "horizontal" ? step * 6 : 120
            let y = dir == "vertical" ? step * 4 : 80
            let p = image.pixel(x, y)
            if p.w > 0 { #expect(p.x == 255 && p.y == 255 && p.z == 255) }
            #expect(p.w >= previousAlpha)
            previousAlpha = p.w
        }
        #expect(image.pixel(0, 0).w <= 2)
        #expect(image.pixel(image.width - 1, image.height - 1).w >= 254)  // the last pixel centre is at t = 1 − ½px
    }

    @Test("GradientBackgroundView: transparent at 0 to #4a4a4a at 0.25, extended after")
    func backgroundView() throws {
        let image = try DecodedGradient("colors=transparent@0,4a4a4a@0.25&width=100&height=400&dither=off")
        #expect(image.pixel(50, 0).w <= 1)
        #expect(image.pixel(50, 50).w == 129)  // centre of row 50: t = 50.5 / 400, alpha 0.505
        #expect(image.pixel(50, 50).x == 0x4a)
        for y in [100, 200, 399] { #expect(image.pixel(10, y) == SIMD4(0x4a, 0x4a, 0x4a, 255)) }
    }

    @Test("CAGradientLayer: N colours spread evenly", arguments: [2, 3, 5])
    func evenlySpread(count: Int) throws {
        let palette = ["ff0000", "00ff00", "0000ff", "ffff00", "00ffff"]
        let colors = palette.prefix(count).joined(separator: ",")
        let width = 601
        let image = try DecodedGradient("colors=\(colors)&dir=horizontal&width=\(width)&height=4&dither=off")
        for (index, hex) in palette.prefix(count).enumerated() {
            let x = min(width - 1, Int((Double(index) / Double(count - 1) * Double(width)).rounded(.down)))
            let value = Int(hex, radix: 16)!
            let expected = SIMD4(Double(value >> 16), Double(value >> 8 & 255), Double(value & 255), 255)
            #expect(maxDifference(image.pixel(x, 2), expected) <= 2, "stop \(index)")
        }
    }

    @Test("Slope UniformGradient of two greys")
    func uniformGreys() throws {
        let image = try DecodedGradient("colors=cccccc,999999&width=50&height=200&dither=off")
        #expect(image.decoded.colorType == .rgb)
        #expect(image.pixel(0, 0) == SIMD4(0xcc, 0xcc, 0xcc, 255))
        #expect(image.pixel(0, 199) == SIMD4(0x99, 0x99, 0x99, 255))
        #expect(abs(image.pixel(25, 100).x - (0xcc + 0x99) / 2.0) <= 0.6)
    }

    @Test("Slope PercentageGradient(#00d293, 0.06): brightness +6% at the start, −6% at the end")
    func percentageGradient() throws {
        let image = try DecodedGradient("base=00d293&percentage=0.06&width=10&height=1000&dither=off")
        let brightness = 210.0 / 255
        let top = image.pixel(5, 0)
        let bottom = image.pixel(5, 999)
        #expect(abs(top.y - 255 * (brightness + 0.06)) <= 1 && abs(top.z - 147 * (brightness + 0.06) / brightness) <= 1)
        #expect(abs(bottom.y - 255 * (brightness - 0.06)) <= 1 && top.x == 0)
    }

    @Test("Slope radial and diagonal gradients")
    func radialAndDiagonal() throws {
        let radial = try DecodedGradient("type=radial&colors=ffffff,3366ff&width=300&height=300&dither=off")
        #expect(maxDifference(radial.pixel(150, 150), SIMD4(255, 255, 255, 255)) <= 1)
        #expect(maxDifference(radial.pixel(0, 0), SIMD4(0x33, 0x66, 255, 255)) <= 2)
        #expect(radial.pixel(150, 20) == radial.pixel(20, 150))
        let diagonal = try DecodedGradient("colors=ff7e5f,feb47b&dir=to-bottom-right&width=300&height=300&dither=off")
        #expect(diagonal.pixel(299, 0) == diagonal.pixel(0, 299))
        #expect(maxDifference(diagonal.pixel(0, 0), SIMD4(0xff, 0x7e, 0x5f, 255)) <= 2)
    }
}
