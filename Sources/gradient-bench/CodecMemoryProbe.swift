import AVIFEncoding
import Foundation
import GradientCore
import WebPEncoding

/// Measures one whole-frame encode of a query with the standard settings: the peak resident memory it adds (the
/// frame rendered inside the measured window, plus everything the encoder holds), and its time. Run one query per
/// process: freed memory a process keeps would hide the next measurement's growth.
///
/// Linux only: the peak (VmHWM) is reset through /proc/self/clear_refs before the frame is rendered.
struct CodecMemoryProbe {
    var codec: String
    var query: String

    func run() throws {
        try Self.resetPeak()
        let before = try Self.status("VmRSS")
        let clock = ContinuousClock()
        var bytes = 0
        var encodeMilliseconds = 0.0
        var width = 0
        var height = 0
        var channels = 0
        var estimate = 0
        switch codec {
        case "webp":
            let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
            let (frame, pixels) = CodecFrame.render8(spec)
            (width, height, channels) = (frame.width, frame.height, frame.channels)
            let start = clock.now
            bytes = try pixels.withUnsafeBytes {
                try WebPEncoder.encode(
                    pixels: $0, width: width, height: height, channels: channels, settings: .standard
                ).count
            }
            encodeMilliseconds = Self.milliseconds(clock.now - start)
            estimate = WebPEncoder.peakMemoryBytes(
                width: width, height: height, channels: channels, settings: .standard)
        default:
            let spec = try GradientSpec(
                queryItems: try QueryString.decode(Substring(query + "&depth=16&dither=off")))
            let (frame, samples) = CodecFrame.render16(spec)
            (width, height, channels) = (frame.width, frame.height, frame.channels)
            let settings = AVIFSettings.standard(bitDepth: 10)
            let start = clock.now
            bytes = try samples.withUnsafeBufferPointer {
                try AVIFEncoder.encode(
                    samples: $0, width: width, height: height, channels: channels, settings: settings
                )
                .count
            }
            encodeMilliseconds = Self.milliseconds(clock.now - start)
            estimate = AVIFEncoder.peakMemoryBytes(width: width, height: height, channels: channels, settings: settings)
        }
        let peak = try Self.status("VmHWM")
        let growth = peak - before
        print(
            "\(codec) \(width)x\(height)x\(channels): \(bytes) bytes, encode \(String(format: "%.1f", encodeMilliseconds)) "
                + "ms, peak RSS growth \(growth / 1024) KiB (\(String(format: "%.2f", Double(growth) / Double(width * height))) "
                + "B/pixel), peakMemoryBytes \(estimate / 1024) KiB"
                + (estimate >= growth ? "" : "  ** estimate below measurement **"))
        if estimate < growth { throw CodecMemoryProbeError.estimateTooLow(measured: growth, estimate: estimate) }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    /// Resets the process's peak resident set size to its current size.
    private static func resetPeak() throws {
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// A `kB` field of /proc/self/status, in bytes.
    private static func status(_ field: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            if let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
                return kilobytes * 1024
            }
        }
        throw CodecMemoryProbeError.missingStatusField(field)
    }
}
