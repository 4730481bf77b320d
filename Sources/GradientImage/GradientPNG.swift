import GradientCore
import PNGEncoding

/// Renders gradient specs to PNG, row by row, and names each rendering with a stable ETag.
///
/// The one place where the rasterizer meets the PNG encoder, shared by the CLI, the service and the benchmark, so
/// that all three produce identical bytes for the same spec.
public enum GradientPNG {
    /// Names the bytes produced for a spec; changes whenever the rasterizer or the encoder would change them.
    public static let outputVersion = "gradientd raster/\(Rasterizer.version) png/36"

    /// The strong ETag of `spec`'s PNG (``ImageIdentity/etag`` of the PNG identity).
    public static func etag(for spec: GradientSpec) -> String {
        ImageIdentity(spec: spec, settings: .png).etag
    }

    /// The PNG layout `spec` renders to: RGB when every pixel is opaque, RGBA otherwise, at the spec's depth.
    public static func format(of spec: GradientSpec) -> PNGImageFormat {
        PNGImageFormat(
            width: spec.pixelWidth, height: spec.pixelHeight,
            colorType: Rasterizer(spec: spec).isOpaque ? .rgb : .rgba, bitDepth: spec.depth.rawValue)
    }

    /// What the encoder is told about the rows of `spec`: whether they are drawn without dither, and with grain.
    public static func encoderOptions(of spec: GradientSpec) -> PNGEncoderOptions {
        PNGEncoderOptions(undithered: !spec.dither, hasGrain: spec.grain > 0)
    }

    /// Renders `spec` and hands the PNG bytes to `sink` as they are produced. Memory is O(width).
    /// A large linear gradient with at most 256 colours is written with indexed colour (see
    /// ``palette(of:shouldContinue:)``); its rows are then rasterized twice, once to find the colours and once to
    /// encode them.
    /// `shouldContinue` is asked between rows; when it returns false the render stops with `RenderError.cancelled`.
    /// With `pipelined`, rows are rasterized on a second thread while this one encodes them (the bytes are the
    /// same); for a single image on an idle machine that nearly halves the time. Small images and images whose
    /// rows are cheap (axis-aligned linear, solid) stay on one thread, where the hand-over would cost more. The service leaves it off: its
    /// render pool already keeps every core busy with one image each.
    public static func render(
        _ spec: GradientSpec, pipelined: Bool = false, shouldContinue: () -> Bool = { true },
        to sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws(RenderError) {
        var rasterizer = Rasterizer(spec: spec)
        let format = PNGImageFormat(
            width: spec.pixelWidth, height: spec.pixelHeight, colorType: rasterizer.isOpaque ? .rgb : .rgba,
            bitDepth: spec.depth.rawValue)
        let palette = try Self.palette(of: spec, shouldContinue: shouldContinue)
        do {
            let encoder = try PNGEncoder(
                format: format, palette: palette, options: Self.encoderOptions(of: spec),
                ancillaryChunks: Self.colorSpaceChunks(of: spec), sink: sink)
            if pipelined && !rasterizer.hasCheapRows && spec.pixelWidth * spec.pixelHeight >= 1 << 16 {
                try RowPipeline(rasterizer: rasterizer, height: spec.pixelHeight).forEachRow { _, row in
                    guard shouldContinue() else { throw RenderError.cancelled }
                    try encoder.writeRow(row)
                }
            } else {
                let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rasterizer.bytesPerRow, alignment: 16)
                defer { row.deallocate() }
                for y in 0..<spec.pixelHeight {
                    guard shouldContinue() else { throw RenderError.cancelled }
                    rasterizer.renderRow(y, into: row)
                    try encoder.writeRow(UnsafeRawBufferPointer(row))
                }
            }
            try encoder.finish()
        } catch let error as PNGError {
            throw .encoding(error)
        } catch let error as RenderError {
            throw error
        } catch {
            throw .encoding(.sinkFailed(message: "\(error)"))
        }
    }

