/// Renders a ``GradientSpec`` one row at a time, sampling pixel centres with CSS semantics.
///
/// Memory is O(width): the ramp, at most eight cached rows for gradients that do not vary down the image, and
/// nothing per frame. Rows are written as RGB (every pixel opaque) or straight-alpha RGBA, 8-bit or 16-bit
/// big-endian, ready for a PNG encoder.
public struct Rasterizer: Sendable {
    /// Changes whenever the pixels rendered for some spec change; part of every stable hash.
    public static let version = "1"

    /// The spec being rendered.
    public let spec: GradientSpec
    /// Whether every pixel is opaque, so that rows are RGB rather than RGBA.
    public let isOpaque: Bool
    /// Bytes per pixel: 3 or 4 at 8 bits, 6 or 8 at 16 bits.
    public let bytesPerPixel: Int
    /// Bytes per row: `bytesPerPixel × pixelWidth`.
    public let bytesPerRow: Int

    private let ramp: ColorRamp
    private let mode: Mode
    private let dither: Bool
    /// Skia's 64 dither offsets followed by 8 zeros (the offsets used when dithering is off).
    private let ditherOffsets: [Double] = Dither.table + Array(repeating: 0, count: 8)
    private var rowCache: [UInt8] = []
    /// Whether linear rows are filled run by run (the default) rather than pixel by pixel; tests compare the two.
    var usesLinearRuns = true
    private var cachedRowKeys: [Int] = []

    private enum Mode {
        /// Every pixel the same colour.
        case solid(SIMD4<Double>)
        /// t = (x − ox)·ux + (y − oy)·uy at pixel centre (x, y).
        case linear(originX: Double, originY: Double, stepX: Double, stepY: Double)
        /// t = √(((x − cx)/rx)² + ((y − cy)/ry)²); with `inverseRadiusY` 0 and the x term in pixels when degenerate.
        case radial(centerX: Double, centerY: Double, inverseRadiusX: Double, inverseRadiusY: Double)
        /// t = the clockwise angle from `from`, in turns.
        case conic(centerX: Double, centerY: Double, fromDegrees: Double)
    }

    /// Whether rows cost next to nothing to produce: one colour, or a gradient that does not vary across or down
    /// the image (rows are filled or copied rather than computed pixel by pixel).
    public var hasCheapRows: Bool {
        switch mode {
        case .solid: return true
        case .linear(_, _, let stepX, let stepY): return stepX == 0 || stepY == 0
        case .radial, .conic: return false
        }
    }

    /// Prepares to render `spec`.
    public init(spec: GradientSpec) {
        self.spec = spec
        ramp = ColorRamp(spec: spec)
        let opaqueStops = spec.stops.allSatisfy { $0.color.alpha >= 1 && !$0.color.missing.contains(.alpha) }
        isOpaque = opaqueStops && spec.spread != .transparent
        dither = spec.dither && spec.depth == .eight
        switch (spec.depth, isOpaque) {
        case (.eight, true): bytesPerPixel = 3
        case (.eight, false): bytesPerPixel = 4
        case (.sixteen, true): bytesPerPixel = 6
        case (.sixteen, false): bytesPerPixel = 8
        }
        bytesPerRow = bytesPerPixel * spec.pixelWidth
        mode = Self.mode(for: spec.geometry, ramp: ramp, spread: spec.spread)
    }

    private static func mode(for geometry: GradientGeometry, ramp: ColorRamp, spread: Spread) -> Mode {
        if let solid = ramp.solidColor { return .solid(solid) }
        let degenerateColor: SIMD4<Double>
        switch spread {
        case .pad: degenerateColor = ramp.toPremultipliedSRGB(ramp.lastColor)
        case .repeating, .reflect: degenerateColor = ramp.averageColor()
        case .transparent: degenerateColor = SIMD4()
        }
        switch geometry {
        case .linear(let start, let end):
            let dx = end.x - start.x
            let dy = end.y - start.y
            let lengthSquared = dx * dx + dy * dy
            guard lengthSquared > 0 else { return .solid(degenerateColor) }
            return .linear(originX: start.x, originY: start.y, stepX: dx / lengthSquared, stepY: dy / lengthSquared)
        case .radial(let center, let radiusX, let radiusY):
            if radiusX > 0 && radiusY > 0 {
                return .radial(
                    centerX: center.x, centerY: center.y, inverseRadiusX: 1 / radiusX, inverseRadiusY: 1 / radiusY)
            }
            if radiusY > 0 || radiusX == 0 && radiusY == 0 {
                // A zero-radius circle: distance in pixels; zero width: |dx| in pixels (CSS Images 4 §3.2.3).
                let inverseY = radiusX == 0 && radiusY == 0 ? 1.0 : 0.0
                return .radial(centerX: center.x, centerY: center.y, inverseRadiusX: 1, inverseRadiusY: inverseY)
            }
            return .solid(degenerateColor)
        case .conic(let center, let from):
            return .conic(centerX: center.x, centerY: center.y, fromDegrees: from)
        }
    }

