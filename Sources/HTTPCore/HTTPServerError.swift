#if canImport(Glibc)
    import Glibc
#endif

/// Why the server could not start; ``description`` says it as a sentence for the person starting it.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host is not an IPv4 or IPv6 literal.
    case invalidAddress(String)
    /// The port is outside 0–65535.
    case invalidPort(Int)
    /// Another socket already listens on the address and port (EADDRINUSE).
    case addressInUse(host: String, port: Int)
    /// The process may not bind the port (EACCES: a port below 1024 without the capability).
    case permissionDenied(host: String, port: Int)
    /// The address belongs to no interface of this host (EADDRNOTAVAIL).
    case addressNotAvailable(String)
    /// `start()` was called twice.
    case alreadyStarted
    /// Another system call failed with `errno`.
    case systemCallFailed(call: String, errno: Int32)

    /// A sentence naming the address and what went wrong, without a trailing period.
    public var description: String {
        switch self {
        case .invalidAddress(let host):
            "the host must be an IPv4 or IPv6 literal such as 127.0.0.1 or ::1, got \"\(host)\""
        case .invalidPort(let port): "the port must be an integer from 0 to 65535, got \(port)"
        case .addressInUse(let host, let port):
            "cannot listen on \(Self.show(host, port)): the address is already in use"
        case .permissionDenied(let host, let port):
            "cannot listen on \(Self.show(host, port)): permission denied (ports below 1024 need privileges)"
        case .addressNotAvailable(let host): "cannot listen on \(host): no interface of this host has that address"
        case .alreadyStarted: "the server was already started"
        case .systemCallFailed(let call, let code): "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }

    private static func show(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
