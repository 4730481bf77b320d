import Testing

@testable import GradientCore

/// `grain` and `seed`: deterministic per-pixel noise, its bounds and mean, and its place in the canonical spec.
@Suite("Grain")
struct GrainTests {
    static func spec(_ query: String) throws -> GradientSpec {
        try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
    }

    /// The formula of ``Grain`` written out again, independently of its implementation.
    static func referenceNumerator(seed: UInt32, x: UInt32, y: UInt32) -> Int32 {
        func mix(_ value: UInt32) -> UInt32 {
            var v = value
            v = v ^ (v >> 16)
            v = v &* 0x7feb_352d
            v = v ^ (v >> 15)
            v = v &* 0x846c_a68b
            return v ^ (v >> 16)
        }
        let hash = mix(mix(mix(seed ^ 0x9e37_79b9) ^ x) ^ y)
        return Int32(hash & 0xffff) - Int32(hash >> 16)
    }

    @Test("the noise is the documented hash of (seed, x, y), in every lane")
    func noiseFollowsTheFormula() {
        for seed: UInt32 in [0, 1, 7, 4_294_967_295] {
            let grain = Grain(amount: 1, seed: seed)
            for y in [0, 1, 13, 4095] {
                let lanes = grain.offsets(x: 40, y: y)
                for x in 0..<8 {
                    let numerator = Self.referenceNumerator(seed: seed, x: UInt32(40 + x), y: UInt32(y))
                    #expect(grain.numerator(x: 40 + x, y: y) == numerator)
                    #expect(lanes[x] == Float(numerator) * (1 / 65535) * Float(16.0 / 255))
                }
            }
        }
    }

    @Test("grain=0 is no grain: the same canonical form as leaving it out; a seed without grain changes nothing")
    func zeroGrainIsNoGrain() throws {
        for query in ["colors=red,blue&width=40&height=30", "type=conic&colors=red,blue,red&width=33&height=20"] {
            let plain = try Self.spec(query)
            for extra in ["&grain=0", "&grain=0.0&seed=99", "&grain=0e0", "&seed=4294967295"] {
                let zero = try Self.spec(query + extra)
                #expect(zero == plain)
                #expect(zero.canonicalForm == plain.canonicalForm)
                #expect(zero.stableHash(version: "v") == plain.stableHash(version: "v"))
            }
            let grained = try Self.spec(query + "&grain=0.3&seed=5")
            #expect(grained.canonicalForm == plain.canonicalForm + " grain(0.3 seed 5)")
        }
    }

    @Test("seed changes the pixels; the same seed gives the same pixels")
    func seedChangesBytes() throws {
        let a = try RenderedImage(query: "colors=red,blue&width=64&height=48&grain=0.5&seed=1")
        let b = try RenderedImage(query: "colors=red,blue&width=64&height=48&grain=0.5&seed=2")
        let again = try RenderedImage(query: "colors=red,blue&width=64&height=48&grain=0.5&seed=1")
        var differing = 0
        for y in 0..<48 {
            for x in 0..<64 {
                if a.pixel(x, y) != b.pixel(x, y) { differing += 1 }
                #expect(a.pixel(x, y) == again.pixel(x, y))
            }
        }
        #expect(differing > 64 * 48 / 2)
        #expect(try Self.spec("colors=red,blue&grain=0.5&seed=1") != Self.spec("colors=red,blue&grain=0.5&seed=2"))
    }

    /// Over 1024×1024 flat grey 128/255 without dither, grain=1 moves each byte by round(16·n), n triangular on
    /// [−1, 1]: mean 0 exactly (symmetric, and 16·k/65535 is never a rounding tie), variance 16²/6 + ≈1/12 ≈ 42.75,
    /// so the mean of 2²⁰ pixels has a standard deviation of ≈ 6.54/1024 ≈ 0.0064. The bound 0.04 is over 6σ.
    @Test(
        "the noise has mean zero over a large flat image, and the variance of its distribution", arguments: [0, 12345])
    func meanIsZero(seed: Int) throws {
        let image = try RenderedImage(
            query: "colors=808080&width=1024&height=1024&dither=off&grain=1&seed=\(seed)")
        var sum = 0.0
        var squares = 0.0
        for y in 0..<1024 {
            for x in 0..<1024 {
                let pixel = image.pixel(x, y)
                #expect(pixel.x == pixel.y && pixel.y == pixel.z, "monochrome")
                let difference = pixel.x - 128
                sum += difference
                squares += difference * difference
            }
        }
        let count = Double(1024 * 1024)
        #expect(abs(sum / count) <= 0.04, "mean \(sum / count)")
        let variance = squares / count
        #expect(abs(variance - 42.75) <= 0.5, "variance \(variance)")
    }

