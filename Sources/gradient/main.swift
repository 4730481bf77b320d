import Glibc
import GradientCore
import GradientImage

let usage = """
    gradient — render gradientd's /gradient queries offline

    Usage:
      gradient render QUERY -o FILE   write the image to FILE (- for standard output)
      gradient explain QUERY          print the canonical spec, the format, its ETag, the output size and the
                                      CSS <image> that draws it (as /gradient.css)
      gradient assets QUERY --ios DIR/NAME.imageset
                                      write an Xcode image set: Contents.json and NAME.png, NAME@2x.png,
                                      NAME@3x.png at the query's CSS size times 1, 2 and 3
      gradient assets QUERY --android DIR/res --name NAME
                                      write NAME.png into res/drawable-mdpi, -hdpi, -xhdpi, -xxhdpi and
                                      -xxxhdpi at the query's CSS size times 1, 1.5, 2, 3 and 4
      gradient --version              print the package version and each format's output version
      gradient --help                 show this help

    QUERY is the query string of a /gradient URL, e.g.
      gradient render 'colors=ff7e5f,feb47b&dir=horizontal&width=1200&height=630' -o card.png
    A leading '?' or '/gradient?' is accepted. The bytes are those the service sends for the same query.
    The format follows FILE's extension (.png, .webp, .avif, .svg) unless the query has format=; PNG otherwise.
    assets writes PNGs and sets each one's scale itself, so its QUERY takes no scale= (and no format= but png);
    the set appears whole or not at all, and an existing image set or drawable is never overwritten.

    Exit status: 0 on success, 2 for a bad query or usage (the reason on standard error, no file written),
    1 when the output cannot be written.
    """

