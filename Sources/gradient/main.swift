import Glibc
import GradientCore
import GradientImage

let usage = """
    gradient — render gradientd's /gradient queries offline

    Usage:
      gradient render QUERY -o FILE   write the image to FILE (- for standard output)
      gradient explain QUERY          print the canonical spec, the format, its ETag, the output size and the
                                      CSS <image> that draws it (as /gradient.css)
      gradient --version              print the package version and each format's output version
      gradient --help                 show this help

    QUERY is the query string of a /gradient URL, e.g.
      gradient render 'colors=ff7e5f,feb47b&dir=horizontal&width=1200&height=630' -o card.png
    A leading '?' or '/gradient?' is accepted. The bytes are those the service sends for the same query.
    The format follows FILE's extension (.png, .webp, .avif) unless the query has format=; PNG otherwise.

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
    return ImageIdentity(request: request, format: format)
}

/// What `explain` prints about the encoding of `identity`.
func encodingLine(_ identity: ImageIdentity) -> String {
    switch identity.settings {
    case .png:
        let format = GradientPNG.format(of: identity.spec)
        return "png: \(format.colorType == .rgb ? "RGB" : "RGBA") \(format.bitDepth)-bit"
    case .webp(let settings):
        return "webp: lossless, \(identity.channels == 3 ? "RGB" : "RGBA") 8-bit, \(settings.identity)"
    case .avif(let settings):
        return "avif: \(settings.bitDepth)-bit, quality \(settings.quality), \(settings.identity)"
    }
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
case "--help", "-h", "help":
    print(usage)
case "--version":
    let formats: [(String, ImageEncoderSettings)] = [
        ("png", .png), ("webp", .webp(.standard)), ("avif", .avif(.standard(bitDepth: 10))),
    ]
    print("gradient \(PackageVersion.current)")
    for (name, settings) in formats { print("\(name): \(settings.outputVersion)") }
default:
    fail(usage, status: 2)
}