    @Test(
        "no pixel moves by more than grain×16/255 plus rounding, and the noise reaches near its amplitude",
        arguments: [
            "colors=ff7e5f,feb47b&dir=horizontal", "type=radial&colors=12c2e9,c471ed,f64f59&dither=off",
            "type=conic&colors=red,lime,blue,red&space=oklch", "colors=%23f008,%2300f4", "colors=red,blue&depth=16",
            "colors=teal", "colors=red,blue&dir=horizontal&depth=16&dither=off",
        ])
    func amplitudeBound(query: String) throws {
        let size = "&width=70&height=45"
        let plain = try RenderedImage(query: query + size)
        let grained = try RenderedImage(query: query + size + "&grain=0.5&seed=3")
        // 8 byte units (0.5 × 16), plus one for the two roundings; 16-bit samples read as /257.
        let bound = grained.is16Bit ? 8 + 1.0 / 257 : 9
        var largest = 0.0
        for y in 0..<45 {
            for x in 0..<70 {
                let a = plain.pixel(x, y)
                let b = grained.pixel(x, y)
                #expect(a.w == b.w, "alpha is untouched")
                guard a.w > 0 else { continue }
                largest = max(largest, maxDifference(a, b))
            }
        }
        #expect(largest <= bound)
        #expect(largest >= 6)
    }

    @Test(
        "invalid grain and seed values are refused naming the parameter",
        arguments: [
            ("grain=-0.1", "grain"), ("grain=1.5", "grain"), ("grain=abc", "grain"), ("grain=50%25", "grain"),
            ("grain=0.2&seed=-1", "seed"), ("grain=0.2&seed=4294967296", "seed"), ("grain=0.2&seed=1.5", "seed"),
            ("grain=0.2&seed=99999999999", "seed"), ("seed=-3", "seed"),
        ])
    func invalidValues(query: String, parameter: String) throws {
        let error = try #require(TeachingErrorTests.error(of: "colors=red,blue&" + query))
        #expect(error.parameter == parameter, "\(error.detail)")
    }

    @Test("the largest seed is accepted, and grain combines with css")
    func largestSeedAndCSS() throws {
        let spec = try Self.spec("colors=red,blue&grain=1&seed=4294967295")
        #expect(spec.seed == 4_294_967_295 && spec.grain == 1)
        let css = try Self.spec("css=linear-gradient(red,blue)&grain=0.25&seed=9")
        #expect(css.grain == 0.25 && css.seed == 9)
    }

    @Test("rows render alike in any order and from any starting row (bands, threads)")
    func rowsAreIndependent() throws {
        for query in [
            "colors=red,blue&dir=horizontal&width=50&height=40&grain=0.4&seed=8",
            "colors=red,blue&width=50&height=40&grain=0.4", "colors=gray&width=50&height=40&grain=1&seed=2",
        ] {
            let spec = try Self.spec(query)
            var sequential = Rasterizer(spec: spec)
            var rows: [[UInt8]] = []
            for y in 0..<40 {
                var row = [UInt8](repeating: 0, count: sequential.bytesPerRow)
                row.withUnsafeMutableBytes { sequential.renderRow(y, into: $0) }
                rows.append(row)
            }
            #expect(Set(rows).count == 40, "no two rows alike: no cached or repeated rows")
            for bandStart in [0, 7, 13, 39] {
                var band = Rasterizer(spec: spec)
                for y in (bandStart..<40).reversed() {
                    var row = [UInt8](repeating: 0, count: band.bytesPerRow)
                    row.withUnsafeMutableBytes { band.renderRow(y, into: $0) }
                    #expect(row == rows[y])
                }
            }
        }
    }
}
