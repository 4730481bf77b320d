import Foundation
import GradientCore
import GradientImage
import WebPEncoding

/// Encodes presets of the corpus at the WebP shapes with the settings the service picks by default and with
/// `compression=smallest`, on one thread, and reports per shape the default's encode CPU time and its bytes against
/// the smallest search's; it fails when a card's median CPU time passes ``cardMillisecondBound`` or a shape's
/// median bytes pass its bound in ``medianBytesBounds``.
///
/// Times are the calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), the least of ``repetitions`` encodes for
/// the default and one encode for the smallest search, so other processes on the machine move them little.
struct WebPSpeedBenchmark {
    /// Presets encoded when `--limit` is not given.
    static let defaultPresetLimit = 12
    /// Presets at the 1920×1080 radial when `--radial-limit` is not given (its smallest search takes about 10 s).
    static let defaultRadialLimit = 3
    /// Encodes of the default settings per case; the least CPU time counts.
    static let repetitions = 3
    /// The shapes that are 1200×630 cards, whose median default encode must stay within ``cardMillisecondBound``.
    static let cardShapes: Set<String> = ["h1200", "d135"]
    /// The most CPU milliseconds a card's median default encode may take.
    static let cardMillisecondBound = 100.0
    /// Per shape, the largest median of default bytes / smallest-search bytes accepted (a regression bound, a
    /// little above the measured ratio; bench/README.md "WebP at interactive speed").
    static let medianBytesBounds: [String: Double] = [
        "h1200": 1.05, "d135": 1.25, "v390x3": 1.45, "r1920": 2.0, "h600": 1.1,
    ]

    var options: BenchmarkOptions
    var presets: [(index: Int, preset: CorpusPreset)]
    var shapes: [BenchmarkQuery]

    init(options: BenchmarkOptions, corpusPath: String) throws {
        self.options = options
        presets = try CorpusPreset.selected(path: corpusPath, options: options, defaultLimit: Self.defaultPresetLimit)
        shapes = options.selectedCorpusShapes(includingMesh: false)
    }

    /// One case's figures.
    private struct Measurement {
        var defaultBytes: Int
        var smallestBytes: Int
        var defaultMilliseconds: Double
        var smallestMilliseconds: Double
        var ratio: Double { Double(defaultBytes) / Double(smallestBytes) }
    }

    /// Runs every case, prints the table, and returns whether every bound held.
    func run() throws -> Bool {
        print(
            """
            # WebP speed: \(presets.count) presets (\(options.radialLimit ?? Self.defaultRadialLimit) at r1920) x \
            \(shapes.count) shapes, libwebp \(WebPEncoder.libraryVersion); thread CPU time, default: least of \
            \(Self.repetitions), smallest: one encode
            shape    cases  default settings                 median ratio  worst ratio  median ms  max ms  smallest median ms
            """)
        var passed = true
        for shape in shapes {
            let limit = shape.name == "r1920" ? options.radialLimit ?? Self.defaultRadialLimit : presets.count
            var measurements: [Measurement] = []
            var identities: Set<String> = []
            for (_, preset) in presets.prefix(limit) {
                let query = "colors=\(preset.colorsParameter)&\(shape.query)&format=webp"
                let (measurement, identity) = try measure(query: query)
                measurements.append(measurement)
                identities.insert(identity)
            }
            let ratios = measurements.map(\.ratio)
            let medianRatio = Stopwatch.median(ratios)
            let medianMilliseconds = Stopwatch.median(measurements.map(\.defaultMilliseconds))
            print(
                shape.name.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + String(format: "%5d  ", measurements.count)
                    + identities.sorted().joined(separator: "; ").padding(toLength: 33, withPad: " ", startingAt: 0)
                    + String(
                        format: "%12.3f %12.3f %10.1f %7.1f %19.1f", medianRatio, ratios.max() ?? 0,
                        medianMilliseconds, measurements.map(\.defaultMilliseconds).max() ?? 0,
                        Stopwatch.median(measurements.map(\.smallestMilliseconds))))
            if Self.cardShapes.contains(shape.name) && medianMilliseconds > Self.cardMillisecondBound {
                StandardError.print(
                    "gradient-bench: \(shape.name) median default encode \(medianMilliseconds) ms > "
                        + "\(Self.cardMillisecondBound) ms")
                passed = false
            }
            if let bound = Self.medianBytesBounds[shape.name], medianRatio > bound {
                StandardError.print("gradient-bench: \(shape.name) median bytes \(medianRatio)x smallest > \(bound)x")
                passed = false
            }
            fflush(nil)
        }
        return passed
    }

    /// Encodes `query`'s frame with the default settings and with `compression=smallest`, as the service picks them,
    /// checks both decode to the frame, and returns the figures and the default settings' identity.
    private func measure(query: String) throws -> (Measurement, String) {
        let items = try QueryString.decode(Substring(query))
        let fast = ImageIdentity(request: try ImageRequest(queryItems: items), format: .webp)
        let smallest = ImageIdentity(
            request: try ImageRequest(queryItems: items + [("compression", "smallest")]), format: .webp)
        guard case .webp(let fastSettings) = fast.settings, case .webp(let smallestSettings) = smallest.settings
        else { preconditionFailure("a WebP request has WebP settings") }
        let (frame, pixels) = CodecFrame.render8(fast.spec)
        var fastBytes: [UInt8] = []
        var fastMilliseconds = Double.infinity
        for _ in 0..<Self.repetitions {
            let (bytes, milliseconds) = try Self.encode(pixels, frame: frame, settings: fastSettings)
            fastBytes = bytes
            fastMilliseconds = min(fastMilliseconds, milliseconds)
        }
        let (smallestBytes, smallestMilliseconds) = try Self.encode(pixels, frame: frame, settings: smallestSettings)
        let expected = frame.channels == 4 ? pixels : CodecSweep.addOpaqueAlpha(pixels)
        for bytes in [fastBytes, smallestBytes] where try WebPDecoder.decode(bytes).rgba != expected {
            throw CodecSweepError.notLossless(name: query)
        }
        let measurement = Measurement(
            defaultBytes: fastBytes.count, smallestBytes: smallestBytes.count, defaultMilliseconds: fastMilliseconds,
            smallestMilliseconds: smallestMilliseconds)
        return (measurement, fastSettings.identity)
    }

    /// One encode and the calling thread's CPU time it took, in milliseconds.
    private static func encode(
        _ pixels: [UInt8], frame: CodecFrame, settings: WebPSettings
    ) throws -> (bytes: [UInt8], milliseconds: Double) {
        let start = threadCPUMilliseconds()
        let bytes = try pixels.withUnsafeBytes {
            try WebPEncoder.encode(
                pixels: $0, width: frame.width, height: frame.height, channels: frame.channels, settings: settings)
        }
        return (bytes, threadCPUMilliseconds() - start)
    }

    /// The calling thread's CPU time so far, in milliseconds.
    private static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }
}
