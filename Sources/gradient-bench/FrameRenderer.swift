import GradientCore
import GradientImage
import PNGEncoding

/// The two halves of a render, timed apart: the rasterizer alone and the PNG encoder alone on rows already in
/// memory. The whole path (``GradientPNG/renderPNG(_:pipelined:)``) interleaves them row by row.
enum FrameRenderer {
    /// Renders every row of `spec` into one reused row buffer and returns 0 (no PNG is produced).
    static func rasterizeDiscarding(_ spec: GradientSpec) -> Int {
        var rasterizer = Rasterizer(spec: spec)
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rasterizer.bytesPerRow, alignment: 16)
        defer { row.deallocate() }
        for y in 0..<spec.pixelHeight { rasterizer.renderRow(y, into: row) }
        return 0
    }

    /// Renders every row of `spec` into one frame, rows top to bottom, `format.bytesPerRow` bytes each.
    static func renderFrame(_ spec: GradientSpec, format: PNGImageFormat) -> [UInt8] {
        var rasterizer = Rasterizer(spec: spec)
        let bytesPerRow = format.bytesPerRow
        var frame = [UInt8](repeating: 0, count: bytesPerRow * format.height)
        frame.withUnsafeMutableBytes { pixels in
            for y in 0..<format.height {
                rasterizer.renderRow(
                    y, into: UnsafeMutableRawBufferPointer(rebasing: pixels[y * bytesPerRow..<(y + 1) * bytesPerRow]))
            }
        }
        return frame
    }

    /// Encodes `frame` (as produced by ``renderFrame(_:format:)``) to a PNG held in memory, row by row as the whole
    /// path does: when `spec` may be indexed (``GradientPNG/considersIndexedColor(_:)``), the census of its colours
    /// that ``GradientPNG/palette(of:shouldContinue:)`` takes (rows a stride apart, then every row), then the rows,
    /// indexed when the census found at most 256 colours.
    /// `referencePixelLimit` replaces the encoder's ``PNGEncoderOptions/referencePixelLimit`` when given.
    static func encode(
        _ frame: [UInt8], format: PNGImageFormat, spec: GradientSpec, referencePixelLimit: Int? = nil
    ) throws -> [UInt8] {
        var output: [UInt8] = []
        let bytesPerRow = format.bytesPerRow
        let palette = try frame.withUnsafeBytes { pixels throws(RenderError) in
            try GradientPNG.palette(of: spec) { y in
                UnsafeRawBufferPointer(rebasing: pixels[y * bytesPerRow..<(y + 1) * bytesPerRow])
            }
        }
        var options = GradientPNG.encoderOptions(of: spec)
        if let referencePixelLimit {
            options.referencePixelLimit = referencePixelLimit
        }
        let encoder = try PNGEncoder(format: format, palette: palette, options: options) {
            output.append(contentsOf: $0)
        }
        try frame.withUnsafeBytes { pixels in
            for y in 0..<format.height {
                try encoder.writeRow(UnsafeRawBufferPointer(rebasing: pixels[y * bytesPerRow..<(y + 1) * bytesPerRow]))
            }
        }
        try encoder.finish()
        return output
    }
}
