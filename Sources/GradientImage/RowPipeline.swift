import Dispatch
import GradientCore
import Locking

/// Rasterizes rows on a second thread while the caller's thread encodes them: a ring of `bandCount` bands of
/// `rowsPerBand` rows (``RowPipelineConfiguration``), handed over with two semaphores. Memory stays O(width): the ring holds a fixed number of
/// rows whatever the height.
///
/// `@unchecked Sendable`: the ring buffer is shared by the two threads, but each band belongs to exactly one of
/// them at a time — the producer between `free.wait()` and `filled.signal()`, the consumer between
/// `filled.wait()` and `free.signal()` — and `isStopped` is an atomic flag read only between bands.
final class RowPipeline: @unchecked Sendable {
    let rowsPerBand: Int
    let bandCount: Int
    let bytesPerRow: Int
    let height: Int
    private let ring: UnsafeMutableRawBufferPointer
    /// Free bands. Created at zero and raised to `bandCount` in `init`: libdispatch traps when a semaphore is freed
    /// with a value below the one it was created with, as this one is when the producer waits on a full ring at
    /// `stop()`.
    private let free = DispatchSemaphore(value: 0)
    private let filled = DispatchSemaphore(value: 0)
    private let producerDone = DispatchGroup()
    private let stopFlag = StopFlag()

    /// Starts rasterizing `rasterizer`'s rows on a global queue, in the ring `configuration` describes.
    init(rasterizer: Rasterizer, height: Int, configuration: RowPipelineConfiguration = .standard) {
        rowsPerBand = configuration.rowsPerBand
        bandCount = configuration.bandCount
        bytesPerRow = rasterizer.bytesPerRow
        self.height = height
        ring = .allocate(byteCount: max(1, bandCount * rowsPerBand * rasterizer.bytesPerRow), alignment: 16)
        for _ in 0..<bandCount { free.signal() }
        producerDone.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var rasterizer = rasterizer
            var band = 0
            while band * rowsPerBand < height {
                free.wait()
                guard !stopFlag.isSet else { break }
                for y in band * rowsPerBand..<min(height, (band + 1) * rowsPerBand) {
                    rasterizer.renderRow(y, into: row(y))
                }
                filled.signal()
                band += 1
            }
            producerDone.leave()
        }
    }

    deinit {
        stop()
        ring.deallocate()
    }

    /// The ring slot of row `y`.
    private func row(_ y: Int) -> UnsafeMutableRawBufferPointer {
        let slot = (y / rowsPerBand) % bandCount * rowsPerBand + y % rowsPerBand
        return UnsafeMutableRawBufferPointer(rebasing: ring[(slot * bytesPerRow)..<((slot + 1) * bytesPerRow)])
    }

    /// Hands every row, in order, to `consume`; stops the producer and rethrows when `consume` throws.
    func forEachRow(_ consume: (_ y: Int, _ row: UnsafeRawBufferPointer) throws -> Void) rethrows {
        defer { stop() }
        var y = 0
        while y < height {
            filled.wait()
            let end = min(height, y + rowsPerBand)
            while y < end {
                try consume(y, UnsafeRawBufferPointer(row(y)))
                y += 1
            }
            free.signal()
        }
    }

    /// Stops the producer and waits until it has left the ring.
    private func stop() {
        guard stopFlag.set() else { return }
        for _ in 0..<bandCount { free.signal() }
        producerDone.wait()
    }
}

/// A flag set once, from any thread.
final class StopFlag: Sendable {
    private let value = LockedValue(false)

    var isSet: Bool { value.withLock { $0 } }

    /// Sets the flag; true if this call was the one that set it.
    func set() -> Bool {
        value.withLock { isSet in
            defer { isSet = true }
            return !isSet
        }
    }
}
