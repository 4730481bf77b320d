import Foundation
import GradientCore
import GradientImage

/// Renders every preset of the corpus at every shape with the default settings, on one thread (sequential: the
/// pipelined two-thread path is not used), and reports per shape and dither setting the median and worst
/// render + encode time, raster-only time, encode-only time and PNG bytes.
struct CorpusBenchmark {
    var options: BenchmarkOptions
    /// The presets to run, each with its index in the corpus file.
    var presets: [(index: Int, preset: CorpusPreset)]
    var shapes: [BenchmarkQuery]

    init(options: BenchmarkOptions, corpusPath: String) throws {
        self.options = options
        presets = try CorpusPreset.selected(path: corpusPath, options: options, defaultLimit: Int.max)
        shapes = options.selectedCorpusShapes(includingMesh: true)
    }

    func run() throws {
        let iterations = options.iterations ?? BenchmarkOptions.defaultCorpusIterations
        if let directory = options.writeDirectory {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let header = """
            # corpus: \(presets.count) presets; one thread, sequential (not the pipelined two-thread path); \
            \(iterations) timed run(s) per case after a warm-up, the per-case median; median and worst over presets
            # render+encode: GradientPNG.renderPNG; raster: the rasterizer alone; encode: the PNG encoder alone on \
            rows already rendered into memory (its output is checked equal to render+encode's)
            """
        if options.json {
            StandardError.print(header)
        } else {
            print(header)
            print(
                "shape   dither         cases  render+encode ms med/worst  raster ms med/worst  "
                    + "encode ms med/worst  PNG bytes med/worst  pixels")
        }
        for shape in shapes {
            for dither in options.ditherSettings {
                var group: [CaseMeasurement] = []
                for (index, preset) in presets {
                    let measurement = try measure(
                        preset: preset, index: index, shape: shape, dither: dither, iterations: iterations)
                    if options.json { print(measurement.jsonLine) }
                    group.append(measurement)
                }
                let summary = summaryLine(group, shape: shape, dither: dither)
                if options.json { StandardError.print(summary) } else { print(summary) }
                fflush(nil)
            }
        }
    }

    private func measure(
        preset: CorpusPreset, index: Int, shape: BenchmarkQuery, dither: Bool, iterations: Int
    ) throws -> CaseMeasurement {
        let query = shape.corpusQuery(preset) + (dither ? "" : "&dither=off")
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
        let format = GradientPNG.format(of: spec)
        let frame = FrameRenderer.renderFrame(spec, format: format)
        let png = try GradientPNG.renderPNG(spec, pipelined: false)
        guard try FrameRenderer.encode(frame, format: format, spec: spec) == png else {
            throw BenchmarkError.encodeMismatch(query: query)
        }
        var total: [Double] = []
        var raster: [Double] = []
        var encode: [Double] = []
        for _ in 0..<iterations {
            total.append(try Stopwatch.measure { try GradientPNG.renderPNG(spec, pipelined: false) }.milliseconds)
            raster.append(Stopwatch.measure { FrameRenderer.rasterizeDiscarding(spec) }.milliseconds)
            encode.append(
                try Stopwatch.measure { try FrameRenderer.encode(frame, format: format, spec: spec) }.milliseconds)
        }
        var file: String?
        if let directory = options.writeDirectory, index < options.writeLimit ?? Int.max {
            let path = directory + "/" + shape.name + (dither ? "-on-" : "-off-") + String(format: "%03d.png", index)
            try Data(png).write(to: URL(fileURLWithPath: path))
            file = path
        }
        return CaseMeasurement(
            presetIndex: index, presetName: preset.name, shape: shape.name, dither: dither, query: query,
            pixelWidth: spec.pixelWidth, pixelHeight: spec.pixelHeight,
            totalMilliseconds: Stopwatch.median(total), rasterMilliseconds: Stopwatch.median(raster),
            encodeMilliseconds: Stopwatch.median(encode), pngBytes: png.count, file: file)
    }

    private func summaryLine(_ group: [CaseMeasurement], shape: BenchmarkQuery, dither: Bool) -> String {
        func figures(_ values: [Double], format: String) -> String {
            String(format: format, Stopwatch.median(values), values.max() ?? 0)
        }
        let first = group.first
        return [
            shape.name.padding(toLength: 8, withPad: " ", startingAt: 0),
            (dither ? "on (default)" : "off").padding(toLength: 13, withPad: " ", startingAt: 0),
            String(format: "%6d", group.count),
            figures(group.map(\.totalMilliseconds), format: "%13.2f / %-10.2f"),
            figures(group.map(\.rasterMilliseconds), format: "%9.2f / %-8.2f"),
            figures(group.map(\.encodeMilliseconds), format: "%9.2f / %-8.2f"),
            figures(group.map { Double($0.pngBytes) }, format: "%9.0f / %-9.0f"),
            first.map { "\($0.pixelWidth)x\($0.pixelHeight)" } ?? "",
        ].joined(separator: " ")
    }
}
