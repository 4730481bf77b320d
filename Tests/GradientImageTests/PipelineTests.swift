import Foundation
import GradientCore
import GradientImage
import PNGEncoding
import Testing

@Suite("Render and encode pipeline")
struct PipelineTests {
    @Test(
        "large gradients of at most 256 colours are indexed (linear, undithered or hard-stop radial and conic, layers of them), and decode to the rasterizer's pixels",
        arguments: [
            ("colors=ff7e5f,feb47b&dir=horizontal", PNGColorType.indexed),
            ("colors=ff7e5f,feb47b&dir=vertical&dither=off", .indexed),
            ("colors=ff7e5f,feb47b&angle=135", .indexed),
            ("colors=ff7e5f00,ff7e5f&dir=horizontal", .indexed),
            ("colors=red,blue&dir=horizontal", .rgb),
            ("colors=ff7e5f,feb47b&type=radial", .rgb),
            ("colors=ff7e5f,feb47b&type=radial&dither=off", .indexed),
            ("colors=ff7e5f,feb47b&type=conic&dither=off", .indexed),
            // Hard stops only: flat rings and sectors, dithered or not.
            (
                "css=radial-gradient%28%23ffd700%2020%25%2C%20%23ff8c00%2020%25%2040%25%2C%20"
                    + "%238b0000%2040%25%29", .indexed
            ),
            ("css=conic-gradient%28%23f00%200%2025%25%2C%20%230f0%200%2050%25%2C%20%2300f%200%20100%25%29", .indexed),
            ("colors=red,blue&type=radial", .rgb),
            // A translucent tint over a horizontal ramp.
            (
                "css=linear-gradient%28rgba%280%2C0%2C0%2C0.5%29%2C%20rgba%280%2C0%2C0%2C0.5%29%29%2C%20"
                    + "linear-gradient%2890deg%2C%20%23ff7e5f%2C%20%23feb47b%29", .indexed
            ),
            ("colors=ff7e5f,feb47b&angle=135&grain=0.2", .rgb),
        ])
    func indexedWhenFewColors(query: String, colorType: PNGColorType) throws {
        let image = try DecodedGradient(query + "&width=640&height=420")
        #expect(image.decoded.colorType == colorType)
        var rasterizer = Rasterizer(spec: image.spec)
        let channels = rasterizer.isOpaque ? 3 : 4
        var expected: [UInt8] = []
        var row = [UInt8](repeating: 0, count: rasterizer.bytesPerRow)
        for y in 0..<image.height {
            row.withUnsafeMutableBytes { rasterizer.renderRow(y, into: $0) }
            for x in 0..<image.width {
                expected += row[x * channels..<x * channels + 3]
                expected.append(channels == 4 ? row[x * channels + 3] : 255)
            }
        }
        #expect(image.decoded.pixels == .eightBit(expected))
        let rendered = try GradientPNG.palette(of: image.spec)
        #expect((rendered != nil) == (colorType == .indexed))
        var rowsRasterizer = Rasterizer(spec: image.spec)
        let fromRows = try row.withUnsafeMutableBytes { buffer throws(RenderError) in
            try GradientPNG.palette(of: image.spec) { y in
                rowsRasterizer.renderRow(y, into: buffer)
                return UnsafeRawBufferPointer(buffer)
            }
        }
        #expect(fromRows == rendered)
    }

