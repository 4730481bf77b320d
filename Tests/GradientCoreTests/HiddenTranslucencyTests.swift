import SeededRandom
import Testing

@testable import GradientCore

/// Translucent stops no pixel shows leave the rows RGB (``Rasterizer/OpacityRule/visibleStops``), with the very
/// colours the RGBA rows of the every-stop rule hold, whose alpha is then 255 (65535) everywhere.
@Suite struct HiddenTranslucencyTests {
    /// Rows of `spec` under `rule`, all of them, and whether they are RGB.
    private static func rows(_ spec: GradientSpec, _ rule: Rasterizer.OpacityRule) -> (bytes: [UInt8], isOpaque: Bool) {
        var rasterizer = Rasterizer(spec: spec, opacityRule: rule)
        let rowBytes = rasterizer.bytesPerRow
        var all = [UInt8](repeating: 0, count: rowBytes * spec.pixelHeight)
        all.withUnsafeMutableBytes { buffer in
            for y in 0..<spec.pixelHeight {
                rasterizer.renderRow(y, into: UnsafeMutableRawBufferPointer(rebasing: buffer[(y * rowBytes)...]))
            }
        }
        return (all, rasterizer.isOpaque)
    }

    /// The spec of `query`, written with its CSS unescaped (`%` and `#` are escaped here).
    private static func spec(_ query: String) throws -> GradientSpec {
        let escaped = query.map { $0 == "%" ? "%25" : $0 == "#" ? "%23" : String($0) }.joined()
        return try GradientSpec(queryItems: try QueryString.decode(Substring(escaped)))
    }

    /// Checks that `spec`'s RGB rows are its every-stop RGBA rows without their alpha, which is opaque throughout.
    /// Returns whether the visible-stop rule made the image RGB where the every-stop rule had not.
    @discardableResult
    private static func expectSamePixels(_ spec: GradientSpec, _ label: String) -> Bool {
        let visible = rows(spec, .visibleStops)
        let everyStop = rows(spec, .everyStop)
        if everyStop.isOpaque {
            #expect(visible.isOpaque, "\(label): opaque stops, yet RGBA")
            let same = visible.bytes == everyStop.bytes
            #expect(same, "\(label)")
            return false
        }
        guard visible.isOpaque else {
            let same = visible.bytes == everyStop.bytes
            #expect(same, "\(label)")
            return false
        }
        let sample = spec.depth == .sixteen ? 2 : 1
        let opaqueAlpha = [UInt8](repeating: 0xFF, count: sample)
        var stripped: [UInt8] = []
        stripped.reserveCapacity(visible.bytes.count)
        var alphaIsOpaque = true
        for pixel in stride(from: 0, to: everyStop.bytes.count, by: 4 * sample) {
            stripped += everyStop.bytes[pixel..<(pixel + 3 * sample)]
            alphaIsOpaque =
                alphaIsOpaque && Array(everyStop.bytes[(pixel + 3 * sample)..<(pixel + 4 * sample)]) == opaqueAlpha
        }
        #expect(alphaIsOpaque, "\(label): written RGB, but a pixel is translucent")
        let sameColors = stripped == visible.bytes
        #expect(sameColors, "\(label): RGB rows differ from the RGBA rows' colours")
        return true
    }

    @Test(arguments: [
        // A translucent stop past the end of the gradient line (Blink normalises the stops to 0…150 %).
        "css=linear-gradient(red, blue 100%, rgb(0 0 0 / 0.5) 150%)&width=40&height=30",
        // Beyond the farthest corner of a radial gradient.
        "css=radial-gradient(circle, red, blue 100%, blue 150%, transparent 200%)&width=33&height=21&depth=16",
        // Found by bench/png_peers.py --random 5 (case 243): a translucent stop clamped past the line's end.
        "css=linear-gradient(0.2607turn, oklab(0.5697 0.1789 0.063) 0.3%, #c546ab 0.6%, oklab(0.53 0.1462 -0.0783) 50.7%, 3.2%, #2fc4cf 565.8px, #e047b7b8 57.4%, oklab(0.3598 -0.0234 -0.1427) 86.4%)&width=16&height=878&scale=2",
        // Found by bench/png_peers.py --random 1 (case 130): a two-position stop past the line's end.
        "css=linear-gradient(in hsl shorter hue, lab(70.22 -8.14 -37.72) 190.3px 98.8%, oklch(0.7408 0.1064 244.11) 20.3%, color(srgb 0.4591 0.6689 0.9608) 33.3%, rgb(109 176 232 / 0.11) 387.6px 69.8%, hwb(209.7 41.5% 7.9%) 72.7%)&width=601&height=102&dither=off",
        // Hidden in a layer under an opaque one, and hidden in the opaque layer itself.
        "css=linear-gradient(red, blue 100%, transparent 120%), radial-gradient(transparent, white)&width=24&height=24",
    ])
    func hiddenTranslucentStopsLeaveRowsRGB(query: String) throws {
        let spec = try Self.spec(query)
        let isOpaque = Rasterizer(spec: spec).isOpaque
        let hasTranslucentStops = !Rasterizer(spec: spec, opacityRule: .everyStop).isOpaque
        #expect(isOpaque, "\(query)")
        #expect(hasTranslucentStops, "\(query)")
        #expect(Self.expectSamePixels(spec, query))
    }

