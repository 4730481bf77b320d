/// Skia's 8×8 ordered gradient dither, as Chromium applies it to 8-bit gradients.
enum Dither {
    /// The pattern entry M (0…63) for device pixel (x, y): with m = y ^ x,
    /// M = (m&1)<<5 | (x&1)<<4 | (m&2)<<2 | (x&2)<<1 | (m&4)>>1 | (x&4)>>2.
    static func patternValue(x: Int, y: Int) -> Int {
        let m = (y ^ x) & 7
        let x = x & 7
        return (m & 1) << 5 | (x & 1) << 4 | (m & 2) << 2 | (x & 2) << 1 | (m & 4) >> 1 | (x & 4) >> 2
    }

    /// The offset added to each 0…1 colour channel at (x, y): (M·2/128 − 63/128) / 255.
    static func offset(x: Int, y: Int) -> Double {
        (Double(patternValue(x: x, y: y)) * 2 / 128 - 63.0 / 128) / 255
    }

    /// The 64 offsets, row-major by (y & 7, x & 7).
    static let table: [Double] = (0..<64).map { offset(x: $0 & 7, y: $0 >> 3) }

    /// The offsets as Skia's dither stage computes them in 32-bit floats, `(1/255) · (M · 2/128 − 63/128)`, one
    /// vector of the eight columns per row `y & 7`, followed by a vector of zeros (no dither).
    static let lanes: [SIMD8<Float>] =
        (0..<8).map { y in
            SIMD8<Float>(
                (0..<8).map { x in
                    Float(1.0 / 255.0) * (Float(patternValue(x: x, y: y)) * Float(2.0 / 128) - Float(63.0 / 128))
                })
        } + [SIMD8<Float>()]
}
