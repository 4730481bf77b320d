#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line per request to a file descriptor (standard output by default) through a ``LogWriter``: the
/// request thread formats its line straight into a bounded buffer (no per-line allocation or system call) and a
/// thread of the log's own writes it, at least every ``AccessLogConfiguration/flushInterval`` (200 ms by default)
/// and as soon as ``AccessLogConfiguration/flushThresholdBytes`` are waiting (64 KiB). No request thread ever waits
/// for the descriptor: when it does not drain, lines past ``AccessLogConfiguration/bufferLimitBytes`` (1 MiB) are
/// dropped and counted in ``droppedLines`` (`gradientd_log_lines_dropped_total` on `/metrics`).
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
    private let writer: LogWriter
    private let clock = LogClock()
    /// How long ``flush()`` waits for the descriptor to take the buffered lines.
    private let flushWaitLimit: Duration

    /// A log writing `format` lines to `fileDescriptor`, buffered as `configuration` says.
    public init(
        format: Format, fileDescriptor: Int32 = STDOUT_FILENO,
        configuration: AccessLogConfiguration = AccessLogConfiguration()
    ) {
        self.format = format
        writer = LogWriter(fileDescriptor: fileDescriptor, configuration: configuration)
        flushWaitLimit = configuration.flushWaitLimit
    }

    deinit {
        writer.close()
    }

    /// Request lines dropped because the buffer was full (the descriptor was not taking them).
    public var droppedLines: Int { writer.droppedLines }

    /// Writes a free-form line (start-up and shutdown messages) as soon as the descriptor takes it, without
    /// waiting for it; such lines are never dropped.
    public func message(_ text: String) {
        let line: String
        switch format {
        case .text, .off: line = "\(clock.timestamp()) \(text)\n"
        case .json: line = "{\"time\":\"\(clock.timestamp())\",\"message\":\(JSONText.quoted(text))}\n"
        }
        writer.append(mandatory: true) { $0.append(line) }
    }

    func record(_ entry: Entry) {
        guard format != .off else { return }
        writer.append { append(entry, to: &$0) }
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

    /// Writes every buffered line, waiting at most ``AccessLogConfiguration/flushWaitLimit`` (2 s) for the
    /// descriptor to take them (at shutdown: a standard output that does not drain delays the exit by that much, no
    /// more). Returns whether every line was written.
    @discardableResult
    public func flush() -> Bool {
        writer.flush(waitingAtMost: flushWaitLimit)
    }
}
