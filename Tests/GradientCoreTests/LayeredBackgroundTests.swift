import Testing

@testable import GradientCore

/// Layered `css=` with `blend`: pixels against CSS Compositing 1's formulas written out here, the layer limit, the
/// `blend` list's repetition and errors, canonical forms, and row independence.
@Suite("Layered backgrounds")
struct LayeredBackgroundTests {
    static func spec(_ query: String) throws -> GradientSpec {
        try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
    }

    static func error(_ query: String) -> SpecError? {
        do {
            _ = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
            return nil
        } catch let error as SpecError {
            return error
        } catch {
            return nil
        }
    }

    /// A one-stop gradient of an sRGB colour given in bytes, as CSS text.
    static func solid(_ color: SIMD3<Double>, alpha: Double = 1) -> String {
        "linear-gradient(rgb(\(Int(color.x))+\(Int(color.y))+\(Int(color.z))+/+\(alpha)))"
    }

    // MARK: CSS Compositing 1, written out independently (unpremultiplied colours, 0…1).

    static func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let l = lum(c)
        let n = min(c.x, c.y, c.z)
        let x = max(c.x, c.y, c.z)
        var result = c
        if n < 0 { result = SIMD3(repeating: l) + (result - SIMD3(repeating: l)) * l / (l - n) }
        if x > 1 { result = SIMD3(repeating: l) + (result - SIMD3(repeating: l)) * (1 - l) / (x - l) }
        return result
    }

    static func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> {
        clipColor(c + SIMD3(repeating: l - lum(c)))
    }

    static func sat(_ c: SIMD3<Double>) -> Double { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    static func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        var channels = [c.x, c.y, c.z]
        let order = channels.indices.sorted { channels[$0] < channels[$1] }
        let (low, middle, high) = (order[0], order[1], order[2])
        if channels[high] > channels[low] {
            channels[middle] = (channels[middle] - channels[low]) * s / (channels[high] - channels[low])
            channels[high] = s
        } else {
            channels[middle] = 0
            channels[high] = 0
        }
        channels[low] = 0
        return SIMD3(channels[0], channels[1], channels[2])
    }

    /// B(Cb, Cs) of CSS Compositing 1 §10 for `mode`.
    static func blend(_ mode: String, backdrop b: SIMD3<Double>, source s: SIMD3<Double>) -> SIMD3<Double> {
        func separable(_ f: (Double, Double) -> Double) -> SIMD3<Double> {
            SIMD3(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z))
        }
        func hardLight(_ cb: Double, _ cs: Double) -> Double {
            cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
        }
        switch mode {
        case "normal": return s
        case "multiply": return s * b
        case "screen": return separable { cb, cs in cb + cs - cb * cs }
        case "overlay": return separable { cb, cs in hardLight(cs, cb) }
        case "darken": return separable(min)
        case "lighten": return separable(max)
        case "color-dodge":
            return separable { cb, cs in cb == 0 ? 0 : cs >= 1 ? 1 : min(1, cb / (1 - cs)) }
        case "color-burn":
            return separable { cb, cs in cb >= 1 ? 1 : cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs) }
        case "hard-light": return separable(hardLight)
        case "soft-light":
            return separable { cb, cs in
                if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
                let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
                return cb + (2 * cs - 1) * (d - cb)
            }
        case "difference": return separable { cb, cs in abs(cb - cs) }
        case "exclusion": return separable { cb, cs in cb + cs - 2 * cb * cs }
        case "hue": return setLum(setSat(s, sat(b)), lum(b))
        case "saturation": return setLum(setSat(b, sat(s)), lum(b))
        case "color": return setLum(s, lum(b))
        case "luminosity": return setLum(b, lum(s))
        default: preconditionFailure(mode)
        }
    }

    /// The composite of source `s` (alpha `sa`) over backdrop `b` (alpha `ba`), CSS Compositing 1 §5.2 and source-over:
    /// straight RGBA, 0…255.
    static func composite(
        _ mode: String, source s: SIMD3<Double>, sa: Double, backdrop b: SIMD3<Double>, ba: Double
    ) -> SIMD4<Double> {
        let mixed = (1 - ba) * s + ba * blend(mode, backdrop: b, source: s)
        let alpha = sa + ba * (1 - sa)
        let premultiplied = sa * mixed + (1 - sa) * ba * b
        let straight = premultiplied / alpha
        return SIMD4(straight.x * 255, straight.y * 255, straight.z * 255, alpha * 255)
    }

    static let modes = BlendMode.allCases.map(\.cssName)
    static let pairs: [(source: SIMD3<Double>, backdrop: SIMD3<Double>)] = [
        (SIMD3(200, 100, 50), SIMD3(30, 160, 220)), (SIMD3(40, 220, 120), SIMD3(240, 60, 100)),
        (SIMD3(250, 250, 10), SIMD3(90, 90, 200)), (SIMD3(0, 128, 255), SIMD3(255, 255, 255)),
    ]

    @Test("two opaque solid layers in every mode give CSS Compositing 1's colour, within 1/255", arguments: modes)
    func opaqueSolidLayers(mode: String) throws {
        for (source, backdrop) in Self.pairs {
            let css = Self.solid(source) + "," + Self.solid(backdrop)
            let image = try RenderedImage(query: "css=\(css)&blend=\(mode)&dither=off&width=9&height=3")
            let expected = Self.composite(mode, source: source / 255, sa: 1, backdrop: backdrop / 255, ba: 1)
            #expect(image.isOpaque)
            for (x, y) in [(0, 0), (8, 2), (4, 1)] {
                #expect(
                    maxDifference(image.pixel(x, y), expected) <= 1,
                    "\(mode): \(image.pixel(x, y)) against \(expected) for \(source) over \(backdrop)")
            }
            let deep = try RenderedImage(query: "css=\(css)&blend=\(mode)&depth=16&width=9&height=3")
            #expect(maxDifference(deep.pixel(3, 1), expected) <= 0.02, "\(mode) at depth 16: \(deep.pixel(3, 1))")
        }
    }

    @Test("translucent layers composite as CSS Compositing 1 says, in every mode", arguments: modes)
    func translucentLayers(mode: String) throws {
        let source = SIMD3<Double>(200, 100, 50)
        let backdrop = SIMD3<Double>(30, 160, 220)
        let css = Self.solid(source, alpha: 0.6) + "," + Self.solid(backdrop, alpha: 0.8)
        let image = try RenderedImage(query: "css=\(css)&blend=\(mode)&dither=off&depth=16&width=8&height=2")
        let expected = Self.composite(mode, source: source / 255, sa: 0.6, backdrop: backdrop / 255, ba: 0.8)
        #expect(!image.isOpaque)
        #expect(maxDifference(image.pixel(5, 1), expected) <= 0.6, "\(mode): \(image.pixel(5, 1)) against \(expected)")
    }

    @Test("a translucent top layer with normal is source-over; the group over transparent keeps its alpha")
    func sourceOver() throws {
        let image = try RenderedImage(
            query: "css=linear-gradient(rgb(255+0+0+/+0.5)),linear-gradient(blue)&dither=off&width=8&height=1")
        #expect(image.isOpaque)
        #expect(maxDifference(image.pixel(3, 0), SIMD4(127.5, 0, 127.5, 255)) <= 0.5)
        let both = try RenderedImage(
            query: "css=linear-gradient(rgb(255+0+0+/+0.5)),linear-gradient(rgb(0+0+255+/+0.5))&dither=off"
                + "&width=8&height=1")
        #expect(!both.isOpaque)
        // α = 0.5 + 0.5 × 0.5; colour (0.5 red + 0.25 blue) / 0.75.
        #expect(maxDifference(both.pixel(0, 0), SIMD4(170, 0, 85, 191.25)) <= 1)
    }

    @Test("gradients composite pixel by pixel: a horizontal ramp multiplied by a vertical one")
    func gradientLayers() throws {
        let image = try RenderedImage(
            query: "css=linear-gradient(to right,black,white),linear-gradient(black,white)&blend=multiply"
                + "&dither=off&depth=16&width=64&height=64")
        for (x, y) in [(0, 0), (10, 50), (63, 63), (40, 7)] {
            let expected = (Double(x) + 0.5) / 64 * (Double(y) + 0.5) / 64 * 255
            #expect(abs(image.pixel(x, y).x - expected) <= 0.05, "at \(x),\(y): \(image.pixel(x, y)) ≠ \(expected)")
        }
    }

    @Test("8 layers are accepted, 9 refused naming css and the limit")
    func layerLimit() throws {
        let layer = "linear-gradient(red,blue)"
        let eight = try Self.spec("css=" + Array(repeating: layer, count: 8).joined(separator: ","))
        #expect(eight.layers.count == 8)
        #expect(eight.layersBelow.count == 7)
        let error = Self.error("css=" + Array(repeating: layer, count: 9).joined(separator: ","))
        #expect(error?.parameter == "css")
        #expect(error?.detail.contains("at most 8 layers") == true, "\(error?.detail ?? "")")
    }

    @Test("blend repeats over the layers as CSS repeats list values; the bottom layer's mode is normal")
    func blendRepetition() throws {
        let three = "css=linear-gradient(red,blue),radial-gradient(white,black),conic-gradient(red,lime,red)"
        let reference = try Self.spec(three + "&blend=multiply,multiply,normal")
        for blend in [
            "multiply", "multiply,multiply", "multiply,multiply,multiply", "MULTIPLY,+Multiply+",
            "multiply,multiply,screen,overlay",
        ] {
            let spec = try Self.spec(three + "&blend=" + blend)
            #expect(spec.canonicalForm == reference.canonicalForm, "blend=\(blend)")
        }
        #expect(reference.layers.map(\.blendMode) == [.multiply, .multiply, .normal])
        #expect(try Self.spec(three + "&blend=normal") == Self.spec(three))
        #expect(try Self.spec(three + "&blend=screen,normal").layers.map(\.blendMode) == [.screen, .normal, .normal])
        let alternate = try Self.spec(three + "&blend=screen,hue")
        #expect(alternate.layers.map(\.blendMode) == [.screen, .hue, .normal])
        #expect(alternate.canonicalForm.contains(" blend screen over "))
    }

    @Test("a single gradient keeps its spec and canonical form; blend on it changes nothing")
    func singleLayerUnchanged() throws {
        let query = "css=linear-gradient(135deg,%23ff7e5f,%23feb47b)&width=40&height=30"
        let single = try Self.spec(query)
        #expect(!single.isLayered)
        #expect(!single.canonicalForm.contains(" over "))
        #expect(
            single.canonicalForm == (try Self.spec("colors=ff7e5f,feb47b&angle=135&width=40&height=30")).canonicalForm)
        #expect(try Self.spec(query + "&blend=multiply") == single)
    }

    @Test("layers spell out in the canonical form, top first; equivalent spellings share it")
    func layeredCanonicalForm() throws {
        let spec = try Self.spec(
            "css=linear-gradient(red,blue),+radial-gradient(white,black)&blend=hue&width=10&height=10")
        #expect(
            spec.canonicalForm
                == "10x10 d8 dither linear(5 0, 5 10) pad srgb stops(1 0 0 / 1 @0; 0 0 1 / 1 @1) blend hue over "
                + "radial(5 5, 7.071068 7.071068) pad srgb stops(1 1 1 / 1 @0; 0 0 0 / 1 @1)")
        let spelledOtherwise = try Self.spec(
            "css=linear-gradient(to+bottom,%23f00,rgb(0+0+255))/**/,RADIAL-GRADIENT(%23fff,%23000)&blend=Hue,normal"
                + "&width=10&height=10")
        #expect(spelledOtherwise.stableHash(version: "v") == spec.stableHash(version: "v"))
    }

    @Test("a bad blend keyword is refused naming blend, with the modes and the nearest one")
    func badBlend() throws {
        let css = "css=linear-gradient(red,blue),linear-gradient(white,black)"
        let error = Self.error(css + "&blend=scren")
        #expect(error?.parameter == "blend")
        let detail = error?.detail ?? ""
        #expect(detail.contains("did you mean \"screen\"?"), "\(detail)")
        for mode in Self.modes { #expect(detail.contains(mode)) }
        #expect(Self.error(css + "&blend=mul")?.detail.contains("did you mean \"multiply\"?") == true)
        #expect(Self.error(css + "&blend=softlight")?.detail.contains("did you mean \"soft-light\"?") == true)
        #expect(Self.error(css + "&blend=multiply,,screen")?.parameter == "blend")
        #expect(Self.error(css + "&blend=plus-lighter")?.parameter == "blend")
    }

    @Test("blend without a layered css= is refused, saying what it needs")
    func blendNeedsCSS() throws {
        for query in ["colors=red,blue&blend=multiply", "preset=omolon&blend=screen", "blend=multiply"] {
            let error = Self.error(query)
            #expect(error?.parameter == "blend" || error?.parameter == "css", "\(query)")
            #expect(error?.detail.contains("layered css=") == true, "\(query): \(error?.detail ?? "")")
        }
    }

    @Test("a list stops at 8 layers, and a comma must be followed by a gradient")
    func listSyntax() throws {
        #expect(Self.error("css=linear-gradient(red,blue),")?.parameter == "css")
        #expect(Self.error("css=linear-gradient(red,blue),red")?.parameter == "css")
        #expect(Self.error("css=linear-gradient(red,blue)+linear-gradient(red,blue)")?.parameter == "css")
        // The end of the text closes the last function, as a single gradient's.
        #expect(try Self.spec("css=linear-gradient(red,blue),linear-gradient(white,black").layers.count == 2)
    }

    @Test("rows are independent of the order they are rendered in (row bands)")
    func rowOrder() throws {
        let spec = try Self.spec(
            "css=radial-gradient(rgb(255+255+255+/+0.6),transparent),conic-gradient(red,lime,blue,red)"
                + "&blend=soft-light&width=37&height=21&grain=0.4&seed=3")
        var forward = Rasterizer(spec: spec)
        var backward = Rasterizer(spec: spec)
        let rowBytes = forward.bytesPerRow
        var a = [UInt8](repeating: 0, count: rowBytes * spec.pixelHeight)
        var b = a
        a.withUnsafeMutableBytes { buffer in
            for y in 0..<spec.pixelHeight {
                forward.renderRow(y, into: UnsafeMutableRawBufferPointer(rebasing: buffer[(y * rowBytes)...]))
            }
        }
        b.withUnsafeMutableBytes { buffer in
            for y in (0..<spec.pixelHeight).reversed() {
                backward.renderRow(y, into: UnsafeMutableRawBufferPointer(rebasing: buffer[(y * rowBytes)...]))
            }
        }
        #expect(a == b)
        #expect(!forward.hasCheapRows)
    }

    @Test("grain goes onto the composite: grain=0 is no grain, a seed changes the pixels")
    func grainOnComposite() throws {
        let query =
            "css=linear-gradient(red,blue),linear-gradient(to+right,white,black)&blend=overlay&width=24&height=8"
        #expect(try Self.spec(query + "&grain=0&seed=9") == Self.spec(query))
        let plain = try RenderedImage(query: query)
        let grained = try RenderedImage(query: query + "&grain=1&seed=9")
        var changed = 0
        for y in 0..<8 {
            for x in 0..<24 where maxDifference(plain.pixel(x, y), grained.pixel(x, y)) > 0 { changed += 1 }
        }
        #expect(changed > 24 * 8 / 2)
    }
}
