#if canImport(Glibc)
    import Glibc
#endif

/// Where and how the server listens.
public struct HTTPServerConfiguration: Sendable {
    /// An IPv4 or IPv6 literal to bind: `127.0.0.1`, `::1`, `0.0.0.0`, `::`. Default `127.0.0.1`.
    public var host: String
    /// The TCP port; 0 picks a free one (see ``HTTPServer/boundPort``). Default 8080.
    public var port: Int
    /// Limits applied to every connection.
    public var limits: HTTPLimits
    /// Number of event-loop threads, each with its own listening socket (SO_REUSEPORT). Default: the number of
    /// active processors.
    public var eventLoopCount: Int
    /// Length of each listening socket's accept queue, in connections. Default 1024.
    public var backlog: Int
    /// Time a graceful shutdown (``HTTPServer/shutdown(deadline:)`` as `gradientd` calls it on SIGTERM or SIGINT)
    /// lets responses under way finish before the remaining connections are closed. Default 10 seconds.
    public var drainTimeout: Duration

    /// Creates a configuration; every argument defaults to the value documented on its property.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, limits: HTTPLimits = HTTPLimits(), eventLoopCount: Int? = nil,
        backlog: Int = 1024, drainTimeout: Duration = .seconds(10)
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.eventLoopCount = max(1, eventLoopCount ?? HTTPServerConfiguration.activeProcessorCount)
        self.backlog = backlog
        self.drainTimeout = drainTimeout
    }

    /// Whether `host` is an address literal the server can bind: IPv4 (`127.0.0.1`) or IPv6 (`::1`, also in
    /// brackets). Host names are not resolved.
    public static func isAddressLiteral(_ host: String) -> Bool {
        (try? SocketAddress.parse(host: host, port: 0)) != nil
    }

    static var activeProcessorCount: Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
