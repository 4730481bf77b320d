import GradientCore
import PNGEncoding

/// A render that can stop between rows and go on later, on any thread, from where it stopped: the bytes it hands
/// to its sink are exactly those of ``ImageRenderer/render(_:pipelined:shouldContinue:to:)``.
///
/// A PNG keeps its rasterizer, its row and its encoder between calls, so a paused render resumes at its next row.
/// WebP and AVIF encode whole frames: their bytes come in one piece at the end, and a frame interrupted before
/// then is rendered again from its first row (the service only pauses a render for bytes it already sent).
/// The palette pass of an indexed PNG sends no bytes and is likewise started again when interrupted.
///
/// Not thread-safe: one thread at a time may call ``advance(while:)``, which is what a render job that is
/// either running on one worker or parked guarantees.
public final class ImageRenderTask {
    private enum Stage {
        /// Nothing done yet (or a frame or palette pass interrupted).
        case notStarted
        /// PNG rows `nextRow...` remain.
        case encodingRows(encoder: PNGEncoder, nextRow: Int)
        case finished
    }

    private let identity: ImageIdentity
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private var rasterizer: Rasterizer
    private let row: UnsafeMutableRawBufferPointer
    private var stage = Stage.notStarted

    /// A render of `identity` that will hand its bytes to `sink`, in order, as ``advance(while:)`` produces them.
    public init(_ identity: ImageIdentity, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.identity = identity
        self.sink = sink
        rasterizer = Rasterizer(spec: identity.spec)
        row = .allocate(byteCount: max(1, rasterizer.bytesPerRow), alignment: 16)
    }

    deinit {
        row.deallocate()
    }

    /// Whether every byte has been handed to the sink.
    public var isFinished: Bool {
        if case .finished = stage { return true }
        return false
    }

    /// Renders while `shouldProceed()` (asked before each row) holds, handing bytes to the sink. Returns true once
    /// the image is complete; false when `shouldProceed()` answered false, after which a later call goes on.
    public func advance(while shouldProceed: () -> Bool) throws(RenderError) -> Bool {
        switch stage {
        case .finished:
            return true
        case .notStarted:
            guard case .png = identity.settings else { return try renderFrame(while: shouldProceed) }
            let palette: PNGPalette?
            do {
                palette = try GradientPNG.palette(of: identity.spec, shouldContinue: shouldProceed)
            } catch .cancelled {
                return false
            }
            do {
                let encoder = try PNGEncoder(
                    format: GradientPNG.format(of: identity.spec), palette: palette,
                    options: GradientPNG.encoderOptions(of: identity.spec),
                    ancillaryChunks: GradientPNG.colorSpaceChunks(of: identity.spec), sink: sink)
                stage = .encodingRows(encoder: encoder, nextRow: 0)
            } catch {
                throw .encoding(error)
            }
            return try advance(while: shouldProceed)
        case .encodingRows(let encoder, var nextRow):
            defer { if !isFinished { stage = .encodingRows(encoder: encoder, nextRow: nextRow) } }
            do {
                while nextRow < identity.spec.pixelHeight {
                    guard shouldProceed() else { return false }
                    rasterizer.renderRow(nextRow, into: row)
                    try encoder.writeRow(UnsafeRawBufferPointer(row))
                    nextRow += 1
                }
                try encoder.finish()
            } catch {
                stage = .finished
                throw .encoding(error)
            }
            stage = .finished
            return true
        }
    }

    /// WebP and AVIF: the whole frame, then its bytes in one piece; false (and nothing sent) when interrupted.
    private func renderFrame(while shouldProceed: () -> Bool) throws(RenderError) -> Bool {
        do {
            try ImageRenderer.render(identity, shouldContinue: shouldProceed, to: sink)
        } catch .cancelled {
            return false
        }
        stage = .finished
        return true
    }
}
