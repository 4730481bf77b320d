import AVIFEncoding
import Foundation
import GradientCore
import GradientImage
import PNGEncoding
import WebPEncoding

/// Encodes presets of the corpus at the corpus shapes with every WebP and AVIF setting of the sweep, on one thread,
/// and reports per setting the median bytes and encode time and, for AVIF, the error of the decoded pixels.
///
/// WebP encodes the default 8-bit frame (dither on), exactly the PNG's pixels; AVIF encodes the undithered 16-bit
/// ramp (`depth=16&dither=off`), and its decoded pixels are compared with that exact ramp in 1/255 units (mean and
/// maximum over the samples of each case; the table shows the worst case of each).
struct CodecSweep {
    /// Presets encoded when `--limit` is not given.
    static let defaultPresetLimit = 40
    /// The AVIF error bound of docs/API.md "Formats", in 1/255 units: every case's mean and maximum error.
    static let meanErrorBound = 1.0
    static let maximumErrorBound = 4.0

    var options: BenchmarkOptions
    var presets: [(index: Int, preset: CorpusPreset)]
    var shapes: [BenchmarkQuery]
    /// The workloads named with `--workload`, each one case after the corpus shapes.
    var workloads: [BenchmarkQuery]
    var settings: [CodecSetting]

    init(options: BenchmarkOptions, corpusPath: String) throws {
        self.options = options
        presets = try CorpusPreset.selected(path: corpusPath, options: options, defaultLimit: Self.defaultPresetLimit)
        shapes = options.selectedCorpusShapes(includingMesh: false)
        workloads = BenchmarkQuery.workloads.filter { options.workloads.contains($0.name) }
        if options.skipCorpus { shapes = [] }
        settings = options.codecSettings.isEmpty ? CodecSetting.defaultSweep : options.codecSettings
    }

    /// The cases by group, each named GROUP-INDEX: every preset at each shape, then each workload alone.
    private var groups: [(group: String, cases: [(name: String, query: String)])] {
        shapes.map { shape in
            (
                shape.name,
                presets.map {
                    (
                        shape.name + String(format: "-%03d", $0.index),
                        "colors=\($0.preset.colorsParameter)&\(shape.query)"
                    )
                }
            )
        } + workloads.map { ($0.name, [($0.name + "-000", $0.query)]) }
    }

    /// One setting's figures for one case.
    private struct Measurement {
        var bytes: Int
        var milliseconds: Double
        var meanError: Double
        var maximumError: Double
    }

