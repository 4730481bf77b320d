/// Renders a ``GradientSpec`` one row at a time, sampling pixel centres with CSS semantics.
///
/// Memory is O(width): the ramp, at most eight cached rows for gradients that do not vary down the image, and
/// nothing per frame. Rows are written as RGB (every pixel opaque) or straight-alpha RGBA, 8-bit or 16-bit
/// big-endian, ready for a PNG encoder.
public struct Rasterizer: Sendable {
    /// Changes whenever the pixels rendered for some spec change; part of every stable hash.
    public static let version = "17"

    /// The spec being rendered.
    public let spec: GradientSpec
    /// Whether every pixel is opaque, so that rows are RGB rather than RGBA: every stop is opaque, or every stop that
    /// is not lies where no pixel centre's `t` reaches (``OpacityRule/visibleStops``).
    public let isOpaque: Bool
    /// Bytes per pixel: 3 or 4 at 8 bits, 6 or 8 at 16 bits.
    public let bytesPerPixel: Int
    /// Bytes per row: `bytesPerPixel × pixelWidth`.
    public let bytesPerRow: Int

    private let shader: Shader
    private let stages: FloatRamp
    private let dither: Bool
    /// The spec's grain, or nil without grain (rows then take the fast paths: one colour filled, rows cached).
    private let grain: Grain?
    private var rowCache: [UInt8] = []
    private var cachedRowKeys: [Int] = []
    /// The layers of a layered spec, which then render every row; nil for a single gradient.
    private var compositor: LayerCompositor?

    /// What a row is computed from: Skia's mapping of the device pixel centre (x + 0.5, y + 0.5) to the gradient's
    /// `t`, in 32-bit floats, with `t` normalised as Blink normalises the stops.
    enum Shader {
        /// Every pixel the same colour; `isDithered` false for Skia's degenerate gradient, a colour shader, from
        /// which Skia strips the dither as from every constant shader.
        case solid(PixelLanes, isDithered: Bool)
        /// t = x·m0 + (y·m2 + m4) (Skia's `matrix_2x3` on the pixel centre).
        case linear(m0: Float, m2: Float, m4: Float)
        /// t = √(x′² + y′²)·tScale + tBias with x′ = x·scaleX + offsetX, y′ = y·scaleY + offsetY (`xy_to_radius`).
        case radial(scaleX: Float, offsetX: Float, scaleY: Float, offsetY: Float, tScale: Float, tBias: Float)
        /// t = unitAngle(x′, y′)·tScale + tBias with (x′, y′) the 2×3 matrix (m0…m5, Skia's order) applied to the
        /// pixel centre (`xy_to_unit_angle`).
        case conic(matrix: (Float, Float, Float, Float, Float, Float), tScale: Float, tBias: Float)
        /// A mesh gradient: each pixel centre inverted through the patches (``MeshShader``), in doubles.
        case mesh(MeshShader)
    }

    /// Whether rows cost next to nothing to produce: one colour, or a gradient that does not vary across or down
    /// the image (rows are filled or copied rather than computed pixel by pixel); never with grain.
    public var hasCheapRows: Bool {
        guard grain == nil, compositor == nil else { return false }
        switch shader {
        case .solid: return true
        case .linear(let m0, let m2, _): return m0 == 0 || m2 == 0
        case .radial, .conic, .mesh: return false
        }
    }

    /// Prepares to render `spec`.
    public init(spec: GradientSpec) {
        self.init(spec: spec, opacityRule: .visibleStops)
    }

    /// Prepares to render `spec`, its rows RGB or RGBA as `opacityRule` decides (``OpacityRule``).
    init(spec: GradientSpec, opacityRule: OpacityRule) {
        self.spec = spec
        let ramp = ColorRamp(spec: spec)
        let everyStopIsOpaque =
            spec.spread != .transparent
            && spec.stops.allSatisfy { $0.color.alpha >= 1 && !$0.color.missing.contains(.alpha) }
        compositor = spec.isLayered ? LayerCompositor(spec: spec, opacityRule: opacityRule) : nil
        let isRadial: Bool
        if case .radial = spec.geometry { isRadial = true } else { isRadial = false }
        let stages = FloatRamp(ramp: ramp, isRadial: isRadial)
        let shader: Shader
        if case .mesh(let mesh) = spec.geometry {
            shader = .mesh(MeshShader(mesh: mesh, spec: spec, isOpaque: everyStopIsOpaque))
        } else {
            shader = Self.shader(for: spec.geometry, ramp: ramp, normalisation: stages.normalisation)
        }
        self.stages = stages
        self.shader = shader
        if let compositor {
            isOpaque = compositor.isOpaque
        } else {
            // A mesh shows no range of `t`: it is opaque by its stops alone.
            isOpaque =
                everyStopIsOpaque
                || opacityRule == .visibleStops
                    && shader.showsOnlyOpaqueColors(of: stages, width: spec.pixelWidth, height: spec.pixelHeight)
        }
        dither = spec.dither && spec.depth == .eight
        grain = spec.grain > 0 ? Grain(amount: spec.grain, seed: spec.seed) : nil
        switch (spec.depth, isOpaque) {
        case (.eight, true): bytesPerPixel = 3
        case (.eight, false): bytesPerPixel = 4
        case (.sixteen, true): bytesPerPixel = 6
        case (.sixteen, false): bytesPerPixel = 8
        }
        bytesPerRow = bytesPerPixel * spec.pixelWidth
    }

