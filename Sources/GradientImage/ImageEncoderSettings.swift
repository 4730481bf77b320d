import AVIFEncoding
import GradientCore
import WebPEncoding

/// The encoder settings that shape an image's bytes, one case per format.
public enum ImageEncoderSettings: Sendable, Hashable {
    /// PNG has one encoder and no settings: its bytes are named by ``GradientPNG/outputVersion``.
    case png
    /// Lossless WebP with these settings.
    case webp(WebPSettings)
    /// AVIF with these settings.
    case avif(AVIFSettings)
    /// An SVG document (``SVGExport``): no pixels, no settings.
    case svg

    /// The format these settings encode.
    public var format: ImageFormat {
        switch self {
        case .png: .png
        case .webp: .webp
        case .avif: .avif
        case .svg: .svg
        }
    }

    /// Names the bytes these settings produce from a spec's pixels: the rasterizer's and the frame preparation's
    /// versions, the encoder library and its version, and every setting that changes the output. It changes
    /// whenever the bytes for the same spec would change.
    public var outputVersion: String {
        switch self {
        case .png:
            return GradientPNG.outputVersion
        case .webp(let settings):
            return "gradientd raster/\(Rasterizer.version) webp/2 libwebp \(WebPEncoder.libraryVersion) "
                + settings.identity
        case .avif(let settings):
            return "gradientd raster/\(Rasterizer.version) avif/1 \(AVIFEncoder.libraryVersion) " + settings.identity
        case .svg:
            return "gradientd raster/\(Rasterizer.version) \(SVGExport.version)"
        }
    }
}