    /// Renders row `y` (0 at the top) into `row`, which must hold at least ``bytesPerRow`` bytes.
    public mutating func renderRow(_ y: Int, into row: UnsafeMutableRawBufferPointer) {
        precondition(row.count >= bytesPerRow && y >= 0 && y < spec.pixelHeight, "row out of range")
        let bytes = row.baseAddress!.assumingMemoryBound(to: UInt8.self)
        switch (spec.depth, isOpaque) {
        case (.eight, true): render(y, bytes, RGB8Encoder.self)
        case (.eight, false): render(y, bytes, RGBA8Encoder.self)
        case (.sixteen, true): render(y, bytes, RGB16Encoder.self)
        case (.sixteen, false): render(y, bytes, RGBA16Encoder.self)
        }
    }

    private mutating func render<E: PixelEncoder>(_ y: Int, _ row: UnsafeMutablePointer<UInt8>, _: E.Type) {
        let offset = dither ? (y & 7) * 8 : 64
        ditherOffsets.withUnsafeBufferPointer { render(y, row, dithers: $0.baseAddress! + offset, E.self) }
    }

    private mutating func render<E: PixelEncoder>(
        _ y: Int, _ row: UnsafeMutablePointer<UInt8>, dithers: UnsafePointer<Double>, _: E.Type
    ) {
        let width = spec.pixelWidth
        let centerY = Double(y) + 0.5
        switch mode {
        case .solid(let color):
            fillRepeating(row, width: width, dithers: dithers, color: color, E.self)
        case .linear(let originX, let originY, let stepX, let stepY):
            let rowT = (0.5 - originX) * stepX + (centerY - originY) * stepY
            if stepX == 0 {
                fillRepeating(row, width: width, dithers: dithers, color: ramp.color(at: rowT), E.self)
                return
            }
            if stepY == 0, copyCachedRow(y, into: row) { return }
            ramp.withLookup { lookup in
                if usesLinearRuns && (lookup.spread == .pad || lookup.spread == .transparent) {
                    lookup.renderLinearRuns(row, width: width, rowT: rowT, stepX: stepX, dithers: dithers, E.self)
                    return
                }
                var hint = 0
                for x in 0..<width {
                    let color = lookup.color(at: rowT + Double(x) * stepX, segmentHint: &hint)
                    E.store(color, dither: dithers[x & 7], to: row + x * E.bytesPerPixel)
                }
            }
            if stepY == 0 { cacheRow(y, from: row) }
        case .radial(let centerX, let centerY0, let inverseRadiusX, let inverseRadiusY):
            let dy = (centerY - centerY0) * inverseRadiusY
            let dySquared = dy * dy
            ramp.withLookup { lookup in
                var hint = 0
                for x in 0..<width {
                    let dx = (Double(x) + 0.5 - centerX) * inverseRadiusX
                    let color = lookup.color(at: (dx * dx + dySquared).squareRoot(), segmentHint: &hint)
                    E.store(color, dither: dithers[x & 7], to: row + x * E.bytesPerPixel)
                }
            }
        case .conic(let centerX, let centerY0, let from):
            let dy = centerY - centerY0
            let fromTurns = from / 360
            ramp.withLookup { lookup in
                var hint = 0
                for x in 0..<width {
                    let dx = Double(x) + 0.5 - centerX
                    var turns = ElementaryMath.atan2(dx, -dy) * (0.5 / Double.pi) - fromTurns
                    turns -= turns.rounded(.down)
                    let color = lookup.color(at: turns, segmentHint: &hint)
                    E.store(color, dither: dithers[x & 7], to: row + x * E.bytesPerPixel)
                }
            }
        }
    }

    /// Fills a row of one colour: eight dithered pixels (or one) written, then doubled across the row.
    private func fillRepeating<E: PixelEncoder>(
        _ row: UnsafeMutablePointer<UInt8>, width: Int, dithers: UnsafePointer<Double>, color: SIMD4<Double>, _: E.Type
    ) {
        let period = dither ? min(8, width) : 1
        for x in 0..<period {
            E.store(color, dither: dithers[x], to: row + x * E.bytesPerPixel)
        }
        var filled = period * E.bytesPerPixel
        let total = width * E.bytesPerPixel
        while filled < total {
            let count = min(filled, total - filled)
            (row + filled).update(from: row, count: count)
            filled += count
        }
    }

    /// Copies a cached row for a gradient that does not vary down the image; rows repeat every 8 when dithered.
    private func copyCachedRow(_ y: Int, into row: UnsafeMutablePointer<UInt8>) -> Bool {
        let key = dither ? y & 7 : 0
        guard let slot = cachedRowKeys.firstIndex(of: key) else { return false }
        rowCache.withUnsafeBufferPointer { cache in
            row.update(from: cache.baseAddress! + slot * bytesPerRow, count: bytesPerRow)
        }
        return true
    }

    private mutating func cacheRow(_ y: Int, from row: UnsafeMutablePointer<UInt8>) {
        cachedRowKeys.append(dither ? y & 7 : 0)
        rowCache.append(contentsOf: UnsafeBufferPointer(start: row, count: bytesPerRow))
    }
}
