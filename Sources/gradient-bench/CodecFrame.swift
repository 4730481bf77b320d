import GradientCore

/// A whole rendered frame in the layouts the WebP and AVIF encoders take.
struct CodecFrame {
    var width: Int
    var height: Int
    /// 3 (every pixel opaque) or 4 (straight alpha).
    var channels: Int

    /// Renders `spec` (8-bit) into tightly packed 8-bit samples, as the WebP encoder takes them.
    static func render8(_ spec: GradientSpec) -> (frame: CodecFrame, pixels: [UInt8]) {
        precondition(spec.depth == .eight, "an 8-bit spec")
        var rasterizer = Rasterizer(spec: spec)
        let bytesPerRow = rasterizer.bytesPerRow
        var pixels = [UInt8](repeating: 0, count: bytesPerRow * spec.pixelHeight)
        pixels.withUnsafeMutableBytes { buffer in
            for y in 0..<spec.pixelHeight {
                rasterizer.renderRow(y, into: UnsafeMutableRawBufferPointer(rebasing: buffer[(y * bytesPerRow)...]))
            }
        }
        let frame = CodecFrame(width: spec.pixelWidth, height: spec.pixelHeight, channels: rasterizer.bytesPerPixel)
        return (frame, pixels)
    }

    /// Renders `spec` (16-bit) into tightly packed native-endian 16-bit samples, as the AVIF encoder takes them.
    static func render16(_ spec: GradientSpec) -> (frame: CodecFrame, samples: [UInt16]) {
        precondition(spec.depth == .sixteen, "a 16-bit spec")
        var rasterizer = Rasterizer(spec: spec)
        let bytesPerRow = rasterizer.bytesPerRow
        let samplesPerRow = bytesPerRow / 2
        var samples = [UInt16](repeating: 0, count: samplesPerRow * spec.pixelHeight)
        samples.withUnsafeMutableBytes { buffer in
            for y in 0..<spec.pixelHeight {
                let row = UnsafeMutableRawBufferPointer(rebasing: buffer[y * bytesPerRow..<(y + 1) * bytesPerRow])
                rasterizer.renderRow(y, into: row)
                let words = row.assumingMemoryBound(to: UInt16.self)
                for index in words.indices { words[index] = UInt16(bigEndian: words[index]) }
            }
        }
        let frame = CodecFrame(
            width: spec.pixelWidth, height: spec.pixelHeight, channels: rasterizer.bytesPerPixel / 2)
        return (frame, samples)
    }
}
