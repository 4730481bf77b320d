import AVIFEncoding
import Foundation
import GradientCore
import GradientImage
import WebPEncoding

/// Renders corpus presets at the corpus shapes, and the saturated workloads, in PNG, WebP and AVIF through the
/// product's own path (``ImageRenderer/renderImage(_:pipelined:)`` of ``ImageIdentity/init(request:format:)``, each
/// format's standard settings, and WebP once more with `compression=smallest`), on one thread, and writes each file
/// with a line of figures for `codec_peers.py`, which encodes the same pixels with Pillow in the same run.
///
/// Checks as it goes: the WebP decodes (libwebp) to exactly the pixels of the PNG, and the AVIF's decoded samples
/// (libavif) are compared with the exact undithered ramp in 1/255 units; both errors are written for the targets.
struct FormatSweep {
    /// Presets per corpus shape when `--limit` is not given.
    static let defaultPresetLimit = 8
    /// Presets of the 1920×1080 radial shape when `--radial-limit` is not given: its WebP takes about 0.35 s per
    /// preset, 5–12 s with `compression=smallest`.
    static let defaultRadialLimit = 3
    /// The file of figures written beside the images.
    static let figuresFileName = "ours.tsv"
    /// One way of asking for an image: its label in the figures file, the format and the query it adds.
    struct Variant {
        var label: String
        var format: ImageFormat
        var extraQuery: String
        /// The file name's ending after the case's stem.
        var fileSuffix: String
    }

    /// The variants, in the order they are rendered and reported: each format at its defaults, then WebP's opt-in
    /// exhaustive search.
    static let variants: [Variant] = [
        Variant(label: "png", format: .png, extraQuery: "", fileSuffix: ".png"),
        Variant(label: "webp", format: .webp, extraQuery: "", fileSuffix: ".webp"),
        Variant(label: "avif", format: .avif, extraQuery: "", fileSuffix: ".avif"),
        Variant(
            label: "webp-smallest", format: .webp, extraQuery: "&compression=smallest", fileSuffix: ".smallest.webp"),
    ]

    var options: BenchmarkOptions
    var presets: [(index: Int, preset: CorpusPreset)]
    var shapes: [BenchmarkQuery]
    var workloads: [BenchmarkQuery]

    init(options: BenchmarkOptions, corpusPath: String) throws {
        self.options = options
        presets = try CorpusPreset.selected(path: corpusPath, options: options, defaultLimit: Self.defaultPresetLimit)
        shapes =
            options.skipCorpus
            ? []
            : options.selectedCorpusShapes(includingMesh: false)
        workloads =
            options.skipWorkloads
            ? [] : BenchmarkQuery.workloads.filter { options.workloads.isEmpty || options.workloads.contains($0.name) }
    }

    /// One case: a group (a corpus shape or a workload), the file stem and the query without `format`.
    private struct Case {
        var group: String
        var stem: String
        var query: String
    }

    /// What one format measured for one case.
    private struct Measurement {
        var bytes: Int
        var milliseconds: Double
        var meanError = 0.0
        var maximumError = 0.0
    }

    func run() throws {
        guard let directory = options.writeDirectory else { throw CodecSweepError.noWriteDirectory }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let iterations = options.iterations ?? 1
        let radialLimit = options.radialLimit ?? Self.defaultRadialLimit
        var cases: [Case] = []
        for shape in shapes {
            for (index, preset) in presets where shape.name != "r1920" || index < radialLimit {
                cases.append(
                    Case(
                        group: shape.name, stem: shape.name + String(format: "-%03d", index),
                        query: "colors=\(preset.colorsParameter)&\(shape.query)"))
            }
        }
        cases += workloads.map { Case(group: $0.name, stem: $0.name + "-000", query: $0.query) }
        print(
            """
            # formats through ImageRenderer.renderImage at the standard settings: \(cases.count) cases; one thread; \
            \(iterations) timed render + encode per case and format after a warm-up of each format; libwebp \
            \(WebPEncoder.libraryVersion), \(AVIFEncoder.libraryVersion)
            # group      case          PNG bytes   PNG ms  WebP bytes   WebP ms  AVIF bytes   AVIF ms  smallest B  small ms \
             AVIF err mean/max
            """)
        fflush(nil)
        for variant in Self.variants {
            _ = try measure(
                Case(group: "warm-up", stem: "", query: "colors=ff7e5f,feb47b&width=600&height=200"), variant: variant,
                iterations: 1)
        }
        var lines = ["group\tcase\tformat\tbytes\tms\tmean_error\tmax_error\tquery"]
        for item in cases {
            var figures: [Measurement] = []
            for variant in Self.variants {
                let measurement = try measure(item, variant: variant, iterations: iterations)
                figures.append(measurement)
                lines.append(
                    [
                        item.group, item.stem, variant.label, String(measurement.bytes),
                        String(Stopwatch.rounded(measurement.milliseconds)),
                        String(Stopwatch.rounded(measurement.meanError)),
                        String(Stopwatch.rounded(measurement.maximumError)), item.query,
                    ].joined(separator: "\t"))
            }
            print(
                item.group.padding(toLength: 10, withPad: " ", startingAt: 0) + " "
                    + item.stem.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + figures.map { String(format: " %11d %8.1f", $0.bytes, $0.milliseconds) }.joined()
                    + String(format: "  %.3f / %.3f", figures[2].meanError, figures[2].maximumError))
            fflush(nil)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(
                to: URL(fileURLWithPath: directory + "/" + Self.figuresFileName))
        }
    }

    /// Renders `item` as `variant` asks `iterations` times through the product's path, writes the file (unless it
    /// is the warm-up) and checks its pixels.
    private func measure(_ item: Case, variant: Variant, iterations: Int) throws -> Measurement {
        let format = variant.format
        let request = try ImageRequest(
            queryItems: try QueryString.decode(
                Substring(item.query + "&format=" + format.rawValue + variant.extraQuery)))
        let identity = ImageIdentity(request: request, format: format)
        var bytes: [UInt8] = []
        var times: [Double] = []
        for _ in 0..<iterations {
            let (output, milliseconds) = try Stopwatch.measure { try ImageRenderer.renderImage(identity) }
            bytes = output
            times.append(milliseconds)
        }
        var measurement = Measurement(bytes: bytes.count, milliseconds: Stopwatch.median(times))
        switch format {
        case .png, .svg:
            break
        case .webp:
            let (frame, pixels) = CodecFrame.render8(request.spec)
            let expected = frame.channels == 4 ? pixels : CodecSweep.addOpaqueAlpha(pixels)
            guard try WebPDecoder.decode(bytes).rgba == expected else {
                throw CodecSweepError.notLossless(name: item.stem)
            }
        case .avif:
            var exactSpec = identity.spec
            exactSpec.depth = .sixteen
            exactSpec.dither = false
            let decoded = try AVIFDecoder.decode(bytes)
            let error = CodecSweep.error(
                decoded: decoded.samples, depth: decoded.depth, exact: CodecFrame.render16(exactSpec).samples)
            measurement.meanError = error.mean
            measurement.maximumError = error.maximum
        }
        if !item.stem.isEmpty, let directory = options.writeDirectory {
            try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + item.stem + variant.fileSuffix))
        }
        return measurement
    }
}
