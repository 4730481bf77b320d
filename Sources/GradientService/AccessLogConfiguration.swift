/// How an ``AccessLog`` buffers its lines before its writer thread writes them.
public struct AccessLogConfiguration: Sendable, Equatable {
    /// Longest time a line waits in the buffer before the writer thread writes it. Default 200 milliseconds.
    public var flushInterval: Duration
    /// Buffered bytes at which the writer thread is woken to write them at once. Default 65536 bytes (64 KiB).
    public var flushThresholdBytes: Int
    /// Most bytes of request lines waiting to be written (besides the batch the writer thread is writing); a line
    /// that does not fit is dropped and counted (`gradientd_log_lines_dropped_total`), so that a standard output
    /// that does not drain never holds up a request. Default 1,048,576 bytes (1 MiB); `gradientd --log-buffer`.
    public var bufferLimitBytes: Int
    /// Longest time ``AccessLog/flush()`` (at shutdown) waits for the descriptor to take the buffered lines.
    /// Default 2 seconds.
    public var flushWaitLimit: Duration

    /// Creates a configuration; every argument defaults to the value documented on its property.
    public init(
        flushInterval: Duration = .milliseconds(200), flushThresholdBytes: Int = 64 * 1024,
        bufferLimitBytes: Int = 1024 * 1024, flushWaitLimit: Duration = .seconds(2)
    ) {
        self.flushInterval = flushInterval
        self.flushThresholdBytes = flushThresholdBytes
        self.bufferLimitBytes = bufferLimitBytes
        self.flushWaitLimit = flushWaitLimit
    }
}