    @Test(arguments: [
        "css=linear-gradient(red, transparent)&width=20&height=20",
        "css=linear-gradient(red, blue 99%, transparent 101%)&width=20&height=100",
        "css=repeating-linear-gradient(red, blue 10px, rgb(0 0 0 / 0.5) 20px)&width=20&height=100",
        "css=conic-gradient(from 10deg at 200% 200%, red, blue 90%, transparent)&width=20&height=20",
        "css=radial-gradient(circle 5px, red, blue 100%, transparent 101%)&width=40&height=40",
        "colors=ff000080,0000ff&width=8&height=8",
        // Opaque stops, but transparent beyond them (decal tiling).
        "colors=red@0.3,blue@0.6&dir=to-right&spread=none&width=48&height=32",
    ])
    func shownTranslucentStopsKeepRowsRGBA(query: String) throws {
        let isOpaque = Rasterizer(spec: try Self.spec(query)).isOpaque
        #expect(!isOpaque, "\(query)")
    }

    /// Random gradients whose stops reach past both ends, some of them translucent: wherever the image is written
    /// RGB, its colours are the RGBA rows' and their alpha is opaque; and the rule does find such images.
    @Test func randomGradientsAgreeWithEveryStopRule() throws {
        let seed = UInt64.random(in: 0...UInt64(UInt32.max))
        var random = SeededGenerator(seed: seed)
        var madeRGB = 0
        let cases = 300
        for index in 0..<cases {
            let query = Self.randomQuery(&random)
            if Self.expectSamePixels(try Self.spec(query), "seed \(seed) case \(index): \(query)") {
                madeRGB += 1
            }
        }
        #expect(madeRGB * 10 >= cases, "seed \(seed): only \(madeRGB) of \(cases) images made RGB")
    }

    /// A linear, radial or conic gradient (repeating or not) of 2–6 stops at -60 % … 260 %, each translucent with
    /// probability 1/3, at 1–48 pixels a side, 8 or 16 bits, dither on or off.
    private static func randomQuery(_ random: inout SeededGenerator) -> String {
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        let kinds = [
            "linear-gradient(\(pick(360))deg", "repeating-linear-gradient(\(pick(360))deg",
            "radial-gradient(circle at \(pick(140) - 20)% \(pick(140) - 20)%",
            "radial-gradient(ellipse farthest-side at \(pick(100))% \(pick(100))%",
            "repeating-radial-gradient(circle at \(pick(100))% \(pick(100))%",
            "conic-gradient(from \(pick(360))deg at \(pick(300) - 100)% \(pick(300) - 100)%",
        ]
        var stops: [String] = []
        for _ in 0..<(2 + pick(5)) {
            let alpha = pick(3) == 0 ? "\(Double(pick(100)) / 100)" : "1"
            stops.append("rgb(\(pick(256)) \(pick(256)) \(pick(256)) / \(alpha)) \(pick(320) - 60)%")
        }
        let size = "width=\(1 + pick(48))&height=\(1 + pick(48))"
        let depth = pick(4) == 0 ? "&depth=16" : ""
        let dither = pick(2) == 0 ? "&dither=off" : ""
        return "css=\(kinds[pick(kinds.count)]), \(stops.joined(separator: ", ")))&\(size)\(depth)\(dither)"
    }
}