    func run() throws {
        if let directory = options.writeDirectory {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        print(
            """
            # codec sweep: \(presets.count) presets x \(shapes.count) shapes, \(workloads.count) workloads; one thread; one encode per case; \
            libwebp \(WebPEncoder.libraryVersion), \(AVIFEncoder.libraryVersion)
            # WebP: the default 8-bit dithered frame (the PNG's pixels); AVIF: the undithered 16-bit ramp; error: \
            decoded vs that exact ramp, 1/255 units, worst case of per-case mean / max
            """)
        var all: [String: [Measurement]] = [:]
        var pngBytes: [Double] = []
        for (group, cases) in groups {
            var byShape: [String: [Measurement]] = [:]
            var shapePNGBytes: [Double] = []
            for (name, query) in cases {
                let spec8 = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
                let spec16 = try GradientSpec(
                    queryItems: try QueryString.decode(Substring(query + "&depth=16&dither=off")))
                let (frame8, pixels) = CodecFrame.render8(spec8)
                let (frame16, samples) = CodecFrame.render16(spec16)
                let png = try GradientPNG.renderPNG(spec8)
                shapePNGBytes.append(Double(png.count))
                try write(png, name: name + ".png")
                for setting in settings {
                    let measurement = try measure(
                        setting, pixels: pixels, frame8: frame8, samples: samples, frame16: frame16, name: name)
                    byShape[setting.description, default: []].append(measurement)
                    all[setting.description, default: []].append(measurement)
                }
            }
            pngBytes += shapePNGBytes
            report(byShape, shape: group, pngBytes: shapePNGBytes)
        }
        report(all, shape: "all", pngBytes: pngBytes)
    }

    private func measure(
        _ setting: CodecSetting, pixels: [UInt8], frame8: CodecFrame, samples: [UInt16], frame16: CodecFrame,
        name: String
    ) throws -> Measurement {
        switch setting {
        case .webp(let settings):
            let (webp, milliseconds) = try Stopwatch.measure {
                try pixels.withUnsafeBytes {
                    try WebPEncoder.encode(
                        pixels: $0, width: frame8.width, height: frame8.height, channels: frame8.channels,
                        settings: settings)
                }
            }
            let decoded = try WebPDecoder.decode(webp)
            let expected = frame8.channels == 4 ? pixels : Self.addOpaqueAlpha(pixels)
            guard decoded.rgba == expected else { throw CodecSweepError.notLossless(name: name) }
            if settings == .smallest { try write(webp, name: name + ".webp") }
            return Measurement(bytes: webp.count, milliseconds: milliseconds, meanError: 0, maximumError: 0)
        case .avif(let settings):
            let input = settings.bitDepth == 8 ? samples.map { UInt16((Int($0) * 255 + 32767) / 65535) } : samples
            let (avif, milliseconds) = try Stopwatch.measure {
                try input.withUnsafeBufferPointer {
                    try AVIFEncoder.encode(
                        samples: $0, width: frame16.width, height: frame16.height, channels: frame16.channels,
                        settings: settings)
                }
            }
            let decoded = try AVIFDecoder.decode(avif)
            let error = Self.error(decoded: decoded.samples, depth: decoded.depth, exact: samples)
            if settings == .standard(bitDepth: 10) { try write(avif, name: name + ".avif") }
            return Measurement(
                bytes: avif.count, milliseconds: milliseconds, meanError: error.mean, maximumError: error.maximum)
        }
    }

    private func report(_ measurements: [String: [Measurement]], shape: String, pngBytes: [Double]) {
        print(
            "\n## \(shape): \(pngBytes.count) cases; PNG (dither on) median bytes "
                + String(format: "%.0f", Stopwatch.median(pngBytes)))
        print("setting                    median bytes  median ms  worst mean err  worst max err  cases within bound")
        for setting in settings {
            guard let group = measurements[setting.description] else { continue }
            let within = group.filter {
                $0.meanError <= Self.meanErrorBound && $0.maximumError <= Self.maximumErrorBound
            }.count
            let isAVIF = setting.description.hasPrefix("avif")
            print(
                setting.description.padding(toLength: 26, withPad: " ", startingAt: 0)
                    + String(format: " %12.0f", Stopwatch.median(group.map { Double($0.bytes) }))
                    + String(format: " %10.2f", Stopwatch.median(group.map(\.milliseconds)))
                    + (isAVIF
                        ? String(
                            format: " %15.3f %14.3f %8d/%d", group.map(\.meanError).max() ?? 0,
                            group.map(\.maximumError).max() ?? 0, within, group.count)
                        : "        lossless"))
        }
        fflush(nil)
    }

    private func write(_ bytes: [UInt8], name: String) throws {
        guard let directory = options.writeDirectory else { return }
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + name))
    }

    /// RGB pixels as RGBA with alpha 255, as libwebp decodes an opaque file.
    static func addOpaqueAlpha(_ rgb: [UInt8]) -> [UInt8] {
        var rgba = [UInt8](repeating: 255, count: rgb.count / 3 * 4)
        for pixel in 0..<rgb.count / 3 {
            rgba[pixel * 4] = rgb[pixel * 3]
            rgba[pixel * 4 + 1] = rgb[pixel * 3 + 1]
            rgba[pixel * 4 + 2] = rgb[pixel * 3 + 2]
        }
        return rgba
    }

    /// Mean and maximum absolute difference, in 1/255 units, between decoded samples at `depth` bits and the exact
    /// 16-bit samples.
    static func error(decoded: [UInt16], depth: Int, exact: [UInt16]) -> (mean: Double, maximum: Double) {
        let decodedScale = 255 / Double((1 << depth) - 1)
        let exactScale = 255 / 65535.0
        var total = 0.0
        var maximum = 0.0
        for index in exact.indices {
            let difference = abs(Double(decoded[index]) * decodedScale - Double(exact[index]) * exactScale)
            total += difference
            maximum = max(maximum, difference)
        }
        return (total / Double(max(exact.count, 1)), maximum)
    }
}
