/// Deterministic monochrome film grain: a noise value per device pixel from a counter-based hash of
/// (seed, x, y), so that every pixel's noise is the same whichever thread, row band or host renders it.
///
/// The noise at device pixel (x, y) is, in 32-bit unsigned arithmetic (wrapping multiplication):
///
///     mix(v)  = v ^= v >> 16; v ×= 0x7feb352d; v ^= v >> 15; v ×= 0x846ca68b; v ^= v >> 16
///     h       = mix(mix(mix(seed ^ 0x9e3779b9) ^ x) ^ y)
///     n       = ((h & 0xffff) − (h >> 16)) / 65535            (a triangular distribution on [−1, 1], mean 0)
///     offset  = n × grain × 16 / 255                           (on the 0…1 scale of a channel)
///
/// `offset` is added to the red, green and blue channels alike (straight colour for translucent pixels, as the
/// dither offset), before the dither offset and quantisation; alpha is untouched. In 32-bit floats:
/// `Float(n_numerator) × (1 / 65535) × Float(grain × 16 / 255)`.
public struct Grain: Sendable, Hashable {
    /// The largest offset, `grain × 16 / 255`, on the 0…1 scale of a channel.
    public let amplitude: Float
    /// The seed of the hash.
    public let seed: UInt32

    /// Grain of strength `amount` (0…1) from `seed`.
    public init(amount: Double, seed: UInt32) {
        amplitude = Float(amount * 16 / 255)
        self.seed = seed
    }

    /// `mix` above (Chris Wellons' `lowbias32` integer hash).
    @inline(__always)
    static func mix(_ value: UInt32) -> UInt32 {
        var v = value
        v ^= v >> 16
        v &*= 0x7feb_352d
        v ^= v >> 15
        v &*= 0x846c_a68b
        v ^= v >> 16
        return v
    }

    /// The noise numerator at device pixel (x, y): an integer from −65535 to 65535 (`n × 65535`).
    @inline(__always)
    public func numerator(x: Int, y: Int) -> Int32 {
        let hash = Self.mix(
            Self.mix(Self.mix(seed ^ 0x9e37_79b9) ^ UInt32(truncatingIfNeeded: x)) ^ UInt32(truncatingIfNeeded: y))
        return Int32(hash & 0xffff) - Int32(hash >> 16)
    }

    /// The offsets of the eight pixels from (x, y) rightwards, on the 0…1 scale.
    @inline(__always)
    func offsets(x: Int, y: Int) -> SIMD8<Float> {
        let rowHash = Self.mix(seed ^ 0x9e37_79b9)
        var numerators = SIMD8<Float>()
        let row = UInt32(truncatingIfNeeded: y)
        for lane in 0..<8 {
            let hash = Self.mix(Self.mix(rowHash ^ UInt32(truncatingIfNeeded: x + lane)) ^ row)
            numerators[lane] = Float(Int32(hash & 0xffff) - Int32(hash >> 16))
        }
        return numerators * (1 / 65535) * amplitude
    }
}
