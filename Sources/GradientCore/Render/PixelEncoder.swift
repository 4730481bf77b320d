/// Writes one premultiplied sRGB colour (0…1) as output pixel bytes: 8-bit values rounded half up after the dither
/// offset, 16-bit values big-endian. RGBA output is un-premultiplied and dithered after un-premultiplying, so a
/// translucent colour keeps its exact hue (a white fade stays pure white); opaque pixels are dithered as Skia does.
protocol PixelEncoder {
    static var bytesPerPixel: Int { get }
    static func store(_ color: SIMD4<Double>, dither: Double, to pointer: UnsafeMutablePointer<UInt8>)
}

/// `round(value × 255)` half up, clamped to 0…255 (NaN gives 0).
@inline(__always)
private func unit8(_ value: Double) -> UInt8 {
    let scaled = value * 255 + 0.5
    guard scaled >= 1 else { return 0 }
    guard scaled < 255 else { return 255 }
    return UInt8(scaled)
}

@inline(__always)
private func store16(_ value: Double, to pointer: UnsafeMutablePointer<UInt8>) {
    let sample = UInt16(truncatingIfNeeded: Int(min(max(value, 0), 1) * 65535 + 0.5))
    pointer[0] = UInt8(truncatingIfNeeded: sample >> 8)
    pointer[1] = UInt8(truncatingIfNeeded: sample)
}

/// Channels with the dither added, clamped to at most alpha as Skia does (the lower clamp to 0 is `unit8`'s).
@inline(__always)
private func dithered(_ color: SIMD4<Double>, _ dither: Double) -> SIMD3<Double> {
    SIMD3(min(color.x + dither, color.w), min(color.y + dither, color.w), min(color.z + dither, color.w))
}

/// 8-bit RGB for opaque images.
enum RGB8Encoder: PixelEncoder {
    static var bytesPerPixel: Int { 3 }

    @inline(__always)
    static func store(_ color: SIMD4<Double>, dither: Double, to pointer: UnsafeMutablePointer<UInt8>) {
        let rgb = dithered(color, dither)
        pointer[0] = unit8(rgb.x)
        pointer[1] = unit8(rgb.y)
        pointer[2] = unit8(rgb.z)
    }
}

/// 8-bit RGBA, straight alpha; the dither offset is added to the straight colour, alpha is never dithered.
enum RGBA8Encoder: PixelEncoder {
    static var bytesPerPixel: Int { 4 }

    @inline(__always)
    static func store(_ color: SIMD4<Double>, dither: Double, to pointer: UnsafeMutablePointer<UInt8>) {
        let alpha = unit8(color.w)
        guard alpha > 0 else {
            pointer.update(repeating: 0, count: 4)
            return
        }
        let rgb = SIMD3(color.x, color.y, color.z) / color.w + dither
        pointer[0] = unit8(rgb.x)
        pointer[1] = unit8(rgb.y)
        pointer[2] = unit8(rgb.z)
        pointer[3] = alpha
    }
}

/// 16-bit RGB for opaque images.
enum RGB16Encoder: PixelEncoder {
    static var bytesPerPixel: Int { 6 }

    @inline(__always)
    static func store(_ color: SIMD4<Double>, dither: Double, to pointer: UnsafeMutablePointer<UInt8>) {
        store16(color.x, to: pointer)
        store16(color.y, to: pointer + 2)
        store16(color.z, to: pointer + 4)
    }
}

/// 16-bit RGBA, straight alpha.
enum RGBA16Encoder: PixelEncoder {
    static var bytesPerPixel: Int { 8 }

    @inline(__always)
    static func store(_ color: SIMD4<Double>, dither: Double, to pointer: UnsafeMutablePointer<UInt8>) {
        guard color.w > 0 else {
            pointer.update(repeating: 0, count: 8)
            return
        }
        store16(color.x / color.w, to: pointer)
        store16(color.y / color.w, to: pointer + 2)
        store16(color.z / color.w, to: pointer + 4)
        store16(color.w, to: pointer + 6)
    }
}
