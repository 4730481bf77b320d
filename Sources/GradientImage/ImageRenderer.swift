import AVIFEncoding
import GradientCore
import WebPEncoding

/// Renders an ``ImageIdentity`` to its bytes, in any format: the one entry point of the CLI, the service and the
/// benchmark, so that all three produce identical bytes for the same identity.
public enum ImageRenderer {
    /// Renders `identity` and hands its bytes to `sink`. PNG is streamed as it is encoded (memory O(width), and
    /// `pipelined` as in ``GradientPNG/render(_:pipelined:shouldContinue:to:)``); WebP and AVIF rasterize the
    /// whole frame (``ImageIdentity/frameMemoryBytes``), encode it and hand the file over in one piece; SVG writes
    /// its document (no pixels) in one piece.
    /// `shouldContinue` is asked between rows; when it returns false the render stops with
    /// `RenderError.cancelled`.
    public static func render(
        _ identity: ImageIdentity, pipelined: Bool = false, shouldContinue: () -> Bool = { true },
        to sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws(RenderError) {
        let bytes: [UInt8]
        switch identity.settings {
        case .png:
            return try GradientPNG.render(
                identity.spec, pipelined: pipelined, shouldContinue: shouldContinue, to: sink)
        case .webp(let settings):
            bytes = try encodeWebP(identity.spec, settings: settings, shouldContinue: shouldContinue)
        case .avif(let settings):
            bytes = try encodeAVIF(identity.spec, settings: settings, shouldContinue: shouldContinue)
        case .svg:
            do {
                bytes = Array(try SVGExport.document(for: identity.spec).utf8)
            } catch {
                throw .frameEncoding(format: .svg, message: error.detail)
            }
        }
        do {
            try bytes.withUnsafeBytes { try sink($0) }
        } catch {
            throw .encoding(.sinkFailed(message: "\(error)"))
        }
    }

    /// Renders `identity` to bytes held in memory.
    public static func renderImage(_ identity: ImageIdentity, pipelined: Bool = false) throws(RenderError) -> [UInt8] {
        var output: [UInt8] = []
        try render(identity, pipelined: pipelined) { output.append(contentsOf: $0) }
        return output
    }

    /// Lossless WebP of the spec's 8-bit rows (dithered as the spec says), the same pixels as its PNG.
    private static func encodeWebP(
        _ spec: GradientSpec, settings: WebPSettings, shouldContinue: () -> Bool
    ) throws(RenderError) -> [UInt8] {
        var rasterizer = Rasterizer(spec: spec)
        let rowBytes = rasterizer.bytesPerRow
        let frame = UnsafeMutableRawBufferPointer.allocate(byteCount: rowBytes * spec.pixelHeight, alignment: 16)
        defer { frame.deallocate() }
        for y in 0..<spec.pixelHeight {
            guard shouldContinue() else { throw .cancelled }
            rasterizer.renderRow(y, into: UnsafeMutableRawBufferPointer(rebasing: frame[(y * rowBytes)...]))
        }
        do {
            return try WebPEncoder.encode(
                pixels: UnsafeRawBufferPointer(frame), width: spec.pixelWidth, height: spec.pixelHeight,
                channels: rasterizer.bytesPerPixel, settings: settings,
                iccProfile: spec.gamut == .displayP3 ? DisplayP3Profile.bytes : nil)
        } catch {
            throw .frameEncoding(format: .webp, message: error.message)
        }
    }

    /// AVIF of the spec's pixels: 16-bit rows of the ramp for 10- and 12-bit files, the 8-bit (dithered) rows for
    /// 8-bit ones, each sample widened to `UInt16` as the encoder takes them. Rows go to the encoder's planes a band
    /// at a time, so no frame of samples is held besides them.
    private static func encodeAVIF(
        _ spec: GradientSpec, settings: AVIFSettings, shouldContinue: () -> Bool
    ) throws(RenderError) -> [UInt8] {
        var source = spec
        if settings.bitDepth > 8 {
            source.depth = .sixteen
            source.dither = false
        }
        var rasterizer = Rasterizer(spec: source)
        let channels = rasterizer.isOpaque ? 3 : 4
        let samplesPerRow = spec.pixelWidth * channels
        let bandRows = AVIFFrameEncoder.preferredBandRows
        let band = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: samplesPerRow * bandRows)
        defer { band.deallocate() }
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rasterizer.bytesPerRow, alignment: 16)
        defer { row.deallocate() }
        do {
            let encoder = try AVIFFrameEncoder(
                width: spec.pixelWidth, height: spec.pixelHeight, channels: channels, settings: settings,
                colorPrimaries: spec.gamut == .displayP3 ? .displayP3 : .sRGB)
            var bandStart = 0
            while bandStart < spec.pixelHeight {
                let rows = min(bandRows, spec.pixelHeight - bandStart)
                for index in 0..<rows {
                    guard shouldContinue() else { throw RenderError.cancelled }
                    rasterizer.renderRow(bandStart + index, into: row)
                    let start = index * samplesPerRow
                    if source.depth == .sixteen {
                        for sample in 0..<samplesPerRow {
                            band[start + sample] = UInt16(row[2 * sample]) << 8 | UInt16(row[2 * sample + 1])
                        }
                    } else {
                        for sample in 0..<samplesPerRow { band[start + sample] = UInt16(row[sample]) }
                    }
                }
                try encoder.write(
                    rows: UnsafeBufferPointer(rebasing: band[..<(rows * samplesPerRow)]), at: bandStart)
                bandStart += rows
            }
            return try encoder.encode()
        } catch let error as AVIFEncodingError {
            throw .frameEncoding(format: .avif, message: error.message)
        } catch let error as RenderError {
            throw error
        } catch {
            throw .frameEncoding(format: .avif, message: "\(error)")
        }
    }
}
