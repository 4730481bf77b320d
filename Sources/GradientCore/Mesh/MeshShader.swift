/// Renders the rows of a mesh gradient: for each device pixel centre, the patch and the (u, v) in it that the
/// position surface maps to that centre, then the colour surface's value there.
///
/// The inversion is exact for the even grid (each patch maps (u, v) affinely onto its rectangle, so u and v are
/// read off the pixel position). Otherwise it is Newton's method on `S(u, v) = p` in the whole mesh's parameter
/// space, started from the previous pixel's solution (from the nearest of a few samples per patch at the start of
/// a row), stepping into the neighbouring patch when u or v leaves 0…1, until the position is within
/// ``tolerance`` device pixels. Rows are independent of each other, so any split into bands gives the same bytes.
struct MeshShader: Sendable {
    /// Newton stops when the position is within this many device pixels of the pixel centre.
    static let tolerance = 1e-4
    /// Newton's iteration limit per start.
    static let maximumIterations = 32
    /// Samples per patch side of the table that starts each row's inversion.
    static let seedSamples = 4

    /// A patch and a point of it.
    struct Location {
        var column: Int
        var row: Int
        var u: Double
        var v: Double
    }

    /// A sample of the position surface, where an inversion can start.
    struct Seed {
        var x: Double
        var y: Double
        var location: Location
    }

    let columns: Int
    let rows: Int
    let width: Int
    let height: Int
    let isEvenGrid: Bool
    let space: ColorSpace
    let hueIndex: Int
    /// The colour space the pixels are converted to (``GradientSpec/gamut``).
    let gamut: OutputGamut
    let isOpaque: Bool
    /// Skia's conversion of the lanes to the image's colour, for the spaces it is mirrored in (sRGB into Display
    /// P3, linear sRGB, oklab, oklch); nil where the colours are converted exactly, or not at all.
    let conversion: FloatRamp.OutputConversion?
    /// Position patches, row by row; x and y in lanes 0 and 1, device pixels.
    let positions: [BicubicPatch]
    /// Colour patches, row by row: premultiplied colour in the interpolation space (a hue unpremultiplied).
    let colors: [BicubicPatch]
    let seeds: [Seed]

    init(mesh: MeshGeometry, spec: GradientSpec, isOpaque: Bool) {
        columns = mesh.columns
        rows = mesh.rows
        width = spec.pixelWidth
        height = spec.pixelHeight
        isEvenGrid = mesh.isEvenGrid(width: width, height: height)
        space = spec.space
        hueIndex = spec.space.hueIndex ?? -1
        gamut = spec.gamut
        self.isOpaque = isOpaque
        let mirrored = [ColorSpace.srgbLinear, .oklab, .oklch].contains(spec.space) || spec.space == .srgb
        let conversion = FloatRamp.OutputConversion(space: spec.space, isOpaque: isOpaque, gamut: spec.gamut)
        self.conversion = mirrored && !conversion.isIdentity ? conversion : nil
        positions = MeshGeometry.positionPatches(
            mesh.points.map { SIMD2($0.x, $0.y) }, columns: mesh.columns, rows: mesh.rows)
        colors = MeshColors.patches(
            spec.stops.map(\.color), columns: mesh.columns, rows: mesh.rows, space: spec.space, hue: spec.hue,
            smooth: mesh.smoothsColors)
        let patchColumns = columns - 1
        seeds = positions.enumerated().flatMap { index, patch in
            BicubicPatch.sampleGrid(Self.seedSamples).map { u, v in
                let point = patch.value(u: u, v: v)
                let location = Location(column: index % patchColumns, row: index / patchColumns, u: u, v: v)
                return Seed(x: point.x, y: point.y, location: location)
            }
        }
    }

    /// The patch and (u, v) whose position is the pixel centre (x, y), starting from `start`.
    @inline(__always)
    func locate(x: Double, y: Double, from start: Location) -> Location {
        if isEvenGrid {
            let gridU = x * Double(columns - 1) / Double(width)
            let gridV = y * Double(rows - 1) / Double(height)
            let column = min(Int(gridU), columns - 2)
            let row = min(Int(gridV), rows - 2)
            return Location(column: column, row: row, u: gridU - Double(column), v: gridV - Double(row))
        }
        if let found = newton(x: x, y: y, from: start) { return found }
        let seed = nearestSeed(x: x, y: y)
        return newton(x: x, y: y, from: seed) ?? seed
    }