    /// The chunks naming the image's colour space: none for sRGB (the PNG's default); for Display P3, `cICP`
    /// (primaries 12, SMPTE EG 432-1; transfer 13, sRGB's; RGB, full range) and `iCCP` with ``DisplayP3Profile``
    /// for readers that do not know `cICP`.
    public static func colorSpaceChunks(of spec: GradientSpec) -> [PNGChunk] {
        spec.gamut == .displayP3 ? displayP3Chunks : []
    }

    private static let displayP3Chunks = [
        PNGChunk.codingIndependentCodePoints(primaries: 12, transfer: 13),
        PNGChunk.embeddedProfile(name: DisplayP3Profile.description, profile: DisplayP3Profile.bytes),
    ]

    /// Whether `spec`'s PNG is written with indexed colour when it has at most 256 colours (``IndexedColorPolicy``).
    public static func considersIndexedColor(_ spec: GradientSpec) -> Bool {
        IndexedColorPolicy.current.considers(spec)
    }

    /// The palette `spec`'s PNG is written with, if any: the colours in the order its rows first show them, when
    /// there are at most 256 and the image is of a kind where indices pay (``IndexedColorPolicy``). The PNG then
    /// holds one palette index a pixel instead of three or four samples, and decodes to the same pixels.
    /// Rasterizes rows until the 257th colour (a saturated gradient shows it within its first rows) and looks at
    /// pixels only where a row can differ from those before (``PNGPaletteCensus``).
    public static func palette(
        of spec: GradientSpec, shouldContinue: () -> Bool = { true }
    ) throws(RenderError)
        -> PNGPalette?
    {
        guard considersIndexedColor(spec) else { return nil }
        var rasterizer = Rasterizer(spec: spec)
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rasterizer.bytesPerRow, alignment: 16)
        defer { row.deallocate() }
        return try palette(of: spec) { y throws(RenderError) in
            guard shouldContinue() else { throw .cancelled }
            rasterizer.renderRow(y, into: row)
            return UnsafeRawBufferPointer(row)
        }
    }

    /// The palette of `spec` as ``palette(of:shouldContinue:)`` finds it, from rows the caller already has:
    /// `row(y)` returns row `y`'s samples (valid until the next call).
    public static func palette(
        of spec: GradientSpec, rows row: (Int) throws(RenderError) -> UnsafeRawBufferPointer
    ) throws(RenderError) -> PNGPalette? {
        let policy = IndexedColorPolicy.current
        guard policy.considers(spec) else { return nil }
        // Rows a stride apart first: more than 256 colours among them proves the image has too many, at a fraction
        // of the cost (an undithered radial gradient gains a few colours a row, so the full pass would otherwise
        // run deep into it before the 257th).
        for stride in [policy.sampledRowStride, 1] {
            let census = PNGPaletteCensus(format: format(of: spec))
            for y in Swift.stride(from: 0, to: spec.pixelHeight, by: stride) {
                guard census.add(try row(y)) else { return nil }
            }
            if stride == 1 {
                return census.palette
            }
        }
        return nil
    }

    /// Renders `spec` to a PNG held in memory (see ``render(_:pipelined:shouldContinue:to:)`` for `pipelined`).
    public static func renderPNG(_ spec: GradientSpec, pipelined: Bool = false) throws(RenderError) -> [UInt8] {
        var output: [UInt8] = []
        try render(spec, pipelined: pipelined) { output.append(contentsOf: $0) }
        return output
    }
}

/// Why a rendering did not complete.
public enum RenderError: Error, Sendable, Hashable {
    /// The PNG encoder or the sink failed.
    case encoding(PNGError)
    /// A whole-frame encoder (WebP, AVIF) refused the frame; `message` is its reason.
    case frameEncoding(format: ImageFormat, message: String)
    /// The caller asked to stop.
    case cancelled
}
