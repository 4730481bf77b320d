import GradientCore

/// Which PNGs are written with indexed colour (a palette and one byte a pixel) when they have at most 256 colours:
/// part of what ``GradientPNG/outputVersion`` names, since it changes the bytes, never the pixels.
///
/// Measured on uiGradients presets (bench/README.md, "Output version `png/6`"): a linear gradient of 1200×630
/// comes out at 0.40–0.74× the bytes of the same pixels as RGB, dithered or not, and an undithered radial one of
/// 1920×1080 at 0.57–0.75×; below about 2¹⁸ pixels PLTE's 3 bytes a colour can outweigh the saving (a 600×200
/// banner without dither: 1.2–1.5× the bytes). Dithered radial and conic gradients were left out then (1.1–1.6×
/// at 512×512, with the encoder of the time); with today's (output version `png/19`) they are indexed too: of the
/// presets as dithered 512×512 and 1920×1080 radial and 800×800 conic gradients (1,146 images), 302 have at most
/// 256 colours and all of them come out smaller (0.58× to 0.99×), and of the CSS corpus's radial and conic cases
/// 26 are smaller (hard-stop rings and sectors about 0.53×) and one 0.6 % larger. Layered gradients are indexed
/// too since `png/20`: of 240 layered backgrounds over 60 presets (a translucent radial highlight, fine stripes, a
/// translucent sheen or a flat tint over a ramp) 42 have at most 256 colours and all of them come out smaller
/// (0.34× to 0.96×); the census then renders a layered image twice, which a composite of many layers feels most
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
    /// gradient without grain, of at least ``minimumPixelCount`` pixels, whose every layer is linear, radial or
    /// conic.
    func considers(_ spec: GradientSpec) -> Bool {
        guard spec.depth == .eight, spec.grain == 0, spec.pixelWidth * spec.pixelHeight >= minimumPixelCount
        else { return false }
        return !Self.isMesh(spec.geometry) && !spec.layersBelow.contains { Self.isMesh($0.geometry) }
    }

    private static func isMesh(_ geometry: GradientGeometry) -> Bool {
        if case .mesh = geometry { return true }
        return false
    }
}
