/// What is known about the connection a request arrived on.
public struct HTTPConnectionInfo: Sendable {
    /// The client's address as text (`127.0.0.1`, `::1`), or empty when unknown.
    public var remoteAddress: String
    /// The client's port, or 0 when unknown.
    public var remotePort: Int

    /// Creates connection information.
    public init(remoteAddress: String = "", remotePort: Int = 0) {
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
    }
}