    /// The sample nearest to (x, y).
    func nearestSeed(x: Double, y: Double) -> Location {
        var best = seeds[0].location
        var bestDistance = Double.infinity
        for seed in seeds {
            let distance = (seed.x - x) * (seed.x - x) + (seed.y - y) * (seed.y - y)
            if distance < bestDistance {
                bestDistance = distance
                best = seed.location
            }
        }
        return best
    }

    /// Newton's method from `start`, or nil when it does not converge.
    @inline(__always)
    private func newton(x: Double, y: Double, from start: Location) -> Location? {
        var location = start
        let lastColumn = columns - 2
        let lastRow = rows - 2
        for _ in 0..<Self.maximumIterations {
            let patch = positions[location.row * (columns - 1) + location.column]
            let (point, du, dv) = patch.valueAndDerivatives(u: location.u, v: location.v)
            let errorX = point.x - x
            let errorY = point.y - y
            if abs(errorX) <= Self.tolerance && abs(errorY) <= Self.tolerance { return location }
            let determinant = du.x * dv.y - du.y * dv.x
            guard determinant > 0 else { return nil }
            let stepU = min(max((dv.x * errorY - dv.y * errorX) / determinant, -1), 1)
            let stepV = min(max((du.y * errorX - du.x * errorY) / determinant, -1), 1)
            location.u += stepU
            location.v += stepV
            Self.carry(&location.u, into: &location.column, last: lastColumn)
            Self.carry(&location.v, into: &location.row, last: lastRow)
        }
        return nil
    }

    /// Moves a parameter that left 0…1 into the neighbouring patch along its axis (`t ± 1`), then clamps it at
    /// the mesh's border (patch 0 and patch `last`).
    @inline(__always)
    private static func carry(_ t: inout Double, into patch: inout Int, last: Int) {
        while t < 0 && patch > 0 {
            patch -= 1
            t += 1
        }
        while t > 1 && patch < last {
            patch += 1
            t -= 1
        }
        t = min(max(t, 0), 1)
    }

    /// The premultiplied colour at pixel centre (x, y) in the interpolation space, alpha clamped to 0…1.
    @inline(__always)
    func color(x: Double, y: Double, location: inout Location) -> SIMD4<Double> {
        location = locate(x: x, y: y, from: location)
        var color = colors[location.row * (columns - 1) + location.column].value(u: location.u, v: location.v)
        color.w = isOpaque ? 1 : min(max(color.w, 0), 1)
        return color
    }

    /// Renders row `y` into `row`, with `offsets` (dither, grain) added to every pixel's channels.
    func renderRow<E: PixelEncoder, O: ChannelOffsets>(
        _ y: Int, _ row: UnsafeMutablePointer<UInt8>, offsets: O, _: E.Type
    ) {
        let centerY = Double(y) + 0.5
        var location = isEvenGrid ? Location(column: 0, row: 0, u: 0, v: 0) : nearestSeed(x: 0.5, y: centerY)
        let convertsExactly = !(space == .srgb || space == .srgbLinear || space == .oklab || space == .oklch)
        var x = 0
        while x < width {
            let count = min(8, width - x)
            var lanes = PixelLanes(red: .zero, green: .zero, blue: .zero, alpha: .zero)
            for lane in 0..<count {
                var color = self.color(x: Double(x + lane) + 0.5, y: centerY, location: &location)
                if convertsExactly {
                    color = ColorRamp.toPremultipliedOutput(color, space: space, hueIndex: hueIndex, gamut: gamut)
                }
                lanes.red[lane] = Float(color.x)
                lanes.green[lane] = Float(color.y)
                lanes.blue[lane] = Float(color.z)
                lanes.alpha[lane] = Float(color.w)
            }
            if let conversion { conversion.apply(&lanes) }
            E.store(lanes, offset: offsets.offsets(x: x), count: count, to: row + x * E.bytesPerPixel)
            x += 8
        }
    }
}
