/// Eight pixels' colour channels, one lane per pixel: premultiplied sRGB, 0…1 (channels may stray slightly outside
/// [0, alpha] by rounding; the encoders clamp them).
struct PixelLanes {
    var red: SIMD8<Float>
    var green: SIMD8<Float>
    var blue: SIMD8<Float>
    var alpha: SIMD8<Float>
}

/// Writes eight premultiplied sRGB pixels as output bytes, as Skia's store stages do: each channel clamped and
/// rounded to nearest (ties to even, the rounding of Skia's x86 SIMD stores), 16-bit values big-endian.
/// Opaque 8-bit pixels get the dither (and grain) offset added to the premultiplied colour and are clamped to [0, alpha], as
/// Skia's dither stage does; RGBA output is un-premultiplied and dithered after un-premultiplying, so a translucent
/// colour keeps its exact hue (a white fade stays pure white).
protocol PixelEncoder {
    static var bytesPerPixel: Int { get }
    /// Stores the first `count` (1…8) lanes; `offset` holds each lane's offset on the 0…1 scale (the dither
    /// offset, already divided by 255, plus the grain offset; zero for neither), added to the colour channels.
    static func store(_ color: PixelLanes, offset: SIMD8<Float>, count: Int, to pointer: UnsafeMutablePointer<UInt8>)
}

/// `round(clamp(value, 0, 1) × scale)`, ties to even, as integer lanes (scale at most 65,535): adding 1.5 × 2²³
/// leaves the rounded integer in the low mantissa bits. The clamp is made after rounding, to 1.5 × 2²³ … 1.5 × 2²³ +
/// scale (the same result, NaN included: a value above 1 rounds to at least `scale`, one below 0 to at most 0), the
/// upper bound first: it compiles to one `minps`, the lower to a mask (clamping before rounding, or the lower bound
/// first, left the compiler selecting among shifted constants after the masking, three instructions more a bound).
@inline(__always)
private func quantized(_ value: SIMD8<Float>, scale: Float) -> SIMD8<UInt32> {
    let shifted = value * scale + 12_582_912
    let lower = SIMD8<Float>(repeating: 12_582_912)
    let upper = SIMD8<Float>(repeating: 12_582_912 + scale)
    let lowered = shifted.replacing(with: upper, where: shifted .> upper)
    let clamped = lowered.replacing(with: lower, where: .!(lowered .> lower))
    return unsafeBitCast(clamped, to: SIMD8<UInt32>.self) & 0xFFFF
}

/// The colour channels divided by alpha (zero where alpha is zero).
@inline(__always)
private func unpremultiplied(_ color: PixelLanes) -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
    let scale = (1 / color.alpha).replacing(with: 0, where: .!(color.alpha .> 0))
    return (color.red * scale, color.green * scale, color.blue * scale)
}

/// 8-bit RGB for opaque images (alpha is 1 in every lane).
enum RGB8Encoder: PixelEncoder {
    static var bytesPerPixel: Int { 3 }

    @inline(__always)
    static func store(_ color: PixelLanes, offset: SIMD8<Float>, count: Int, to pointer: UnsafeMutablePointer<UInt8>) {
        // Opaque: Skia's clamp to [0, alpha] is the store's clamp to [0, 1].
        let packed =
            quantized(color.red + offset, scale: 255) | quantized(color.green + offset, scale: 255) &<< 8
            | quantized(color.blue + offset, scale: 255) &<< 16
        let raw = UnsafeMutableRawPointer(pointer)
        // Four-byte stores that overlap the next pixel, except for the last one, which must not pass the row's end:
        // in a full chunk it is stored with the byte before it.
        if count == 8 {
            for lane in 0..<7 {
                raw.storeBytes(of: packed[lane].littleEndian, toByteOffset: lane * 3, as: UInt32.self)
            }
            let tail = packed[7] &<< 8 | (packed[6] &>> 16) & 0xFF
            raw.storeBytes(of: tail.littleEndian, toByteOffset: 20, as: UInt32.self)
            return
        }
        for lane in 0..<(count - 1) {
            raw.storeBytes(of: packed[lane].littleEndian, toByteOffset: lane * 3, as: UInt32.self)
        }
        let last = packed[count - 1]
        pointer[count * 3 - 3] = UInt8(truncatingIfNeeded: last)
        pointer[count * 3 - 2] = UInt8(truncatingIfNeeded: last >> 8)
        pointer[count * 3 - 1] = UInt8(truncatingIfNeeded: last >> 16)
    }
}

