@testable import GradientCore

/// A gradient rendered in memory through the rasterizer, with pixels read back as 0…255 values (16-bit scaled).
struct RenderedImage {
    let spec: GradientSpec
    let width: Int
    let height: Int
    let isOpaque: Bool
    let is16Bit: Bool
    private let bytes: [UInt8]
    private let bytesPerPixel: Int

    init(query: String, limits: SpecLimits = .standard) throws {
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query)), limits: limits)
        var rasterizer = Rasterizer(spec: spec)
        var all = [UInt8](repeating: 0, count: rasterizer.bytesPerRow * spec.pixelHeight)
        let rowBytes = rasterizer.bytesPerRow
        all.withUnsafeMutableBytes { buffer in
            for y in 0..<spec.pixelHeight {
                rasterizer.renderRow(y, into: UnsafeMutableRawBufferPointer(rebasing: buffer[(y * rowBytes)...]))
            }
        }
        self.spec = spec
        width = spec.pixelWidth
        height = spec.pixelHeight
        isOpaque = rasterizer.isOpaque
        is16Bit = spec.depth == .sixteen
        bytesPerPixel = rasterizer.bytesPerPixel
        bytes = all
    }

    /// Straight RGBA at (x, y), each 0…255 (16-bit samples divided by 257).
    func pixel(_ x: Int, _ y: Int) -> SIMD4<Double> {
        let base = (y * width + x) * bytesPerPixel
        let channels = isOpaque ? 3 : 4
        var result = SIMD4<Double>(0, 0, 0, 255)
        for c in 0..<channels {
            if is16Bit {
                let sample = Int(bytes[base + 2 * c]) << 8 | Int(bytes[base + 2 * c + 1])
                result[c] = Double(sample) / 257
            } else {
                result[c] = Double(bytes[base + c])
            }
        }
        return result
    }
}

/// The largest absolute channel difference.
func maxDifference(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double {
    let d = a - b
    return max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
}