    @Test("a census over rows in memory stops at the caller's error")
    func paletteFromRowsPropagatesErrors() throws {
        let spec = try DecodedGradient("colors=ff7e5f,feb47b&dir=horizontal&width=640&height=420").spec
        var requested: [Int] = []
        #expect(throws: RenderError.cancelled) {
            try GradientPNG.palette(of: spec) { y throws(RenderError) in
                requested.append(y)
                throw .cancelled
            }
        }
        #expect(requested == [0])
    }

    @Test(
        "every kind, spread, depth and opacity decodes to the rasterizer's pixels",
        arguments: [
            "colors=red,blue", "colors=red,blue&dir=horizontal", "colors=red,lime,blue&angle=45",
            "type=radial&colors=red,blue&shape=circle", "type=conic&colors=red,yellow,lime,aqua,blue,magenta,red",
            "colors=red,blue&spread=none&start=0.2,0.2&end=0.6,0.6", "colors=%23f008,%2300f4&depth=16",
            "colors=red,blue&depth=16&space=oklch", "type=radial&colors=red,blue@30px&spread=reflect",
            "colors=transparent,white&dir=horizontal",
        ])
    func decodesToRasterizerPixels(query: String) throws {
        let image = try DecodedGradient(query + "&width=97&height=61")
        var rasterizer = Rasterizer(spec: image.spec)
        #expect(image.width == 97 && image.height == 61)
        #expect(image.decoded.bitDepth == image.spec.depth.rawValue)
        #expect(image.decoded.colorType == (rasterizer.isOpaque ? .rgb : .rgba))
        var row = [UInt8](repeating: 0, count: rasterizer.bytesPerRow)
        let channels = rasterizer.isOpaque ? 3 : 4
        let bytesPerSample = image.spec.depth == .sixteen ? 2 : 1
        for y in 0..<image.height {
            row.withUnsafeMutableBytes { rasterizer.renderRow(y, into: $0) }
            for x in 0..<image.width {
                let decoded = image.pixel(x, y)
                for c in 0..<channels {
                    let offset = (x * channels + c) * bytesPerSample
                    let raw =
                        bytesPerSample == 1
                        ? Double(row[offset]) : Double(Int(row[offset]) << 8 | Int(row[offset + 1])) / 257
                    #expect(decoded[c] == raw)
                }
            }
        }
    }

    @Test("the ETag is a quoted 128-bit hex digest, shared by equivalent queries")
    func etag() throws {
        let a = try GradientSpec(queryItems: [("colors", "red,blue")])
        let b = try GradientSpec(queryItems: [("colors", "#f00,rgb(0 0 255)")])
        let tag = GradientPNG.etag(for: a)
        #expect(tag.count == 34 && tag.first == "\"" && tag.last == "\"")
        #expect(tag.dropFirst().dropLast().allSatisfy { $0.isHexDigit })
        #expect(tag == GradientPNG.etag(for: b))
        #expect(
            tag != GradientPNG.etag(for: try GradientSpec(queryItems: [("colors", "red,blue"), ("dither", "off")])))
    }

    @Test("the same spec renders to the same bytes every time")
    func deterministic() throws {
        let spec = try GradientSpec(queryItems: [("colors", "red,lime,blue"), ("angle", "33"), ("width", "300")])
        #expect(try GradientPNG.renderPNG(spec) == GradientPNG.renderPNG(spec))
    }

    @Test("streaming hands the sink the same bytes in several pieces")
    func streaming() throws {
        let spec = try GradientSpec(queryItems: [
            ("type", "radial"), ("colors", "red,blue"), ("width", "800"), ("height", "800"),
        ])
        var pieces = 0
        var streamed: [UInt8] = []
        try GradientPNG.render(spec) { bytes in
            pieces += 1
            streamed.append(contentsOf: bytes)
        }
        #expect(pieces > 1)
        #expect(streamed == (try GradientPNG.renderPNG(spec)))
    }

    @Test("a cancelled render stops with RenderError.cancelled")
    func cancellation() throws {
        let spec = try GradientSpec(queryItems: [("colors", "red,blue")])
        var rows = 0
        #expect(throws: RenderError.cancelled) {
            try GradientPNG.render(
                spec,
                shouldContinue: {
                    rows += 1
                    return rows < 10
                }
            ) { _ in }
        }
    }

    @Test("a failing sink surfaces as an encoding error")
    func failingSink() throws {
        struct Closed: Error {}
        let spec = try GradientSpec(queryItems: [
            ("type", "radial"), ("colors", "red,blue"), ("width", "800"), ("height", "800"),
        ])
        #expect(throws: RenderError.self) { try GradientPNG.render(spec) { _ in throw Closed() } }
    }

    @Test(
        "rows rasterized on a second thread give the same bytes",
        arguments: [
            "type=radial&colors=red,blue&width=400&height=300",
            "type=conic&colors=red,lime,blue,red&width=300&height=300",
            "colors=%23f008,blue&angle=33&width=330&height=257&depth=16",
            "type=radial&colors=red,blue@30%25&width=16&height=8192", "colors=red,blue&width=300&height=200",
        ])
    func pipelinedMatchesSequential(query: String) throws {
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
        #expect(try GradientPNG.renderPNG(spec, pipelined: true) == GradientPNG.renderPNG(spec))
    }

    @Test("a pipelined render stops cleanly when cancelled or when the sink fails")
    func pipelinedStops() throws {
        struct Closed: Error {}
        let spec = try GradientSpec(queryItems: [
            ("type", "radial"), ("colors", "red,blue"), ("width", "600"), ("height", "900"),
        ])
        var rows = 0
        #expect(throws: RenderError.cancelled) {
            try GradientPNG.render(
                spec, pipelined: true,
                shouldContinue: {
                    rows += 1
                    return rows < 100
                }
            ) { _ in }
        }
        #expect(throws: RenderError.self) { try GradientPNG.render(spec, pipelined: true) { _ in throw Closed() } }
        // Cancelled at the first row, once the rasterizing thread has filled the ring and waits for a free band.
        #expect(throws: RenderError.cancelled) {
            try GradientPNG.render(
                spec, pipelined: true,
                shouldContinue: {
                    usleep(200_000)
                    return false
                }
            ) { _ in }
        }
    }
}
