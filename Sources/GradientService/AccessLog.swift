import Dispatch
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line per request to a file descriptor (standard output by default), buffered and flushed at least
/// every ``AccessLogConfiguration/flushInterval`` (200 ms by default), when
/// ``AccessLogConfiguration/flushThresholdBytes`` are waiting (64 KiB), and by ``flush()``. A line is formatted straight into the shared buffer
/// (no per-line allocation or system call), and the buffer is written outside the lock that request threads take.
public final class AccessLog: Sendable {
    /// How lines are written.
    public enum Format: String, Sendable, CaseIterable {
        /// `time method target status bytes duration cache`, space-separated; the target with non-printable and
        /// non-ASCII bytes escaped as `\xNN`.
        case text
        /// One JSON object per line with the keys `time`, `method`, `target`, `status`, `bytes`, `duration_ms`,
        /// `cache`.
        case json
        /// No request lines; start-up and shutdown messages are still written, as with `text`.
        case off
    }

    /// One finished request.
    struct Entry {
        var method: String
        var target: String
        var status: Int
        var bytes: Int
        var duration: Duration
        /// `hit`, `miss` or `-` for responses that are not images.
        var cache: String
    }

    let format: Format
    /// Buffered bytes at which ``record(_:)`` flushes.
    private let flushThresholdBytes: Int
    private let fileDescriptor: Int32
    /// Lines not yet written; guarded by this lock.
    private let buffer = LockedValue<[UInt8]>([])
    /// The buffer being written, swapped with ``buffer`` by ``flush()``; guarded by this lock, held while writing,
    /// so that lines are written in order.
    private let writing = LockedValue<[UInt8]>([])
    private let clock = LogClock()
    /// The periodic flush; guarded by this lock.
    private let timer: LockedValue<DispatchSourceTimer?>

    /// A log writing `format` lines to `fileDescriptor`, buffered as `configuration` says.
    public init(
        format: Format, fileDescriptor: Int32 = STDOUT_FILENO,
        configuration: AccessLogConfiguration = AccessLogConfiguration()
    ) {
        self.format = format
        self.fileDescriptor = fileDescriptor
        flushThresholdBytes = configuration.flushThresholdBytes
        let interval = DispatchTimeInterval.milliseconds(
            max(1, Int(configuration.flushInterval / .milliseconds(1))))
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "gradientd.access-log"))
        source.schedule(deadline: .now() + interval, repeating: interval)
        timer = LockedValue(source)
        timer.withLock { source in
            source?.setEventHandler { [weak self] in self?.flush() }
            source?.resume()
        }
    }

    deinit {
        timer.withLock { $0?.cancel() }
        flush()
    }

    /// Writes a free-form line (start-up and shutdown messages) at once.
    public func message(_ text: String) {
        let line: String
        switch format {
        case .text, .off: line = "\(clock.timestamp()) \(text)\n"
        case .json: line = "{\"time\":\"\(clock.timestamp())\",\"message\":\(JSONText.quoted(text))}\n"
        }
        buffer.withLock { $0.append(contentsOf: line.utf8) }
        flush()
    }

    func record(_ entry: Entry) {
        guard format != .off else { return }
        let isFull = buffer.withLock { buffer in
            var line = LogLine(continuing: buffer)
            buffer = []
            append(entry, to: &line)
            buffer = line.bytes
            return buffer.count >= flushThresholdBytes
        }
        if isFull { flush() }
    }

    private func append(_ entry: Entry, to line: inout LogLine) {
        switch format {
        case .text, .off:
            clock.appendTimestamp(to: &line)
            line.append(byte: UInt8(ascii: " "))
            line.append(entry.method)
            line.append(byte: UInt8(ascii: " "))
            line.appendEscapedForText(entry.target)
            line.append(byte: UInt8(ascii: " "))
            line.append(entry.status)
            line.append(byte: UInt8(ascii: " "))
            line.append(entry.bytes)
            line.append(byte: UInt8(ascii: " "))
            line.appendMilliseconds(entry.duration)
            line.append("ms ")
            line.append(entry.cache)
        case .json:
            line.append("{\"time\":\"")
            clock.appendTimestamp(to: &line)
            line.append("\",\"method\":")
            line.appendJSONQuoted(entry.method)
            line.append(",\"target\":")
            line.appendJSONQuoted(entry.target)
            line.append(",\"status\":")
            line.append(entry.status)
            line.append(",\"bytes\":")
            line.append(entry.bytes)
            line.append(",\"duration_ms\":")
            line.appendMilliseconds(entry.duration)
            line.append(",\"cache\":\"")
            line.append(entry.cache)
            line.append("\"}")
        }
        line.append(byte: UInt8(ascii: "\n"))
    }

    /// Writes every buffered line.
    public func flush() {
        writing.withLock { pending in
            buffer.withLock { swap(&$0, &pending) }
            var offset = 0
            while offset < pending.count {
                let written = pending[offset...].withUnsafeBytes { write(fileDescriptor, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
            pending.removeAll(keepingCapacity: true)
        }
    }
}
