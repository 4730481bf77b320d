import AVIFEncoding
import Foundation
import GradientCore
import GradientImage
import Testing
import WebPEncoding

@Suite("gradient command line: formats", .serialized)
struct FormatCommandLineTests {
    let query = "colors=ff7e5f,feb47b&dir=horizontal&width=120&height=63"

    private func expectedBytes(_ query: String, _ format: ImageFormat) throws -> [UInt8] {
        let request = try ImageRequest(queryItems: QueryString.decode(Substring(query)))
        return try ImageRenderer.renderImage(ImageIdentity(request: request, format: format))
    }

    @Test(
        "the output file's extension picks the format",
        arguments: [
            ("card.webp", ImageFormat.webp), ("card.AVIF", .avif), ("card.png", .png), ("card", .png),
            ("card.svg", .svg),
        ])
    func extensionPicksTheFormat(file: String, format: ImageFormat) throws {
        try withTemporaryDirectory { directory in
            let result = try runGradient(["render", query, "-o", file], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let written = try [UInt8](Data(contentsOf: directory.appendingPathComponent(file)))
            #expect(written == (try expectedBytes(query + "&format=" + format.rawValue, format)))
        }
    }

    @Test("format= in the query beats the extension")
    func queryBeatsExtension() throws {
        try withTemporaryDirectory { directory in
            let result = try runGradient(["render", query + "&format=webp", "-o", "card.png"], in: directory)
            #expect(result.status == 0)
            let written = try [UInt8](Data(contentsOf: directory.appendingPathComponent("card.png")))
            #expect(try WebPDecoder.decode(written).width == 120)
        }
    }

    @Test("format=auto takes the extension among the formats the image may take")
    func autoTakesTheExtension() throws {
        try withTemporaryDirectory { directory in
            #expect(try runGradient(["render", query + "&format=auto", "-o", "a.avif"], in: directory).status == 0)
            let avif = try [UInt8](Data(contentsOf: directory.appendingPathComponent("a.avif")))
            #expect(try AVIFDecoder.decode(avif).depth == 10)
            #expect(
                try runGradient(["render", query + "&format=auto&depth=16", "-o", "b.webp"], in: directory).status == 0)
            let png = try [UInt8](Data(contentsOf: directory.appendingPathComponent("b.webp")))
            #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        }
    }

    @Test("an extension the image cannot take is a usage error naming the parameter, and writes nothing")
    func refusedExtension() throws {
        try withTemporaryDirectory { directory in
            let result = try runGradient(["render", query + "&depth=16", "-o", "deep.webp"], in: directory)
            #expect(result.status == 2)
            #expect(result.stderr.contains("WebP holds 8-bit pixels"), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test("an SVG of what SVG cannot draw is a usage error naming the parameter, and writes nothing")
    func refusedSVG() throws {
        try withTemporaryDirectory { directory in
            let result = try runGradient(["render", "type=conic&colors=red,blue", "-o", "cone.svg"], in: directory)
            #expect(result.status == 2)
            #expect(result.stderr.contains("type: SVG 1.1 has no conic gradient"), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test("explain prints the format, its ETag and its encoding")
    func explainPrintsTheFormat() throws {
        try withTemporaryDirectory { directory in
            let request = try ImageRequest(queryItems: QueryString.decode(Substring(query + "&format=avif")))
            let avif = String(
                decoding: try runGradient(["explain", query + "&format=avif"], in: directory).stdout, as: UTF8.self)
            #expect(avif.contains("format: avif"))
            #expect(
                avif.contains(
                    "etag: " + ImageIdentity(request: request, format: .avif).etag))
            #expect(avif.contains("avif: 10-bit"))
            let auto = String(
                decoding: try runGradient(["explain", query + "&format=auto"], in: directory).stdout, as: UTF8.self)
            #expect(
                auto.contains(
                    "format: auto, negotiated on Accept among avif, webp, png"))
            for format in ImageFormat.allCases where format != .svg {
                #expect(
                    auto.contains(
                        "\(format.rawValue) etag: " + ImageIdentity(request: request, format: format).etag))
            }
        }
    }
}
