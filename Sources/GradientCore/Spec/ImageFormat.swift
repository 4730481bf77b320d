/// A file format gradientd writes an image in.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// PNG, streamed row by row; the default, and the only format every mail client shows.
    case png
    /// Lossless WebP of the same 8-bit pixels as the PNG (dither included); 8-bit only.
    case webp
    /// An AV1 still image (AVIF), 10-bit from the undithered ramp by default, 12-bit with `depth=16`.
    case avif
    /// An SVG 1.1 document that draws the gradient as vector (``SVGExport``); never chosen by `format=auto`.
    case svg

    /// The media type sent as `Content-Type`.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .svg: "image/svg+xml"
        }
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// Whether the encoder needs the whole frame in memory before it writes a byte (WebP, AVIF), as opposed to
    /// taking rows as they are rendered (PNG) or writing text without pixels (SVG).
    public var encodesWholeFrame: Bool { self == .webp || self == .avif }

    /// The format whose usual extension is `fileExtension` (case-insensitive), if any.
    public init?(fileExtension: some StringProtocol) {
        self.init(rawValue: fileExtension.lowercased())
    }
}

/// How a request chooses its image format: named outright, or negotiated on the request's `Accept`.
public enum FormatChoice: Sendable, Hashable {
    /// `format=png|webp|avif|svg` (PNG when `format` is absent).
    case fixed(ImageFormat)
    /// `format=auto`: AVIF when `Accept` lists `image/avif`, else WebP when it lists `image/webp`, else PNG.
    case auto
}
