import Glibc
import GradientCore
import GradientPNG

/// One benchmark workload: a named /gradient query.
struct Workload {
    var name: String
    var query: String
}

let workloads = [
    Workload(name: "v2_1080", query: "colors=ff0000,0000ff&dir=vertical&width=1920&height=1080"),
    Workload(name: "h2_1080", query: "colors=ff0000,0000ff&dir=horizontal&width=1920&height=1080"),
    Workload(name: "d3_1080", query: "colors=ff0000,00ff00,0000ff&angle=45&width=1920&height=1080"),
    Workload(name: "r2_1080", query: "type=radial&shape=circle&colors=ff0000,0000ff&width=1920&height=1080"),
    Workload(name: "c6_1080", query: "type=conic&colors=red,yellow,lime,aqua,blue,magenta,red&width=1920&height=1080"),
    Workload(name: "v2_4096", query: "colors=ff0000,0000ff&dir=vertical&width=4096&height=4096"),
    Workload(name: "v2_256", query: "colors=ff0000,0000ff&dir=vertical&width=256&height=256"),
]

let usage = """
    gradient-bench — time render + PNG encode in-process (PNG kept in memory)

    Usage: swift run -c release gradient-bench [--json] [--iterations N] [--workload NAME]...
      --json           one JSON line per workload and dither setting
      --raster-only    time the rasterizer alone (no PNG encoding); png_bytes is then 0
      --sequential     rasterize and encode on one thread (default: rows rasterized on a second thread while
                       the first encodes, as the gradient CLI does; the bytes are the same)
      --iterations N   timed runs per case after one warm-up (default 15); the median is reported
      --workload NAME  only this workload (repeatable): \(workloads.map(\.name).joined(separator: ", "))
      --query QUERY    time this /gradient query instead of the workloads (named "query"; repeatable)
    """

var json = false
var rasterOnly = false
var pipelined = true
var iterations = 15
var selected: Set<String> = []
var queries: [Workload] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": json = true
    case "--raster-only": rasterOnly = true
    case "--sequential": pipelined = false
    case "--iterations":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0, value <= 10_000 else {
            fatalError("--iterations needs a whole number from 1 to 10000")
        }
        iterations = value
    case "--workload":
        guard let name = arguments.popFirst(), workloads.contains(where: { $0.name == name }) else {
            fatalError("--workload needs one of " + workloads.map(\.name).joined(separator: ", "))
        }
        selected.insert(name)
    case "--query":
        guard let query = arguments.popFirst() else { fatalError("--query needs a /gradient query string") }
        queries.append(Workload(name: "query", query: query))
    default:
        print(usage)
        exit(argument == "--help" ? 0 : 2)
    }
}

/// Renders every row into one reused buffer and returns 0 (no PNG is produced).
func rasterize(_ spec: GradientSpec) -> Int {
    var rasterizer = Rasterizer(spec: spec)
    let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rasterizer.bytesPerRow, alignment: 16)
    defer { row.deallocate() }
    for y in 0..<spec.pixelHeight { rasterizer.renderRow(y, into: row) }
    return 0
}

if !json { print("workload  dither  median_ms  png_bytes  query") }
for workload in queries.isEmpty ? workloads : queries where selected.isEmpty || selected.contains(workload.name) {
    for dither in ["off", "on"] {
        let query = workload.query + "&dither=" + dither
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
        var size = 0
        var times: [Double] = []
        let clock = ContinuousClock()
        for run in 0...iterations {
            let start = clock.now
            size = rasterOnly ? rasterize(spec) : try GradientPNG.renderPNG(spec, pipelined: pipelined).count
            let elapsed = clock.now - start
            if run > 0 {
                times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
            }
        }
        times.sort()
        let median =
            times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        let rounded = (median * 1000).rounded() / 1000
        if json {
            print(
                "{\"workload\":\"\(workload.name)\",\"query\":\"\(query)\",\"median_ms\":\(rounded),\"png_bytes\":\(size)}"
            )
        } else {
            print("\(workload.name)  \(dither)  \(rounded)  \(size)  \(query)")
        }
    }
}
