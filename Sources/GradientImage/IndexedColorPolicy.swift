import GradientCore

/// Which PNGs are written with indexed colour (a palette and one byte a pixel) when they have at most 256 colours:
/// part of what ``GradientPNG/outputVersion`` names, since it changes the bytes, never the pixels.
///
/// Measured on uiGradients presets (bench/README.md, "Output version `png/6`"): a linear gradient of 1200×630
/// comes out at 0.40–0.74× the bytes of the same pixels as RGB, dithered or not, and an undithered radial one of
/// 1920×1080 at 0.57–0.75×; below about 2¹⁸ pixels PLTE's 3 bytes a colour can outweigh the saving (a 600×200
/// banner without dither: 1.2–1.5× the bytes). Dithered radial and conic gradients stay RGB unless their ramp is
/// only hard stops (flat rings and sectors, which the dither leaves as they are): indexed, the smooth ones of at
/// most 256 colours code smaller (of the presets as dithered 512×512 and 1920×1080 radial and 800×800 conic
/// gradients, 302 of 1,146, at 0.58× to 0.99×), but their busy index rows go through zlib and take 3–4× the time
/// (`radial-gradient(circle at 20% 30%, #00f5a0, #00d9f5)` at 1200×630: 13 → 40 ms for 0.95× the bytes; through
/// ``HashMatcher`` 18 ms for 0.97×). Hard-stop rings and sectors come out at about 0.53× (the CSS corpus's
/// three-ring radial 1.023× → 0.54× Pillow's `optimize=True` bytes). Layered gradients are indexed when every
/// layer would be: of 240 layered backgrounds over 60 presets (a translucent radial highlight, fine stripes, a
/// translucent sheen or a flat tint over a ramp), 42 have at most 256 colours and all of them come out smaller
/// (0.34× to 0.96×); the census renders a layered image twice, which a composite of many layers feels most
/// (translucent 45° stripes over a ramp: 1.5× the instructions, for 0.52× the bytes).
struct IndexedColorPolicy {
    /// Images with fewer pixels stay RGB or RGBA. Default 2¹⁸ (512×512).
    var minimumPixelCount = 1 << 18

    /// The census first looks at every this many rows, to refuse images with too many colours cheaply. Default 16.
    /// It changes only the time a refusal takes, never which images are indexed.
    var sampledRowStride = 16

    /// The policy of the current output version.
    static let current = IndexedColorPolicy()

    /// Whether `spec`'s PNG is written with indexed colour when its census finds at most 256 colours: an 8-bit
    /// gradient without grain, of at least ``minimumPixelCount`` pixels, whose every layer is linear, or radial or
    /// conic without dither or with hard stops only.
    func considers(_ spec: GradientSpec) -> Bool {
        guard spec.depth == .eight, spec.grain == 0, spec.pixelWidth * spec.pixelHeight >= minimumPixelCount
        else { return false }
        return spec.layers.allSatisfy { layer in
            switch layer.spec.geometry {
            case .linear: true
            case .radial, .conic: !spec.dither || Self.hasHardStopsOnly(layer.spec)
            case .mesh: false
            }
        }
    }

    /// Whether every stretch between adjacent stops is one colour: the stops share a position, or a colour that
    /// the interpolation does not take around the hue circle.
    static func hasHardStopsOnly(_ spec: GradientSpec) -> Bool {
        let keepsHue = !spec.space.isPolar || spec.hue != .longer
        return zip(spec.stops, spec.stops.dropFirst()).allSatisfy { stop, next in
            stop.position == next.position || stop.color == next.color && keepsHue
        }
    }
}
