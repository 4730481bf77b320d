/// A validated gradient, fully resolved to output pixels: everything needed to render it and nothing else.
///
/// Two requests that mean the same image produce equal specs (and so equal ``canonicalForm``): colours are already
/// converted into the interpolation space, stop positions are fixed up as CSS does and expressed along the gradient
/// line, and geometry is in device pixels of the output image.
public struct GradientSpec: Sendable, Hashable {
    /// The output image width in device pixels (CSS width × scale, rounded).
    public var pixelWidth: Int
    /// The output image height in device pixels (CSS height × scale, rounded).
    public var pixelHeight: Int
    /// Where the gradient's parameter `t` comes from, in device pixels.
    public var geometry: GradientGeometry
    /// Colour stops after CSS fix-up, in non-decreasing position order; at least one.
    public var stops: [GradientStop]
    /// What happens outside the first and last stop.
    public var spread: Spread
    /// The space colours are interpolated in.
    public var space: ColorSpace
    /// How hues are interpolated; only meaningful when ``space`` is polar.
    public var hue: HueInterpolation
    /// Whether 8-bit output gets Skia's ordered dither.
    public var dither: Bool
    /// Bits per channel of the output.
    public var depth: BitDepth
    /// The strength of the film grain (``Grain``), 0…1 on the 1e-6 grid; 0 is none.
    public var grain: Double
    /// The grain's seed; 0 whenever ``grain`` is 0, so that every grainless spec has one form.
    public var seed: UInt32
    /// How the top layer (the gradient above) is blended onto ``layersBelow``; `normal` without layers below.
    public var blendMode: BlendMode
    /// The colour space of the output image; every layer is converted to it before layers are blended.
    public var gamut: OutputGamut
    /// The other layers of a layered `css=` (CSS `background-image` with several gradients), from the one just
    /// below the top layer down to the bottom one; empty for a single gradient. Each covers the whole image.
    public var layersBelow: [GradientLayer]

    /// Creates a spec from already-resolved parts; `stops` must be non-empty and sorted by position (in every
    /// layer).
    public init(
        pixelWidth: Int, pixelHeight: Int, geometry: GradientGeometry, stops: [GradientStop], spread: Spread,
        space: ColorSpace, hue: HueInterpolation, dither: Bool, depth: BitDepth, grain: Double = 0, seed: UInt32 = 0,
        blendMode: BlendMode = .normal, layersBelow: [GradientLayer] = [], gamut: OutputGamut = .srgb
    ) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.geometry = geometry
        self.stops = stops
        self.spread = spread
        self.space = space
        self.hue = hue
        self.dither = dither
        self.depth = depth
        self.grain = grain > 0 ? grain : 0
        self.seed = grain > 0 ? seed : 0
        self.blendMode = blendMode
        self.layersBelow = layersBelow
        self.gamut = gamut
    }
}

/// A point in device pixels, (0, 0) at the top-left corner of the image.
public struct PixelPoint: Sendable, Hashable {
    /// Horizontal coordinate, growing rightwards.
    public var x: Double
    /// Vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point from its coordinates in device pixels.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The shape of a gradient and how each pixel centre maps to a position `t` along it.
///
/// Stop positions are in units of the geometry's reference length: the gradient line for linear gradients, the
/// horizontal radius for radial ones, one turn for conic ones. A zero-length line uses one device pixel as the
/// reference length, as CSS resolves percentages on it to zero; on an ending shape of zero width or height every
/// position is 0, as Blink resolves them (the shape is drawn as one colour).
public enum GradientGeometry: Sendable, Hashable {
    /// `t = 0` at `start`, `t = 1` at `end`; lines of equal colour are perpendicular to start→end. `bearing` is the
    /// angle as written (degrees, 0 up, clockwise) when the line came from one: Blink's float end points lose it.
    case linear(start: PixelPoint, end: PixelPoint, bearing: Double? = nil)
    /// `t = 1` on the ellipse with these radii around `center`.
    case radial(center: PixelPoint, radiusX: Double, radiusY: Double)
    /// `t` grows clockwise from `fromDegrees` (0 is up) around `center`, one turn per unit.
    case conic(center: PixelPoint, fromDegrees: Double)
    /// A mesh of bicubic patches (`type=mesh`); the spec's stops are its vertices' colours, row by row.
    case mesh(MeshGeometry)
}

/// One colour stop: a position along the gradient and a colour already in the interpolation space.
public struct GradientStop: Sendable, Hashable {
    /// Position in units of the geometry's reference length (0 … 1 spans the gradient line, ray or turn).
    public var position: Double
    /// The colour, converted into the spec's interpolation space.
    public var color: InterpolationColor
    /// A colour hint between this stop and the next, as a position in the same units; nil for a linear blend.
    public var hintToNext: Double?
    /// The space the colour was written in (`srgb` for hex, named and `rgb()` colours): Chromium converts a stop
    /// to sRGB from there with its own float arithmetic before Skia interpolates it.
    public var writtenSpace: ColorSpace
    /// The colour's components in ``writtenSpace`` as written, when that is not the interpolation space: Chromium
    /// converts from them, and the converted ``color`` cannot give them back to the last bit (nor the hue of a
    /// near-grey whose hue the interpolation space drops). Nil when the stop was written in the interpolation space
    /// or with a missing (`none`) component that carries into it.
    public var writtenComponents: SIMD3<Double>?

    /// Creates a stop.
    public init(
        position: Double, color: InterpolationColor, hintToNext: Double? = nil, writtenSpace: ColorSpace = .srgb,
        writtenComponents: SIMD3<Double>? = nil
    ) {
        self.position = position
        self.color = color
        self.hintToNext = hintToNext
        self.writtenSpace = writtenSpace
        self.writtenComponents = writtenComponents
    }
}

/// What a gradient paints outside its first and last stop.
public enum Spread: String, Sendable, Hashable, CaseIterable {
    /// Extend the first and last colour, as CSS.
    case pad
    /// Repeat the stops, as CSS `repeating-*` gradients.
    case repeating = "repeat"
    /// Mirror every other period.
    case reflect
    /// Transparent outside the stops, as CoreGraphics without its extend options.
    case transparent = "none"
}

/// How hue angles are interpolated in a polar colour space (CSS Color 4 `<hue-interpolation-method>`).
public enum HueInterpolation: String, Sendable, Hashable, CaseIterable {
    /// The arc of at most 180°.
    case shorter
    /// The arc of at least 180°.
    case longer
    /// Hue never decreases.
    case increasing
    /// Hue never increases.
    case decreasing
}

/// Bits per channel in the output image.
public enum BitDepth: Int, Sendable, Hashable, CaseIterable {
    /// 8 bits per channel, dithered when asked.
    case eight = 8
    /// 16 bits per channel, never dithered.
    case sixteen = 16
}