    private static func solid(_ color: SIMD4<Double>, isDithered: Bool = true) -> Shader {
        let color = SIMD4<Float>(color)
        return .solid(
            PixelLanes(
                red: SIMD8(repeating: color.x), green: SIMD8(repeating: color.y), blue: SIMD8(repeating: color.z),
                alpha: SIMD8(repeating: color.w)),
            isDithered: isDithered)
    }

    /// Whether Skia dithers this gradient's pixels: dither on and a shader that is not constant.
    var takesDither: Bool { dither && shaderIsDithered }

    /// Whether the shader's pixels take the dither.
    private var shaderIsDithered: Bool {
        if case .solid(_, let isDithered) = shader { return isDithered }
        return true
    }

    private static func shader(
        for geometry: GradientGeometry, ramp: ColorRamp, normalisation: (offset: Double, scale: Double)?
    ) -> Shader {
        if let solidColor = ramp.solidColor { return solid(solidColor) }
        let degenerateColor: SIMD4<Double>
        switch ramp.spread {
        case .pad: degenerateColor = ramp.toPremultipliedOutput(ramp.lastColor)
        case .repeating, .reflect: degenerateColor = ramp.degenerateAverage
        case .transparent: degenerateColor = SIMD4()
        }
        let offset = normalisation?.offset ?? 0
        let scale = normalisation?.scale ?? 1
        switch geometry {
        case .linear(let start, let end, _):
            var first = SIMD2<Float>(Float(start.x), Float(start.y))
            var second = SIMD2<Float>(Float(end.x), Float(end.y))
            if normalisation != nil {
                // Blink moves the points to the first and last stops (`AdjustGradientPointsForOffsetRange`).
                let delta = second - first
                second = first + delta * Float(offset + 1 / scale)
                first = first + delta * Float(offset)
            }
            guard let matrix = LinearUnitMatrix(first, second) else { return solid(degenerateColor, isDithered: false) }
            return .linear(m0: matrix.scaleX, m2: matrix.skewX, m4: matrix.translateX)
        case .radial(let center, let radiusX, let radiusY):
            // An ending shape of zero width or height (a zero-radius circle too) is drawn as Chromium draws it:
            // Blink hands Skia r0 = r1 = 0, which Skia paints as its degenerate gradient (the last colour, or the
            // average when repeating), not CSS Images 4's vanishingly thin ellipse (crbug.com/635727).
            guard radiusX > 0 && radiusY > 0 else { return solid(degenerateColor, isDithered: false) }
            var inverseX = 1 / radiusX
            var inverseY = 1 / radiusY
            // Blink moves the radii to the normalised stops (r0 = r·first, r1 = r·last) and Skia maps by 1/r1.
            let last = offset + 1 / scale
            let coordinateScale = normalisation != nil && last > 0 ? 1 / last : 1
            inverseX *= coordinateScale
            inverseY *= coordinateScale
            return .radial(
                scaleX: Float(inverseX), offsetX: Float(-center.x * inverseX), scaleY: Float(inverseY),
                offsetY: Float(-center.y * inverseY), tScale: Float(scale / coordinateScale),
                tBias: Float(-offset * scale))
        case .conic(let center, let from):
            let (sine, cosine) = ElementaryMath.sinCosDegrees(from - 90)
            let matrix = (
                Float(cosine), Float(-sine), Float(sine), Float(cosine), Float(-(center.x * cosine + center.y * sine)),
                Float(center.x * sine - center.y * cosine)
            )
            return .conic(matrix: matrix, tScale: Float(scale), tBias: Float(-offset * scale))
        case .mesh(let mesh):
            preconditionFailure("a \(mesh.columns)x\(mesh.rows) mesh has its own shader")
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

    /// Renders row `y`: without grain, one colour is filled (8 pixels written, then copied) and rows of a gradient
    /// that does not vary down the image are cached; with grain every pixel is computed with its own noise.
    private mutating func render<E: PixelEncoder>(_ y: Int, _ row: UnsafeMutablePointer<UInt8>, _: E.Type) {
        if compositor != nil {
            if let grain {
                compositor?.renderRow(
                    y, row, offsets: GrainedRowDither(dither: Dither.lanes[8], grain: grain, y: y), E.self)
            } else {
                compositor?.renderRow(y, row, offsets: RowDither(dither: Dither.lanes[8]), E.self)
            }
            return
        }
        let dither = Dither.lanes[self.dither && shaderIsDithered ? y & 7 : 8]
        if let grain {
            render(y, row, GrainedRowDither(dither: dither, grain: grain, y: y), E.self)
            return
        }
        let width = spec.pixelWidth
        if case .solid(let color, _) = shader {
            fillRepeating(row, width: width, dither: dither, color: color, E.self)
            return
        }
        if case .linear(let m0, let m2, let m4) = shader {
            if m0 == 0 {
                let rowT = (Float(y) + 0.5).multiplied(by: m2, adding: m4)
                fillRepeating(
                    row, width: width, dither: dither, color: stages.color(at: SIMD8(repeating: rowT)), E.self)
                return
            }
            if m2 == 0, copyCachedRow(y, into: row) { return }
            render(y, row, RowDither(dither: dither), E.self)
            if m2 == 0 { cacheRow(y, from: row) }
            return
        }
        render(y, row, RowDither(dither: dither), E.self)
    }

    /// Computes row `y` of a single gradient as a layer of ``LayerCompositor``: premultiplied floats with the dither
    /// offset (``LayerSampleEncoder``) at `samples`, which must hold the row's width rounded up to 8 × 16 bytes.
    func renderLayerRow(_ y: Int, into samples: UnsafeMutableRawPointer) {
        let offsets = RowDither(dither: Dither.lanes[takesDither ? y & 7 : 8])
        render(y, samples.assumingMemoryBound(to: UInt8.self), offsets, LayerSampleEncoder.self)
    }

    /// Computes row `y` pixel by pixel with `offsets` added to every pixel's channels (no filling, no cached rows:
    /// with grain every pixel differs).
    private func render<E: PixelEncoder, O: ChannelOffsets>(
        _ y: Int, _ row: UnsafeMutablePointer<UInt8>, _ offsets: O, _: E.Type
    ) {
        let width = spec.pixelWidth
        // Skia's seed_shader: the device pixel centre, in 32-bit floats.
        let centerY = Float(y) + 0.5
        switch shader {
        case .solid(let color, _):
            fill(row, width: width, offsets: offsets, color: color, E.self)
        case .linear(let m0, let m2, let m4):
            let rowT = centerY.multiplied(by: m2, adding: m4)
            if m0 == 0 {
                fill(row, width: width, offsets: offsets, color: stages.color(at: SIMD8(repeating: rowT)), E.self)
                return
            }
            stages.renderRow(row, width: width, offsets: offsets, LinearRowParameter(m0: m0, rowT: rowT), E.self)
        case .radial(let scaleX, let offsetX, let scaleY, let offsetY, let tScale, let tBias):
            let mappedY = centerY.multiplied(by: scaleY, adding: offsetY)
            let parameter = RadialRowParameter(
                scaleX: scaleX, offsetX: offsetX, mappedYSquared: mappedY * mappedY, tScale: tScale, tBias: tBias)
            stages.renderRow(row, width: width, offsets: offsets, parameter, E.self)
        case .conic(let matrix, let tScale, let tBias):
            let parameter = ConicRowParameter(
                m0: matrix.0, m1: matrix.1, rowX: centerY.multiplied(by: matrix.2, adding: matrix.4),
                rowY: centerY.multiplied(by: matrix.3, adding: matrix.5),
                tScale: tScale, tBias: tBias)
            stages.renderRow(row, width: width, offsets: offsets, parameter, E.self)
        case .mesh(let mesh):
            mesh.renderRow(y, row, offsets: offsets, E.self)
        }
    }

    /// Writes one colour across a row, eight pixels at a time, each with its own offsets.
    private func fill<E: PixelEncoder, O: ChannelOffsets>(
        _ row: UnsafeMutablePointer<UInt8>, width: Int, offsets: O, color: PixelLanes, _: E.Type
    ) {
        var x = 0
        while x < width {
            E.store(color, offset: offsets.offsets(x: x), count: min(8, width - x), to: row + x * E.bytesPerPixel)
            x += 8
        }
    }

    /// Fills a row of one colour: eight dithered pixels (or one) written, then doubled across the row.
    private func fillRepeating<E: PixelEncoder>(
        _ row: UnsafeMutablePointer<UInt8>, width: Int, dither: SIMD8<Float>, color: PixelLanes, _: E.Type
    ) {
        let period = min(8, width)
        E.store(color, offset: dither, count: period, to: row)
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