/// 8-bit RGBA, straight alpha; the dither offset is added to the straight colour, alpha is never dithered.
enum RGBA8Encoder: PixelEncoder {
    static var bytesPerPixel: Int { 4 }

    @inline(__always)
    static func store(_ color: PixelLanes, offset: SIMD8<Float>, count: Int, to pointer: UnsafeMutablePointer<UInt8>) {
        let alpha = quantized(color.alpha, scale: 255)
        let (red, green, blue) = unpremultiplied(color)
        let keep = SIMD8<UInt32>(repeating: 0).replacing(with: 0xFF_FFFF, where: alpha .> 0)
        let packed =
            (quantized(red + offset, scale: 255) | quantized(green + offset, scale: 255) &<< 8
                | quantized(blue + offset, scale: 255) &<< 16) & keep | alpha &<< 24
        let raw = UnsafeMutableRawPointer(pointer)
        for lane in 0..<count {
            raw.storeBytes(of: packed[lane].littleEndian, toByteOffset: lane * 4, as: UInt32.self)
        }
    }
}

/// Writes a 16-bit sample big-endian.
@inline(__always)
private func write16(_ sample: UInt32, to pointer: UnsafeMutablePointer<UInt8>) {
    pointer[0] = UInt8(truncatingIfNeeded: sample >> 8)
    pointer[1] = UInt8(truncatingIfNeeded: sample)
}

/// 16-bit RGB for opaque images (never dithered: `offset` is the grain alone).
enum RGB16Encoder: PixelEncoder {
    static var bytesPerPixel: Int { 6 }

    @inline(__always)
    static func store(_ color: PixelLanes, offset: SIMD8<Float>, count: Int, to pointer: UnsafeMutablePointer<UInt8>) {
        let red = quantized(color.red + offset, scale: 65535)
        let green = quantized(color.green + offset, scale: 65535)
        let blue = quantized(color.blue + offset, scale: 65535)
        for lane in 0..<count {
            write16(red[lane], to: pointer + lane * 6)
            write16(green[lane], to: pointer + lane * 6 + 2)
            write16(blue[lane], to: pointer + lane * 6 + 4)
        }
    }
}

/// 16-bit RGBA, straight alpha (never dithered: `offset` is the grain alone, added to the straight colour).
enum RGBA16Encoder: PixelEncoder {
    static var bytesPerPixel: Int { 8 }

    @inline(__always)
    static func store(_ color: PixelLanes, offset: SIMD8<Float>, count: Int, to pointer: UnsafeMutablePointer<UInt8>) {
        let (red, green, blue) = unpremultiplied(color)
        let keep = SIMD8<UInt32>(repeating: 0).replacing(with: 0xFFFF, where: color.alpha .> 0)
        let redSamples = quantized(red + offset, scale: 65535) & keep
        let greenSamples = quantized(green + offset, scale: 65535) & keep
        let blueSamples = quantized(blue + offset, scale: 65535) & keep
        let alpha = quantized(color.alpha, scale: 65535)
        for lane in 0..<count {
            write16(redSamples[lane], to: pointer + lane * 8)
            write16(greenSamples[lane], to: pointer + lane * 8 + 2)
            write16(blueSamples[lane], to: pointer + lane * 8 + 4)
            write16(alpha[lane], to: pointer + lane * 8 + 6)
        }
    }
}
