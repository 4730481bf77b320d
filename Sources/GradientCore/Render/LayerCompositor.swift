/// Composites the layers of a layered spec row by row, bottom layer first, as Chromium paints CSS background
/// layers with `background-blend-mode` into an isolated group.
///
/// At 8 bits the group is Skia's 8-bit premultiplied N32 surface: each layer's gradient is computed as a single
/// gradient's (Skia's dither added to the premultiplied colour, clamped to [0, alpha]), blended in 32-bit floats
/// onto the surface's bytes (read as byte × 1/255; for an undithered `normal` layer, Skia's `srcover_rgba_8888` in
/// 0…255 units, which its blitter takes only without dither), and the result stored rounded to a byte. At 16 bits
/// the layers are undithered and blended in floats, with no 8-bit surface between them. The composite goes to the output encoder with the grain offsets alone (the dither
/// went into each layer).
///
/// Memory: two rows of four floats per pixel (the layer being drawn, the composite so far) and each layer's ramp;
/// no allocation per row once the rows exist.
struct LayerCompositor: Sendable {
    /// The layers' rasterizers and modes, bottom first.
    private let layers: [(rasterizer: Rasterizer, blendMode: BlendMode)]
    /// Whether the composite is an 8-bit surface between layers.
    private let isEightBit: Bool
    private let width: Int
    /// The layer being drawn, eight pixels at a time: eight reds, eight greens, eight blues, eight alphas.
    private var source: [Float]
    /// The composite so far, in the same layout: premultiplied, in bytes (0…255) at 8 bits, else 0…1.
    private var composite: [Float]

    /// Prepares to composite `spec`'s layers, each opaque or not by `opacityRule`.
    init(spec: GradientSpec, opacityRule: Rasterizer.OpacityRule) {
        layers = spec.layers.reversed().map { (Rasterizer(spec: $0.spec, opacityRule: opacityRule), $0.blendMode) }
        isEightBit = spec.depth == .eight
        width = spec.pixelWidth
        let paddedWidth = (spec.pixelWidth + 7) / 8 * 8
        source = Array(repeating: 0, count: paddedWidth * 4)
        composite = Array(repeating: 0, count: paddedWidth * 4)
    }

    /// Whether every pixel of the composite is opaque: some layer is (every mode composites alpha as source-over).
    var isOpaque: Bool { layers.contains { $0.rasterizer.isOpaque } }

    /// Composites row `y` and writes it with `E`, `offsets` (the grain) added to each pixel's channels.
    mutating func renderRow<E: PixelEncoder, O: ChannelOffsets>(
        _ y: Int, _ row: UnsafeMutablePointer<UInt8>, offsets: O, _: E.Type
    ) {
        let width = width
        let isEightBit = isEightBit
        let layers = layers
        source.withUnsafeMutableBufferPointer { source in
            composite.withUnsafeMutableBufferPointer { composite in
                let sourceBytes = UnsafeMutableRawPointer(source.baseAddress!)
                let compositeBytes = UnsafeMutableRawPointer(composite.baseAddress!)
                composite.update(repeating: 0)
                for (rasterizer, blendMode) in layers {
                    rasterizer.renderLayerRow(y, into: sourceBytes)
                    let isDithered = rasterizer.takesDither
                    var x = 0
                    while x < width {
                        let layer = Self.load(sourceBytes, x)
                        let below = Self.load(compositeBytes, x)
                        let blended: PixelLanes
                        if isEightBit {
                            blended = Self.storedInBytes(layer, onto: below, blendMode, isDithered: isDithered)
                        } else {
                            blended = blendMode.blended(layer, onto: below)
                        }
                        Self.store(blended, compositeBytes, x)
                        x += 8
                    }
                }
                let scale: Float = isEightBit ? 1 / 255 : 1
                var x = 0
                while x < width {
                    let lanes = Self.load(compositeBytes, x)
                    let color = PixelLanes(
                        red: lanes.red * scale, green: lanes.green * scale, blue: lanes.blue * scale,
                        alpha: lanes.alpha * scale)
                    E.store(
                        color, offset: offsets.offsets(x: x), count: min(8, width - x), to: row + x * E.bytesPerPixel)
                    x += 8
                }
            }
        }
    }

    /// `layer` (0…1) blended onto an 8-bit surface's pixels `below` (bytes, 0…255) and stored as bytes again,
    /// as Skia's blitter does: `srcover_rgba_8888` for an undithered `normal` layer, else `load_8888_dst`, the
    /// blend stage and `store_8888` (clamped to 0…1, × 255, rounded to nearest even).
    @inline(__always)
    static func storedInBytes(
        _ layer: PixelLanes, onto below: PixelLanes, _ blendMode: BlendMode, isDithered: Bool
    ) -> PixelLanes {
        if blendMode == .normal && !isDithered {
            let keep = 1 - layer.alpha
            func byte(_ d: Lanes, _ s: Lanes) -> Lanes { rounded(d.multiplied(by: keep, adding: s * 255), limit: 255) }
            return PixelLanes(
                red: byte(below.red, layer.red), green: byte(below.green, layer.green),
                blue: byte(below.blue, layer.blue), alpha: byte(below.alpha, layer.alpha))
        }
        let unit: Float = 1 / 255
        let backdrop = PixelLanes(
            red: below.red * unit, green: below.green * unit, blue: below.blue * unit, alpha: below.alpha * unit)
        let blended = blendMode.blended(layer, onto: backdrop)
        func byte(_ value: Lanes) -> Lanes { rounded(value * 255, limit: 255) }
        return PixelLanes(
            red: byte(blended.red), green: byte(blended.green), blue: byte(blended.blue), alpha: byte(blended.alpha))
    }

    /// `value` clamped to 0…`limit` and rounded to the nearest integer, ties to even (Skia's `to_unorm`).
    @inline(__always)
    private static func rounded(_ value: Lanes, limit: Float) -> Lanes {
        let clamped = value.replacing(with: 0, where: .!(value .> 0)).replacing(with: limit, where: value .> limit)
        return (clamped + 12_582_912) - 12_582_912
    }

    @inline(__always)
    private static func load(_ base: UnsafeMutableRawPointer, _ x: Int) -> PixelLanes {
        let offset = x * 16
        return PixelLanes(
            red: base.loadUnaligned(fromByteOffset: offset, as: Lanes.self),
            green: base.loadUnaligned(fromByteOffset: offset + 32, as: Lanes.self),
            blue: base.loadUnaligned(fromByteOffset: offset + 64, as: Lanes.self),
            alpha: base.loadUnaligned(fromByteOffset: offset + 96, as: Lanes.self))
    }

    @inline(__always)
    static func store(_ color: PixelLanes, _ base: UnsafeMutableRawPointer, _ x: Int) {
        let offset = x * 16
        base.storeBytes(of: color.red, toByteOffset: offset, as: Lanes.self)
        base.storeBytes(of: color.green, toByteOffset: offset + 32, as: Lanes.self)
        base.storeBytes(of: color.blue, toByteOffset: offset + 64, as: Lanes.self)
        base.storeBytes(of: color.alpha, toByteOffset: offset + 96, as: Lanes.self)
    }
}
