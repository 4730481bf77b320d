import GradientCore
import GradientImage
import PNGEncoding

/// A gradient rendered to PNG through the whole pipeline and decoded again by libpng's reader.
struct DecodedGradient {
    let png: [UInt8]
    let decoded: DecodedPNG
    let spec: GradientSpec

    init(_ query: String) throws {
        spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
        png = try GradientPNG.renderPNG(spec)
        decoded = try PNGDecoder.decode(png)
    }

    var width: Int { decoded.width }
    var height: Int { decoded.height }

    /// Straight RGBA at (x, y), each 0…255 (16-bit samples divided by 257).
    func pixel(_ x: Int, _ y: Int) -> SIMD4<Double> {
        let base = (y * decoded.width + x) * 4
        switch decoded.pixels {
        case .eightBit(let samples):
            return SIMD4(
                Double(samples[base]), Double(samples[base + 1]), Double(samples[base + 2]), Double(samples[base + 3]))
        case .sixteenBit(let samples):
            return SIMD4(
                Double(samples[base]), Double(samples[base + 1]), Double(samples[base + 2]), Double(samples[base + 3]))
                / 257
        }
    }
}

func maxDifference(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double {
    let d = a - b
    return max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
}
