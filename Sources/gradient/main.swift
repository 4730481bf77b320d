import Glibc
import GradientCore
import GradientImage

let usage = """
    gradient — render gradientd's /gradient queries offline

    Usage:
      gradient render QUERY -o FILE   write the PNG to FILE (- for standard output)
      gradient explain QUERY          print the canonical spec, its ETag and the output size
      gradient --help                 show this help

    QUERY is the query string of a /gradient URL, e.g.
      gradient render 'colors=ff7e5f,feb47b&dir=horizontal&width=1200&height=630' -o card.png
    A leading '?' or '/gradient?' is accepted. The bytes are those the service sends for the same query.

    Exit status: 0 on success, 2 for a bad query or usage (the reason on standard error, no file written),
    1 when the output cannot be written.
    """

func fail(_ message: String, status: Int32) -> Never {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

func spec(from query: String) -> GradientSpec {
    var text = Substring(query)
    if let mark = text.firstIndex(of: "?"), text.hasPrefix("/") || text.hasPrefix("?") || text.hasPrefix("http") {
        text = text[text.index(after: mark)...]
    }
    do {
        return try GradientSpec(queryItems: try QueryString.decode(text))
    } catch let error as QueryStringError {
        fail(error.detail, status: 2)
    } catch let error as SpecError {
        fail(error.detail, status: 2)
    } catch {
        fail("\(error)", status: 2)
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
    guard let query, let output else { fail("render needs a QUERY and -o FILE\n\n" + usage, status: 2) }
    let gradient = spec(from: query)
    do {
        try OutputFile.write(to: output) { sink in try GradientPNG.render(gradient, pipelined: true, to: sink) }
    } catch {
        fail("gradient: cannot write \(output): \(error)", status: 1)
    }
case "explain":
    guard arguments.count == 2 else { fail("explain needs exactly one QUERY\n\n" + usage, status: 2) }
    let gradient = spec(from: arguments[1])
    let format = GradientPNG.format(of: gradient)
    print("canonical: \(gradient.canonicalForm)")
    print("etag: \(GradientPNG.etag(for: gradient))")
    print("pixels: \(gradient.pixelWidth)x\(gradient.pixelHeight)")
    print("png: \(format.colorType == .rgb ? "RGB" : "RGBA") \(format.bitDepth)-bit")
case "--help", "-h", "help":
    print(usage)
default:
    fail(usage, status: 2)
}
