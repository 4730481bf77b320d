/// How an ``AccessLog`` buffers its lines before writing them.
public struct AccessLogConfiguration: Sendable, Equatable {
    /// Longest time a line waits in the buffer before the periodic flush writes it. Default 200 milliseconds.
    public var flushInterval: Duration
    /// Buffered bytes at which the request that adds a line writes the buffer at once. Default 65536 bytes
    /// (64 KiB).
    public var flushThresholdBytes: Int

    /// Creates a configuration; every argument defaults to the value documented on its property.
    public init(flushInterval: Duration = .milliseconds(200), flushThresholdBytes: Int = 64 * 1024) {
        self.flushInterval = flushInterval
        self.flushThresholdBytes = flushThresholdBytes
    }
}
