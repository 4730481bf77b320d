import AVIFEncoding
import GradientCore
import WebPEncoding

/// The one name of an image's bytes: the canonical spec, the format, the encoder settings and the output version.
///
/// The service's cache key, the query memo, single-flight, the ETag and the metrics all take it from here, and the
/// CLI names its output with it, so that different bytes can never share a name: a WebP and a PNG of one spec
/// differ in ``cacheKey`` and ``etag``, and so do two renderings whose encoder settings or versions differ.
public struct ImageIdentity: Sendable, Hashable {
    /// The spec the pixels are rendered from (for AVIF without `dither`, the undithered ramp).
    public let spec: GradientSpec
    /// How the pixels are encoded.
    public let settings: ImageEncoderSettings

    /// The identity of `request`'s image in `format`, with the format's standard settings (the request's
    /// `quality` for AVIF; for WebP its `compression`, the fast settings for the frame's size by default, and the
    /// effort capped on grain).
    public init(request: ImageRequest, format: ImageFormat) {
        let spec = request.spec(for: format)
        switch format {
        case .png:
            self.init(spec: spec, settings: .png)
        case .webp:
            let settings =
                request.compression == .smallest
                ? WebPSettings.smallest : .fast(pixelCount: spec.pixelWidth * spec.pixelHeight)
            self.init(
                spec: spec,
                settings: .webp(spec.grain > 0 ? settings.cappingEffort(at: WebPSettings.grainEffortLimit) : settings))
        case .avif:
            var settings = AVIFSettings.standard(bitDepth: Self.avifBitDepth(of: spec))
            if let quality = request.quality { settings.quality = quality }
            self.init(spec: spec, settings: .avif(settings))
        case .svg:
            self.init(spec: spec, settings: .svg)
        }
    }

    /// The identity of `spec` encoded with `settings`.
    public init(spec: GradientSpec, settings: ImageEncoderSettings) {
        self.spec = spec
        self.settings = settings
    }

    /// AVIF's bit depth for `spec`: 12 at `depth=16`; 8 when dithered (the dither already spends the low bits);
    /// else 10, enough to hold the ramp without banding.
    static func avifBitDepth(of spec: GradientSpec) -> Int {
        if spec.depth == .sixteen { return 12 }
        return spec.dither ? 8 : 10
    }

    /// The image's format.
    public var format: ImageFormat { settings.format }

    /// The `Content-Type` of the image.
    public var mediaType: String { format.mediaType }

    /// Names the bytes: ``ImageEncoderSettings/outputVersion``.
    public var outputVersion: String { settings.outputVersion }

    /// The cache key: byte-identical for every request meaning the same bytes, different otherwise. A PNG's key is
    /// the spec's canonical form; other formats prefix their settings.
    public var cacheKey: String {
        switch settings {
        case .png: spec.canonicalForm
        case .webp(let webp): "webp " + webp.identity + "\n" + spec.canonicalForm
        case .avif(let avif): "avif " + avif.identity + "\n" + spec.canonicalForm
        case .svg: "svg\n" + spec.canonicalForm
        }
    }

    /// The strong ETag: the first 128 bits of the stable hash of the canonical spec under ``outputVersion``,
    /// quoted. The same in every process and on every host; it changes whenever the bytes would.
    public var etag: String {
        "\"" + spec.stableHash(version: outputVersion).prefix(32) + "\""
    }

    /// The number of samples per pixel: 3 when every pixel is opaque, else 4.
    public var channels: Int { Rasterizer(spec: spec).isOpaque ? 3 : 4 }

    /// An upper bound on the encoded size in bytes: the raw pixels (with PNG's filter bytes) plus 1 % and 4 KiB of
    /// container overhead; for SVG, ``SVGExport/sizeBound(of:)``.
    public var sizeBound: Int {
        if format == .svg { return SVGExport.sizeBound(of: spec) }
        let bytesPerSample = spec.depth == .sixteen || format == .avif ? 2 : 1
        let raw = spec.pixelHeight * (1 + spec.pixelWidth * 4 * bytesPerSample)
        return raw + raw / 100 + 4096
    }

    /// The memory one rendering holds at its peak beyond O(width): zero for PNG, which streams rows; for WebP and
    /// AVIF the frame and the encoder's working memory, as the encoders measure it.
    public var frameMemoryBytes: Int {
        let width = spec.pixelWidth
        let height = spec.pixelHeight
        switch settings {
        case .png, .svg:
            return 0
        case .webp(let webp):
            return WebPEncoder.peakMemoryBytes(width: width, height: height, channels: channels, settings: webp)
        case .avif(let avif):
            return AVIFEncoder.peakMemoryBytes(width: width, height: height, channels: channels, settings: avif)
        }
    }
}
