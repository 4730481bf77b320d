import CAVIF

/// An AVIF encode fed band by band: it holds the image's YUV (and alpha) planes, converts each band of samples into
/// them as it arrives, and encodes once every row is in. The caller never needs a whole frame of samples, so an
/// encode holds one full-size buffer (the planes) besides the AV1 encoder's own state.
///
/// Use it from one thread; it releases its planes when it goes away.
public final class AVIFFrameEncoder {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Samples per pixel: 3 (RGB) or 4 (RGBA, straight alpha).
    public let channels: Int
    /// The settings every band is converted and the image encoded with.
    public let settings: AVIFSettings
    /// The next row ``write(rows:at:)`` expects.
    public private(set) var nextRow = 0
    private let frame: OpaquePointer

    /// Allocates the planes of a `width` × `height` image with `channels` samples a pixel for `settings`, its
    /// samples in the colour space of `colorPrimaries` (written to the file's `nclx` colour box).
    public init(
        width: Int, height: Int, channels: Int, settings: AVIFSettings, colorPrimaries: AVIFColorPrimaries = .sRGB
    ) throws(AVIFEncodingError) {
        guard (1...AVIFEncoder.maximumSide).contains(width), (1...AVIFEncoder.maximumSide).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        guard channels == 3 || channels == 4 else { throw .invalidChannels(channels) }
        guard (1...100).contains(settings.quality), (0...10).contains(settings.speed),
            [8, 10, 12].contains(settings.bitDepth)
        else {
            throw .invalidSettings(quality: settings.quality, speed: settings.speed, bitDepth: settings.bitDepth)
        }
        guard cavif_codec_name(AVIFEncoder.cavifCodec(settings.codec)) != nil else {
            throw .codecUnavailable(settings.codec)
        }
        var parameters = cavif_settings(
            quantizer: Int32(settings.quantizer), speed: Int32(settings.speed), depth: Int32(settings.bitDepth),
            yuv_format: settings.chroma == .yuv444 ? CAVIF_YUV444 : CAVIF_YUV420,
            primaries: Int32(colorPrimaries.rawValue), matrix: Int32(AVIFEncoder.matrixCoefficients),
            codec: AVIFEncoder.cavifCodec(settings.codec))
        var created: OpaquePointer?
        let (status, detail) = Self.call {
            cavif_frame_create(Int32(width), Int32(height), Int32(channels), &parameters, &created, $0)
        }
        guard status == 0, let created else { throw .library(code: status, detail: detail) }
        self.width = width
        self.height = height
        self.channels = channels
        self.settings = settings
        self.frame = created
    }

    deinit {
        cavif_frame_destroy(frame)
    }

    /// The number of rows a band should have: any count works for 4:4:4; with 4:2:0 every band but the last must
    /// have an even number of rows, which this is.
    public static let preferredBandRows = 16

    /// Converts the rows `y ..< y + samples.count / (width × channels)` into the planes. Samples are laid out and
    /// scaled as ``AVIFEncoder/encode(samples:width:height:channels:settings:)`` takes them; bands must come in
    /// order from the top.
    public func write(rows samples: UnsafeBufferPointer<UInt16>, at y: Int) throws(AVIFEncodingError) {
        let rowSamples = width * channels
        guard let base = samples.baseAddress, samples.count % rowSamples == 0, samples.count > 0 else {
            throw .sampleCountMismatch(expected: rowSamples, actual: samples.count)
        }
        let rows = samples.count / rowSamples
        let (status, detail) = Self.call { cavif_frame_write_rows(frame, Int32(y), Int32(rows), base, $0) }
        guard status == 0 else { throw .library(code: status, detail: detail) }
        nextRow = y + rows
    }

    /// Encodes the image once every row has been written.
    public func encode() throws(AVIFEncodingError) -> [UInt8] {
        var output = cavif_bytes()
        defer { cavif_free(&output) }
        let (status, detail) = Self.call { cavif_frame_encode(frame, &output, $0) }
        guard status == 0, let bytes = output.bytes else { throw .library(code: status, detail: detail) }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: output.count))
    }

    /// Runs a shim call with a message buffer; its status and message.
    private static func call(_ body: (UnsafeMutablePointer<CChar>) -> Int32) -> (Int, String) {
        var message = [CChar](repeating: 0, count: Int(CAVIF_MESSAGE_CAPACITY))
        let status = message.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        return (Int(status), message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }
}
