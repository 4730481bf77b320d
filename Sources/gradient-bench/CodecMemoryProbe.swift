import Foundation
import GradientCore
import GradientImage

/// Measures one whole-frame render of a query in `codec`'s format with the product's own path and standard settings
/// (``ImageRenderer``): the peak resident memory it adds (everything the render and the encoder hold), checked
/// against ``ImageIdentity/frameMemoryBytes``, and its time (render and encode). Run one query per
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
        let request = try ImageRequest(queryItems: try QueryString.decode(Substring(query + "&format=" + codec)))
        let identity = ImageIdentity(request: request, format: request.candidateFormats[0])
        let (width, height, channels) = (identity.spec.pixelWidth, identity.spec.pixelHeight, identity.channels)
        let start = clock.now
        let bytes = try ImageRenderer.renderImage(identity).count
        let encodeMilliseconds = Self.milliseconds(clock.now - start)
        let estimate = identity.frameMemoryBytes
        let peak = try Self.status("VmHWM")
        let growth = peak - before
        print(
            "\(codec) \(width)x\(height)x\(channels): \(bytes) bytes, render and encode \(String(format: "%.1f", encodeMilliseconds)) "
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
