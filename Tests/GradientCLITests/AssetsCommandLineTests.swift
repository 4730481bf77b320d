import Foundation
import GradientCore
import PNGEncoding
import Testing

@Suite("gradient command line: asset sets", .serialized)
struct AssetsCommandLineTests {
    let query = "preset=omolon&dir=horizontal&width=33&height=21"

    /// Every path under `directory`, relative to it, sorted.
    private func tree(_ directory: URL) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: directory.path))
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }

    /// Checks that `file` is `gradient render` of `query` at `scale`, sized `width`×`height` pixels.
    private func expectRendered(_ file: URL, scale: String, width: Int, height: Int) throws {
        let written = try [UInt8](Data(contentsOf: file))
        let decoded = try PNGDecoder.decode(written)
        #expect(decoded.width == width && decoded.height == height, "\(file.lastPathComponent)")
        let rendered = try runGradient(["render", query + "&scale=" + scale, "-o", "-"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(written == [UInt8](rendered.stdout), "\(file.lastPathComponent) differs from render at \(scale)")
    }

    @Test("--ios writes Contents.json naming three PNGs at 1x, 2x and 3x, each the bytes of render at that scale")
    func iosImageSet() throws {
        try withTemporaryDirectory { directory in
            let catalog = directory.appendingPathComponent("Assets")
            try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
            let result = try runGradient(["assets", query, "--ios", "Assets/Hero.imageset"], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let set = directory.appendingPathComponent("Assets/Hero.imageset")
            #expect(try tree(set) == ["Contents.json", "Hero.png", "Hero@2x.png", "Hero@3x.png"])
            let contents = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: set.appendingPathComponent("Contents.json")))
                    as? [String: Any])
            let images = try #require(contents["images"] as? [[String: String]])
            #expect(images.map { $0["scale"] } == ["1x", "2x", "3x"])
            #expect(images.allSatisfy { $0["idiom"] == "universal" })
            let sizes = ["1x": (33, 21), "2x": (66, 42), "3x": (99, 63)]
            for image in images {
                let file = set.appendingPathComponent(try #require(image["filename"]))
                #expect(FileManager.default.fileExists(atPath: file.path))
                let scale = try #require(image["scale"])
                let size = try #require(sizes[scale])
                try expectRendered(file, scale: String(scale.dropLast()), width: size.0, height: size.1)
            }
            let info = try #require(contents["info"] as? [String: Any])
            #expect(info["version"] as? Int == 1)
            let written = try tree(directory.appendingPathComponent("Assets"))
            #expect(written == (["Hero.imageset"] + (try tree(set)).map { "Hero.imageset/" + $0 }).sorted())
        }
    }

    @Test("--android writes NAME.png into the five drawable folders at scales 1, 1.5, 2, 3 and 4")
    func androidDrawables() throws {
        try withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("app"), withIntermediateDirectories: true)
            let result = try runGradient(["assets", query, "--android", "app/res", "--name", "hero_2"], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let res = directory.appendingPathComponent("app/res")
            let densities = [
                ("mdpi", "1", 33, 21), ("hdpi", "1.5", 50, 32), ("xhdpi", "2", 66, 42), ("xxhdpi", "3", 99, 63),
                ("xxxhdpi", "4", 132, 84),
            ]
            #expect(
                try tree(res)
                    == densities.flatMap { ["drawable-\($0.0)", "drawable-\($0.0)/hero_2.png"] }.sorted())
            for (density, scale, width, height) in densities {
                try expectRendered(
                    res.appendingPathComponent("drawable-\(density)/hero_2.png"), scale: scale, width: width,
                    height: height)
            }
        }
    }

    @Test("--android adds to an existing res folder and keeps what is there")
    func androidMergesIntoExistingRes() throws {
        try withTemporaryDirectory { directory in
            let hdpi = directory.appendingPathComponent("res/drawable-hdpi")
            try FileManager.default.createDirectory(at: hdpi, withIntermediateDirectories: true)
            try Data([1, 2, 3]).write(to: hdpi.appendingPathComponent("other.png"))
            let result = try runGradient(["assets", query, "--android", "res", "--name", "hero"], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let res = directory.appendingPathComponent("res")
            #expect(try tree(res).filter { $0.hasSuffix(".png") }.count == 6)
            #expect(try Data(contentsOf: hdpi.appendingPathComponent("other.png")) == Data([1, 2, 3]))
            #expect(try tree(directory) == ["res"] + (try tree(res)).map { "res/" + $0 })
        }
    }

    @Test(
        "a bad query or request exits 2 and leaves nothing behind",
        arguments: [
            (["assets", "preset=omolo&width=10", "--ios", "A.imageset"], "the nearest are"),
            (["assets", "colors=red,blue&scale=2", "--ios", "A.imageset"], "remove scale="),
            (["assets", "colors=red,blue&format=webp", "--ios", "A.imageset"], "writes PNG"),
            (
                ["assets", "colors=red,blue&width=8192&height=8", "--ios", "A.imageset"],
                "at scale 3: the image would be 24576×24 pixels"
            ),
            (["assets", "colors=red,blue", "--ios", "A"], "DIR/NAME.imageset"),
            (["assets", "colors=red,blue", "--ios", "A\"b.imageset"], "may not hold quotes"),
            (["assets", "colors=red,blue", "--android", "res", "--name", "Hero"], "not a valid Android resource name"),
            (["assets", "colors=red,blue", "--android", "res", "--name", "2x_hero"], "starting with a letter"),
            (["assets", "colors=red,blue", "--android", "res", "--name", "hero-bg"], "underscores"),
            (["assets", "colors=red,blue", "--android", "res"], "--android needs --name"),
            (["assets", "colors=red,blue", "--ios", "A.imageset", "--android", "res"], "exactly one of"),
            (["assets", "colors=red,blue"], "exactly one of"),
            (["assets", "--ios", "A.imageset"], "assets needs a QUERY"),
        ])
    func refusals(arguments: [String], message: String) throws {
        try withTemporaryDirectory { directory in
            let result = try runGradient(arguments, in: directory)
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(try tree(directory).isEmpty)
        }
    }

    @Test("an existing image set is refused, untouched, and nothing else is left behind")
    func existingImageSet() throws {
        try withTemporaryDirectory { directory in
            let set = directory.appendingPathComponent("Hero.imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            let result = try runGradient(["assets", query, "--ios", "Hero.imageset"], in: directory)
            #expect(result.status == 1)
            #expect(result.stderr.contains("already exists"), "\(result.stderr)")
            #expect(try tree(directory) == ["Hero.imageset"])
        }
    }

    @Test("an existing drawable is refused before anything is written")
    func existingDrawable() throws {
        try withTemporaryDirectory { directory in
            let xxhdpi = directory.appendingPathComponent("res/drawable-xxhdpi")
            try FileManager.default.createDirectory(at: xxhdpi, withIntermediateDirectories: true)
            try Data([7]).write(to: xxhdpi.appendingPathComponent("hero.png"))
            let result = try runGradient(["assets", query, "--android", "res", "--name", "hero"], in: directory)
            #expect(result.status == 1)
            #expect(result.stderr.contains("drawable-xxhdpi/hero.png already exists"), "\(result.stderr)")
            #expect(try tree(directory) == ["res", "res/drawable-xxhdpi", "res/drawable-xxhdpi/hero.png"])
            #expect(try Data(contentsOf: xxhdpi.appendingPathComponent("hero.png")) == Data([7]))
        }
    }

    @Test(
        "an unwritable target exits 1 and leaves nothing behind",
        arguments: ["missing/Hero.imageset", "file/Hero.imageset"])
    func unwritableTarget(target: String) throws {
        try withTemporaryDirectory { directory in
            try Data([0]).write(to: directory.appendingPathComponent("file"))
            let result = try runGradient(["assets", query, "--ios", target], in: directory)
            #expect(result.status == 1)
            #expect(result.stderr.contains("cannot write"), "\(result.stderr)")
            #expect(try tree(directory) == ["file"])
            #expect(result.stderr.contains("is not a directory"), "\(result.stderr)")
        }
    }

    @Test("a move into res that fails part-way is undone: the drawables already moved and the folders made go")
    func failureWhileMoving() throws {
        try withTemporaryDirectory { directory in
            // A file named drawable-xxxhdpi stands where the last folder should be: the first four PNGs move into
            // place, the fifth cannot.
            let res = directory.appendingPathComponent("res")
            try FileManager.default.createDirectory(at: res, withIntermediateDirectories: true)
            try Data([9]).write(to: res.appendingPathComponent("drawable-xxxhdpi"))
            let result = try runGradient(["assets", query, "--android", "res", "--name", "hero"], in: directory)
            #expect(result.status == 1)
            #expect(result.stderr.contains("cannot write"), "\(result.stderr)")
            #expect(try tree(directory) == ["res", "res/drawable-xxxhdpi"])
        }
    }

    @Test("help lists the assets command")
    func helpListsAssets() throws {
        let result = try runGradient(["--help"])
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.contains("gradient assets QUERY --ios DIR/NAME.imageset"))
        #expect(text.contains("gradient assets QUERY --android DIR/res --name NAME"))
    }
}
