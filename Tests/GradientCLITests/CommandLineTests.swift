import Foundation
import GradientCore
import GradientImage
import PNGEncoding
import Testing

@Suite("gradient command line", .serialized)
struct CommandLineTests {
    let query = "colors=ff7e5f,feb47b&dir=horizontal&width=120&height=63"

    @Test("render writes the same bytes the engine produces, decodable by libpng")
    func renderWritesFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runGradient(["render", query, "-o", "card.png"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try [UInt8](Data(contentsOf: directory.appendingPathComponent("card.png")))
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
        #expect(written == (try GradientPNG.renderPNG(spec)))
        #expect(try PNGDecoder.decode(written).width == 120)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["card.png"])
    }

    @Test("render -o - writes the PNG to standard output; a '/gradient?' prefix is accepted")
    func renderToStdout() throws {
        let result = try runGradient(["render", "/gradient?" + query, "-o", "-"])
        #expect(result.status == 0)
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
        #expect([UInt8](result.stdout) == (try GradientPNG.renderPNG(spec)))
    }

    @Test(
        "a bad query exits 2 with the service's message and leaves no file",
        arguments: [
            ("colors=red,blue&width=abc", "width must be an integer from 1 to 8192, got \"abc\""),
            ("colors=red,blorp", "colors: invalid colour \"blorp\""),
            ("colors=red%zz", "bad percent-encoding"),
        ])
    func badQuery(query: String, message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runGradient(["render", query, "-o", "out.png"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("an unwritable output exits 1 and leaves nothing behind")
    func unwritable() throws {
        let result = try runGradient(["render", query, "-o", "/nonexistent-directory/out.png"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write"))
    }

    @Test("explain prints the canonical spec, the ETag and the pixel size")
    func explain() throws {
        let result = try runGradient(["explain", query + "&scale=2"])
        let text = String(decoding: result.stdout, as: UTF8.self)
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query + "&scale=2")))
        #expect(result.status == 0)
        #expect(text.contains("canonical: " + spec.canonicalForm))
        #expect(text.contains("etag: " + GradientPNG.etag(for: spec)))
        #expect(text.contains("pixels: 240x126"))
    }

    @Test("explain takes a preset by name through the same parser: the spec and ETag of its colours")
    func explainPreset() throws {
        let result = try runGradient(["explain", "preset=Radioactive+Heat&width=64&height=32"])
        let text = String(decoding: result.stdout, as: UTF8.self)
        let spec = try GradientSpec(
            queryItems: try QueryString.decode("colors=f7941e,72c6ef,00a651&width=64&height=32"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(text.contains("canonical: " + spec.canonicalForm + "\n"))
        #expect(text.contains("etag: " + GradientPNG.etag(for: spec)))
        let unknown = try runGradient(["explain", "preset=radioactive"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("\"Radioactive Heat\""), "\(unknown.stderr)")
    }

    @Test func explainPrintsAMeshsCanonicalSpecWithItsVertices() throws {
        let mesh = "type=mesh&mesh=2x2&colors=red,blue,lime,white&smooth=off&width=40&height=20"
        let result = try runGradient(["explain", mesh])
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0)
        #expect(text.contains("canonical: 40x20 d8 dither mesh(2x2 bilinear, 0 0; 40 0; 0 20; 40 20) pad srgb stops("))
        #expect(text.contains("pixels: 40x20"))
    }

    @Test func explainPrintsEveryLayerAndTheBlendModesCSSNeedsBesideThem() throws {
        let layers = "css=linear-gradient(red,blue),radial-gradient(white,black)&width=10&height=10"
        let blended = try runGradient(["explain", layers + "&blend=screen"])
        let text = String(decoding: blended.stdout, as: UTF8.self)
        #expect(blended.status == 0)
        #expect(
            text.contains(
                "canonical: 10x10 d8 dither linear(5 0, 5 10) pad srgb stops(1 0 0 / 1 @0; 0 0 1 / 1 @1) blend screen "
                    + "over radial(5 5, 7.071068 7.071068) pad srgb stops(1 1 1 / 1 @0; 0 0 0 / 1 @1)\n"))
        #expect(text.contains("css: none (") && text.contains("background-blend-mode: screen, normal"))
        let plain = String(decoding: try runGradient(["explain", layers]).stdout, as: UTF8.self)
        #expect(plain.contains("css: linear-gradient(#ff0000, #0000ff), radial-gradient(#ffffff, #000000)\n"))
        let refused = try runGradient(["explain", "colors=red,blue&blend=screen"])
        #expect(refused.status == 2 && refused.stderr.contains("layered css="))
    }

    @Test func versionPrintsThePackageAndEachFormatsOutputVersion() throws {
        let result = try runGradient(["--version"])
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(result.status == 0)
        #expect(
            lines == [
                "gradient \(PackageVersion.current)", "png: " + GradientPNG.outputVersion,
                "webp: " + ImageEncoderSettings.webp(.fast(pixelCount: .max)).outputVersion,
                "avif: " + ImageEncoderSettings.avif(.standard(bitDepth: 10)).outputVersion,
                "svg: " + ImageEncoderSettings.svg.outputVersion,
            ])
    }

    @Test("render says what it expects: a QUERY and -o FILE", arguments: [["render"], ["render", "colors=red,blue"]])
    func renderSaysWhatItNeeds(arguments: [String]) throws {
        let result = try runGradient(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let expected =
            arguments.count == 1
            ? "render needs a QUERY, e.g. 'colors=red,blue'" : "render needs -o FILE (or -o - for standard output)"
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
    }

    @Test("--help documents both commands; a usage error exits 2", arguments: [["--help"], ["render"], ["frobnicate"]])
    func usage(arguments: [String]) throws {
        let result = try runGradient(arguments)
        let text = String(decoding: result.stdout, as: UTF8.self) + result.stderr
        #expect(text.contains("gradient render QUERY -o FILE") && text.contains("gradient explain QUERY"))
        #expect(result.status == (arguments == ["--help"] ? 0 : 2))
    }
}
