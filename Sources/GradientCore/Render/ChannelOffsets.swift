/// What is added to each pixel's colour channels before quantisation, eight pixels of one row at a time. Row loops
/// are generic over it, so that rows without grain keep their loop without per-pixel work.
protocol ChannelOffsets {
    /// The offsets of the eight pixels from column `x` rightwards, on the 0…1 scale of a channel.
    func offsets(x: Int) -> SIMD8<Float>
}

/// The same offsets for every group of eight pixels: the row's dither lanes (or zeros).
struct RowDither: ChannelOffsets {
    let dither: SIMD8<Float>

    @inline(__always)
    func offsets(x: Int) -> SIMD8<Float> { dither }
}

/// The row's dither lanes plus each pixel's grain (``Grain``) at row `y`.
struct GrainedRowDither: ChannelOffsets {
    let dither: SIMD8<Float>
    let grain: Grain
    let y: Int

    @inline(__always)
    func offsets(x: Int) -> SIMD8<Float> { dither + grain.offsets(x: x, y: y) }
}
