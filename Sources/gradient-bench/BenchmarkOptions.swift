import Foundation

/// The command line of gradient-bench, with the defaults of each option.
struct BenchmarkOptions {
    /// Timed runs per workload after one warm-up, when `--iterations` is not given (workloads mode).
    static let defaultWorkloadIterations = 15
    /// Timed runs per preset and shape after one warm-up, when `--iterations` is not given (corpus mode).
    static let defaultCorpusIterations = 1

    static let usage = """
        gradient-bench — time render + PNG encode in-process (PNG kept in memory)

        Workloads mode (saturated two- and three-colour ramps):
          swift run -c release gradient-bench [--json] [--iterations N] [--workload NAME]... [--raster-only]
                                              [--encode-only] [--sequential] [--dither on|off]
          --json           one JSON line per workload and dither setting
          --raster-only    time the rasterizer alone (no PNG encoding); png_bytes is then 0
          --encode-only    time the PNG encoder alone on rows rendered once beforehand (the colour census
                           included, as an indexed render takes it)
          --reference-limit N  with --encode-only: hold images of at most N pixels for the reference PNG
                           (default: the encoder's, 65535; 0 holds none)
          --sequential     rasterize and encode on one thread (default: rows rasterized on a second thread while
                           the first encodes, as the gradient CLI does; the bytes are the same)
          --iterations N   timed runs per case after one warm-up (default \(defaultWorkloadIterations)); the median
                           is reported
          --workload NAME  only this workload (repeatable): \(BenchmarkQuery.workloads.map(\.name).joined(separator: ", "))
          --query QUERY    time this /gradient query instead of the workloads (named "query"; repeatable)
          --dither on|off  only this dither setting (default: off, then on)

        Corpus mode (every preset of a uiGradients-style JSON file at the shapes users request; one thread):
          swift run -c release gradient-bench --corpus bench/data/uigradients.json [--shape NAME]... [--limit N]
                                              [--preset I]...                                              [--iterations N] [--dither on|off] [--json] [--write-dir DIR]
                                              [--write-limit N]
          --corpus PATH    the preset file
          --shape NAME     only this shape (repeatable): \(BenchmarkQuery.corpusShapes.map(\.name).joined(separator: ", "))
          --limit N        only the first N presets
          --preset I       only the preset at index I (0-based; repeatable), e.g. to interleave with a peer
          --iterations N   timed runs per preset and shape after one warm-up (default \(defaultCorpusIterations));
                           each preset's median is taken, then the median and worst over presets are reported
          --dither on|off  only this dither setting (default: both; `on` is the API's default)
          --json           one JSON line per preset, shape and dither setting
          --write-dir DIR  write each PNG there as SHAPE-DITHER-INDEX.png (the `file` field of --json)
          --write-limit N  write only the first N presets' PNGs

        Codec sweep (WebP and AVIF settings on corpus presets at the corpus shapes; one thread):
          swift run -c release gradient-bench --codec-sweep bench/data/uigradients.json [--limit N] [--shape NAME]...
                                              [--codec SETTING]... [--workload NAME]... [--skip-corpus]
                                              [--write-dir DIR]
          --limit N        only the first N presets (default \(CodecSweep.defaultPresetLimit))
          --codec SETTING  only this setting (repeatable): webp:mMqQ (method, effort) or avif:qQsSdD-444|420-aom|rav1e|svt
          --workload NAME  also this workload, as one case after the shapes (repeatable); --skip-corpus: no shapes
          --write-dir DIR  write SHAPE-INDEX.png (the 8-bit frame), .webp and .avif (standard settings) there

        Formats (PNG, WebP and AVIF through the product's path at the standard settings, one thread; corpus
        presets at the corpus shapes, then the workloads; files and ours.tsv for bench/codec_peers.py):
          swift run -c release gradient-bench --codec-sweep bench/data/uigradients.json --formats --write-dir DIR
                                              [--limit N] [--radial-limit N] [--shape NAME]... [--workload NAME]...
                                              [--skip-corpus] [--skip-workloads] [--iterations N]
          --limit N        only the first N presets at each shape (default \(FormatSweep.defaultPresetLimit))
          --radial-limit N only the first N presets at r1920 (default \(FormatSweep.defaultRadialLimit))
          --iterations N   timed renders per case and format (default 1); the median is reported

        WebP speed (the default WebP settings against compression=smallest, thread CPU time; exits 1 when a 1200x630
        card's median default encode passes 100 ms or a shape's median bytes pass its bound):
          swift run -c release gradient-bench --webp-speed bench/data/uigradients.json [--limit N] [--radial-limit N]
                                              [--shape NAME]...
          --limit N        only the first N presets (default \(WebPSpeedBenchmark.defaultPresetLimit))
          --radial-limit N only the first N presets at r1920 (default \(WebPSpeedBenchmark.defaultRadialLimit))

        Codec memory (one whole-frame encode with the query's settings, e.g. compression=smallest; peak RSS growth; one per process):
          swift run -c release gradient-bench --codec-memory webp|avif --query QUERY
        """

