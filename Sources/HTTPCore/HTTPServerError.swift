/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, Equatable {
    /// The host is not an IPv4 or IPv6 literal.
    case invalidAddress(String)
    /// The port is outside 0–65535.
    case invalidPort(Int)
    /// `start()` was called twice.
    case alreadyStarted
    /// A system call failed with `errno` (for example `bind` with EADDRINUSE).
    case systemCallFailed(call: String, errno: Int32)
}
