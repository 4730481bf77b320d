/// Writes a layer's pixels for ``LayerCompositor``: premultiplied floats, eight pixels as eight reds, greens,
/// blues and alphas, with the dither offset added and the colour clamped to [0, alpha] as Skia's dither stage does.
enum LayerSampleEncoder: PixelEncoder {
    static var bytesPerPixel: Int { 16 }

    @inline(__always)
    static func store(_ color: PixelLanes, offset: SIMD8<Float>, count: Int, to pointer: UnsafeMutablePointer<UInt8>) {
        let alpha = color.alpha.replacing(with: 0, where: .!(color.alpha .> 0)).replacing(
            with: 1, where: color.alpha .> 1)
        func clamped(_ channel: SIMD8<Float>) -> SIMD8<Float> {
            let dithered = pointwiseMin(channel + offset, alpha)
            return dithered.replacing(with: 0, where: .!(dithered .> 0))
        }
        let lanes = PixelLanes(
            red: clamped(color.red), green: clamped(color.green), blue: clamped(color.blue), alpha: alpha)
        LayerCompositor.store(lanes, UnsafeMutableRawPointer(pointer), 0)
    }
}