    var json = false
    var rasterOnly = false
    /// `--encode-only`: time the PNG encoder on a frame rendered once, not the render.
    var encodeOnly = false
    /// `--reference-limit N` with `--encode-only`: the encoder's reference pixel limit instead of its default.
    var referencePixelLimit: Int?
    var pipelined = true
    /// Timed runs per case; nil means the mode's default.
    var iterations: Int?
    var workloads: Set<String> = []
    /// Queries given with `--query`, timed instead of the workloads.
    var queries: [BenchmarkQuery] = []
    var corpusPath: String?
    /// Shape names in the order given; empty means every shape.
    var shapes: [String] = []
    var presetLimit: Int?
    /// Preset indices to run; empty means every preset (up to ``presetLimit``).
    var presetIndices: Set<Int> = []
    /// The dither settings to run, the API's default (on) first.
    var ditherSettings = [true, false]
    var writeDirectory: String?
    var writeLimit: Int?
    /// The preset file of `--codec-sweep`.
    var codecSweepPath: String?
    /// Settings given with `--codec`; empty means the default sweep.
    var codecSettings: [CodecSetting] = []
    /// `--formats`: the codec sweep renders each format through the product's path instead of sweeping settings.
    var formats = false
    /// Presets at the radial shape with `--formats`; nil means ``FormatSweep/defaultRadialLimit``.
    var radialLimit: Int?
    /// `--skip-corpus` and `--skip-workloads` with `--formats`.
    var skipCorpus = false
    var skipWorkloads = false
    /// The preset file of `--webp-speed`.
    var webpSpeedPath: String?
    /// `webp` or `avif` with `--codec-memory`.
    var codecMemory: String?

    /// Parses `arguments`; prints the usage and exits on a malformed command line.
    init(arguments: ArraySlice<String>) {
        var arguments = arguments
        while let argument = arguments.popFirst() {
            switch argument {
            case "--json": json = true
            case "--raster-only": rasterOnly = true
            case "--encode-only": encodeOnly = true
            case "--reference-limit":
                guard let limit = arguments.popFirst().flatMap({ Int($0) }), (0...1 << 30).contains(limit) else {
                    Self.fail("--reference-limit needs a whole number from 0 to \(1 << 30)")
                }
                referencePixelLimit = limit
            case "--sequential": pipelined = false
            case "--iterations": iterations = Self.count(arguments.popFirst(), option: argument, maximum: 10_000)
            case "--workload":
                guard let name = arguments.popFirst(), BenchmarkQuery.workloads.contains(where: { $0.name == name })
                else {
                    Self.fail("--workload needs one of " + BenchmarkQuery.workloads.map(\.name).joined(separator: ", "))
                }
                workloads.insert(name)
            case "--query":
                guard let query = arguments.popFirst() else { Self.fail("--query needs a /gradient query string") }
                queries.append(BenchmarkQuery(name: "query", query: query))
            case "--corpus":
                guard let path = arguments.popFirst() else { Self.fail("--corpus needs a path") }
                corpusPath = path
            case "--shape":
                guard let name = arguments.popFirst(), BenchmarkQuery.corpusShapes.contains(where: { $0.name == name })
                else {
                    Self.fail("--shape needs one of " + BenchmarkQuery.corpusShapes.map(\.name).joined(separator: ", "))
                }
                shapes.append(name)
            case "--limit": presetLimit = Self.count(arguments.popFirst(), option: argument, maximum: 1_000_000)
            case "--preset":
                guard let index = arguments.popFirst().flatMap({ Int($0) }), index >= 0 else {
                    Self.fail("--preset needs an index from 0")
                }
                presetIndices.insert(index)
            case "--dither":
                switch arguments.popFirst() {
                case "on": ditherSettings = [true]
                case "off": ditherSettings = [false]
                default: Self.fail("--dither needs on or off")
                }
            case "--write-dir":
                guard let path = arguments.popFirst() else { Self.fail("--write-dir needs a directory") }
                writeDirectory = path
            case "--write-limit": writeLimit = Self.count(arguments.popFirst(), option: argument, maximum: 1_000_000)
            case "--codec-sweep":
                guard let path = arguments.popFirst() else { Self.fail("--codec-sweep needs a path") }
                codecSweepPath = path
            case "--codec":
                guard let setting = arguments.popFirst().flatMap(CodecSetting.parse) else {
                    Self.fail("--codec needs webp:mMqQ or avif:qQsSdD-444|420-aom|rav1e|svt")
                }
                codecSettings.append(setting)
            case "--webp-speed":
                guard let path = arguments.popFirst() else { Self.fail("--webp-speed needs a path") }
                webpSpeedPath = path
            case "--formats": formats = true
            case "--radial-limit": radialLimit = Self.count(arguments.popFirst(), option: argument, maximum: 1_000_000)
            case "--skip-corpus": skipCorpus = true
            case "--skip-workloads": skipWorkloads = true
            case "--codec-memory":
                guard let codec = arguments.popFirst(), codec == "webp" || codec == "avif" else {
                    Self.fail("--codec-memory needs webp or avif")
                }
                codecMemory = codec
            case "--help":
                print(Self.usage)
                exit(0)
            default: Self.fail("unknown option \(argument)")
            }
        }
    }

    private static func count(_ text: String?, option: String, maximum: Int) -> Int {
        guard let value = text.flatMap({ Int($0) }), value > 0, value <= maximum else {
            fail("\(option) needs a whole number from 1 to \(maximum)")
        }
        return value
    }

    private static func fail(_ message: String) -> Never {
        StandardError.print("gradient-bench: \(message)\n\n\(usage)")
        exit(2)
    }
}
