import Foundation

/// What one preset at one shape and dither setting measured: per-preset medians over the timed runs.
struct CaseMeasurement {
    var presetIndex: Int
    var presetName: String
    var shape: String
    var dither: Bool
    var query: String
    var pixelWidth: Int
    var pixelHeight: Int
    /// Render + encode through `GradientPNG.renderPNG`, one thread.
    var totalMilliseconds: Double
    /// The rasterizer alone, rows into one reused buffer.
    var rasterMilliseconds: Double
    /// The PNG encoder alone, on rows already rendered into memory.
    var encodeMilliseconds: Double
    var pngBytes: Int
    /// Where the PNG was written, if it was.
    var file: String?

    /// One JSON object on one line, keys sorted.
    var jsonLine: String {
        var object: [String: Any] = [
            "preset": presetIndex, "name": presetName, "shape": shape, "dither": dither ? "on" : "off",
            "query": query, "width": pixelWidth, "height": pixelHeight,
            "ms": Stopwatch.rounded(totalMilliseconds), "raster_ms": Stopwatch.rounded(rasterMilliseconds),
            "encode_ms": Stopwatch.rounded(encodeMilliseconds), "png_bytes": pngBytes,
        ]
        if let file { object["file"] = file }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
