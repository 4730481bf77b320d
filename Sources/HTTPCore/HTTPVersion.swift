/// An HTTP/1.x protocol version.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// The major version, always 1 for a parsed request.
    public var major: Int
    /// The minor version, 0 or 1 for a parsed request.
    public var minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    /// `HTTP/major.minor`.
    public var description: String { "HTTP/\(major).\(minor)" }
}