func fail(_ message: String, status: Int32) -> Never {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

/// The query items of `query`, with a leading `?`, `/gradient?` or URL removed.
func queryItems(from query: String) -> [(name: String, value: String)] {
    var text = Substring(query)
    if let mark = text.firstIndex(of: "?"), text.hasPrefix("/") || text.hasPrefix("?") || text.hasPrefix("http") {
        text = text[text.index(after: mark)...]
    }
    do {
        return try QueryString.decode(text)
    } catch {
        fail(error.detail, status: 2)
    }
}

/// The validated request of `items`.
func imageRequest(_ items: [(name: String, value: String)]) -> ImageRequest {
    do {
        return try ImageRequest(queryItems: items)
    } catch {
        fail(error.detail, status: 2)
    }
}

/// The identity `render` writes: the query's `format`, else the output file's extension, else PNG. With
/// `format=auto`, the extension picks among the formats the image may take.
func identity(query: String, output: String) -> ImageIdentity {
    var items = queryItems(from: query)
    let named = items.first { $0.name == "format" }?.value.lowercased()
    let fileExtension = output.split(separator: "/").last?.split(separator: ".", omittingEmptySubsequences: false)
    let byExtension = fileExtension.flatMap { $0.count > 1 ? ImageFormat(fileExtension: $0.last!) : nil }
    if named == nil, let byExtension { items.append(("format", byExtension.rawValue)) }
    let request = imageRequest(items)
    var format = request.candidateFormats[request.candidateFormats.count - 1]
    if case .fixed(let fixed) = request.formatChoice {
        format = fixed
    } else if let byExtension, request.candidateFormats.contains(byExtension) {
        format = byExtension
    }
    if format == .svg, let refusal = SVGExport.refusal(for: request.spec) {
        fail("\(refusal.parameter): \(refusal.detail)", status: 2)
    }
    return ImageIdentity(request: request, format: format)
}

/// What `explain` prints about the encoding of `identity`.
func encodingLine(_ identity: ImageIdentity) -> String {
    switch identity.settings {
    case .png:
        let format = GradientPNG.format(of: identity.spec)
        let samples = format.colorType == .rgb ? "RGB" : "RGBA"
        if let palette = try? GradientPNG.palette(of: identity.spec) {
            return "png: indexed, \(palette.count) \(samples) colours, 8-bit"
        }
        return "png: \(samples) \(format.bitDepth)-bit"
    case .webp(let settings):
        return "webp: lossless, \(identity.channels == 3 ? "RGB" : "RGBA") 8-bit, \(settings.identity)"
    case .avif(let settings):
        return "avif: \(settings.bitDepth)-bit, quality \(settings.quality), \(settings.identity)"
    case .svg:
        return "svg: SVG 1.1, \(identity.spec.layers.count) gradient element(s), no pixels"
    }
}

/// `gradient assets QUERY --ios DIR/NAME.imageset` or `gradient assets QUERY --android DIR/res --name NAME`.
func writeAssets(_ arguments: [String]) -> Never {
    var query: String?
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        if ["--ios", "--android", "--name"].contains(argument), index + 1 < arguments.count {
            guard options[argument] == nil else { fail("\(argument) is given more than once\n\n" + usage, status: 2) }
            options[argument] = arguments[index + 1]
            index += 2
        } else if query == nil && !argument.hasPrefix("--") {
            query = argument
            index += 1
        } else {
            fail("unexpected argument \"\(argument)\"\n\n" + usage, status: 2)
        }
    }
    guard let query else {
        fail("assets needs a QUERY, e.g. 'colors=red,blue&width=64&height=64'\n\n" + usage, status: 2)
    }
    let set: AssetSet
    let root: String
    switch (options["--ios"], options["--android"]) {
    case (let imageset?, nil):
        let leaf = imageset.split(separator: "/").last.map(String.init) ?? ""
        guard leaf.hasSuffix(".imageset"), leaf.count > ".imageset".count else {
            fail("--ios takes DIR/NAME.imageset, got \"\(imageset)\"", status: 2)
        }
        guard options["--name"] == nil else {
            fail("--name goes with --android; an image set is named by its folder, DIR/NAME.imageset", status: 2)
        }
        let name = String(leaf.dropLast(".imageset".count))
        if let problem = AssetSet.iosNameProblem(name) { fail("--ios: " + problem, status: 2) }
        set = AssetSet.ios(name: name)
        root = imageset
    case (nil, let res?):
        guard let name = options["--name"] else {
            fail("--android needs --name NAME, the drawable's resource name (e.g. hero_background)", status: 2)
        }
        if let problem = AssetSet.androidNameProblem(name) { fail("--name: " + problem, status: 2) }
        set = AssetSet.android(name: name)
        root = res
    default:
        fail(
            "assets needs exactly one of --ios DIR/NAME.imageset or --android DIR/res --name NAME\n\n" + usage,
            status: 2)
    }
    let items = queryItems(from: query)
    if items.contains(where: { $0.name == "scale" }) {
        fail("assets renders each image at its own scale: remove scale= from the query", status: 2)
    }
    if let format = items.first(where: { $0.name == "format" }), format.value.lowercased() != "png" {
        fail("assets writes PNG images: remove format= from the query (or write format=png)", status: 2)
    }
    let identities = set.images.map { image -> ImageIdentity in
        do throws(SpecError) {
            let request = try ImageRequest(queryItems: items + [("scale", image.scale)])
            return ImageIdentity(request: request, format: .png)
        } catch {
            fail(image.scale == "1" ? error.detail : "at scale \(image.scale): \(error.detail)", status: 2)
        }
    }
    do {
        try AssetSetWriter.write(
            set, identities: identities, to: root, mergesIntoExistingRoot: options["--android"] != nil)
    } catch {
        fail("gradient: cannot write \(root): \(error.description)", status: 1)
    }
    exit(0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "render":
    var query: String?
    var output: String?
    var index = 1
    while index < arguments.count {
        if arguments[index] == "-o" || arguments[index] == "--output", index + 1 < arguments.count {
            output = arguments[index + 1]
            index += 2
        } else if query == nil {
            query = arguments[index]
            index += 1
        } else {
            fail("unexpected argument \"\(arguments[index])\"\n\n" + usage, status: 2)
        }
    }
    guard let query else { fail("render needs a QUERY, e.g. 'colors=red,blue'\n\n" + usage, status: 2) }
    guard let output else {
        fail("render needs -o FILE (or -o - for standard output), e.g. -o card.png\n\n" + usage, status: 2)
    }
    let image = identity(query: query, output: output)
    do {
        try OutputFile.write(to: output) { sink in try ImageRenderer.render(image, pipelined: true, to: sink) }
    } catch {
        fail("gradient: cannot write \(output): \(error)", status: 1)
    }
case "explain":
    guard arguments.count == 2 else { fail("explain needs exactly one QUERY\n\n" + usage, status: 2) }
    let request = imageRequest(queryItems(from: arguments[1]))
    print("canonical: \(request.spec.canonicalForm)")
    print("pixels: \(request.spec.pixelWidth)x\(request.spec.pixelHeight)")
    if request.formatChoice == .auto {
        let names = request.candidateFormats.map(\.rawValue).joined(separator: ", ")
        print("format: auto, negotiated on Accept among \(names)")
    }
    for format in request.candidateFormats {
        let identity = ImageIdentity(request: request, format: format)
        if request.formatChoice == .auto {
            print("\(format.rawValue) etag: \(identity.etag)")
        } else {
            print("format: \(format.rawValue)")
            print("etag: \(identity.etag)")
        }
        print(encodingLine(identity))
    }
    do {
        print("css: \(try CSSExport.text(for: request))")
    } catch {
        print("css: none (\(error.detail))")
    }
case "assets":
    writeAssets(Array(arguments.dropFirst()))
case "--help", "-h", "help":
    print(usage)
case "--version":
    let formats: [(String, ImageEncoderSettings)] = [
        ("png", .png), ("webp", .webp(.fast(pixelCount: .max))), ("avif", .avif(.standard(bitDepth: 10))),
        ("svg", .svg),
    ]
    print("gradient \(PackageVersion.current)")
    for (name, settings) in formats { print("\(name): \(settings.outputVersion)") }
default:
    fail(usage, status: 2)
}
