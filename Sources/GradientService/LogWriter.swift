import Dispatch
import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// Writes log bytes to a file descriptor from a thread of its own, so that no request thread ever waits for the
/// descriptor: a stalled standard output (a full pipe to a log shipper) stops the log, never the serving.
///
/// Lines wait in a buffer bounded by ``AccessLogConfiguration/bufferLimitBytes``; a line that does not fit is
/// dropped and counted (``droppedLines``) instead of waiting. The writer thread takes the whole buffer at once and
/// writes it, blocking only itself (a batch larger than twice the threshold is freed once written, so only about
/// twice the threshold stays allocated between bursts); it wakes when ``AccessLogConfiguration/flushThresholdBytes`` are waiting, when
/// ``flush(waitingAtMost:)`` asks, and every ``AccessLogConfiguration/flushInterval``.
final class LogWriter: Sendable {
    private struct State {
        /// Bytes waiting for the writer thread.
        var pending: [UInt8] = []
        /// Bytes accepted since the start, and bytes the writer has finished with (written, or given up on after a
        /// write error).
        var acceptedBytes = 0
        var finishedBytes = 0
        var droppedLines = 0
        /// Whether the writer has been woken and not yet taken the buffer.
        var isWakeRequested = false
        var isClosed = false
    }

    private let fileDescriptor: Int32
    private let limitBytes: Int
    private let thresholdBytes: Int
    /// Guarded by this lock.
    private let state = LockedValue(State())
    /// Signalled to wake the writer thread.
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled by the writer thread after each batch, for ``flush(waitingAtMost:)``.
    private let batchFinished = DispatchSemaphore(value: 0)

    /// Starts the writer thread for `fileDescriptor`, buffering as `configuration` says.
    init(fileDescriptor: Int32, configuration: AccessLogConfiguration) {
        self.fileDescriptor = fileDescriptor
        limitBytes = max(0, configuration.bufferLimitBytes)
        thresholdBytes = max(1, configuration.flushThresholdBytes)
        let interval = max(Duration.milliseconds(1), configuration.flushInterval)
        let thread = Thread { [self] in run(interval: interval) }
        thread.name = "access-log"
        thread.start()
    }

    /// Lines dropped because the buffer was full.
    var droppedLines: Int { state.withLock { $0.droppedLines } }

    /// Appends one line, written by `build` at the end of the buffer (no allocation once the buffer has grown),
    /// unless the buffer would pass its bound: then the line is dropped and counted. A `mandatory` line (start-up
    /// and shutdown messages) is kept whatever the bound.
    func append(mandatory: Bool = false, _ build: (inout LogLine) -> Void) {
        let shouldWake = state.withLock { state -> Bool in
            let start = state.pending.count
            var line = LogLine(continuing: state.pending)
            state.pending = []
            build(&line)
            state.pending = line.bytes
            if !mandatory && state.pending.count > limitBytes {
                state.pending.removeLast(state.pending.count - start)
                state.droppedLines += 1
                return false
            }
            state.acceptedBytes += state.pending.count - start
            guard mandatory || state.pending.count >= thresholdBytes, !state.isWakeRequested else { return false }
            state.isWakeRequested = true
            return true
        }
        if shouldWake { wake.signal() }
    }

    /// Has every byte appended so far written, waiting at most `limit` for it; returns whether they were. The
    /// caller waits, never the descriptor's other users: a descriptor that does not drain costs `limit`, no more.
    @discardableResult
    func flush(waitingAtMost limit: Duration) -> Bool {
        let target = requestWake()
        let deadline = ContinuousClock.now + limit
        while true {
            if state.withLock({ $0.finishedBytes >= target }) { return true }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let slice = min(left, .milliseconds(50))
            _ = batchFinished.wait(timeout: .now() + .microseconds(Int(slice / .microseconds(1))))
        }
    }

    /// Lets the writer thread write what is buffered and end.
    func close() {
        state.withLock { $0.isClosed = true }
        wake.signal()
    }

    /// Wakes the writer; returns the bytes accepted so far.
    private func requestWake() -> Int {
        let (accepted, shouldWake) = state.withLock { state -> (Int, Bool) in
            let shouldWake = !state.isWakeRequested
            state.isWakeRequested = true
            return (state.acceptedBytes, shouldWake)
        }
        if shouldWake { wake.signal() }
        return accepted
    }

    private func run(interval: Duration) {
        let timeout = DispatchTimeInterval.microseconds(Int(interval / .microseconds(1)))
        var batch: [UInt8] = []
        while true {
            _ = wake.wait(timeout: .now() + timeout)
            let isClosed = state.withLock { state -> Bool in
                swap(&state.pending, &batch)
                state.isWakeRequested = false
                return state.isClosed
            }
            if !batch.isEmpty {
                write(batch)
                state.withLock { $0.finishedBytes += batch.count }
                // A batch that grew past twice the threshold (the writer fell behind) is let go, so that a burst's
                // buffers go back to the system instead of staying resident for the life of the process.
                if batch.capacity > 2 * thresholdBytes {
                    batch = []
                } else {
                    batch.removeAll(keepingCapacity: true)
                }
                batchFinished.signal()
            }
            if isClosed && state.withLock({ $0.pending.isEmpty }) { return }
        }
    }

    /// Writes `bytes` whole, blocking this thread while the descriptor is full; gives up on an error other than
    /// `EINTR` (a closed descriptor or pipe: nothing more can be written there).
    private func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
