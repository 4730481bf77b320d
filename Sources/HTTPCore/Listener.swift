import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// Listening-socket set-up.
enum Listener {
    /// A non-blocking listening socket bound to `address` with SO_REUSEADDR and SO_REUSEPORT (so each loop can have
    /// its own on the same port). Call ``claim(_:)`` first: SO_REUSEPORT alone would also bind beside another
    /// process's sockets.
    static func open(address: sockaddr_storage, backlog: Int) throws(HTTPServerError) -> Int32 {
        let socket = try bound(to: address, sharingPort: true)
        guard listen(socket, Int32(clamping: backlog)) == 0 else { return try fail(socket, call: "listen") }
        return socket
    }

    /// Checks that no other socket listens on `address` by binding it without SO_REUSEPORT, then lets it go; returns
    /// the address with the port the kernel picked when `address` has port 0.
    ///
    /// A listening socket elsewhere — another gradientd, with or without SO_REUSEPORT — makes this bind fail with
    /// EADDRINUSE, where a bind with SO_REUSEPORT would join it and take part of its traffic. Between this check
    /// and ``open(address:backlog:)`` a few system calls pass; a process binding the port in that window makes
    /// `open` fail (or, if it too uses SO_REUSEPORT, share the port).
    static func claim(_ address: sockaddr_storage) throws(HTTPServerError) -> sockaddr_storage {
        let socket = try bound(to: address, sharingPort: false)
        defer { _ = close(socket) }
        return try localAddress(of: socket)
    }

    private static func bound(to address: sockaddr_storage, sharingPort: Bool) throws(HTTPServerError) -> Int32 {
        let family = Int32(address.ss_family)
        let socket = Glibc.socket(
            family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .systemCallFailed(call: "socket", errno: errno) }
        var one: Int32 = 1
        let size = socklen_t(MemoryLayout<Int32>.size)
        guard setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, size) == 0,
            !sharingPort || setsockopt(socket, SOL_SOCKET, SO_REUSEPORT, &one, size) == 0
        else { return try fail(socket, call: "setsockopt") }
        var address = address
        let length = SocketAddress.length(of: address)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length)
            }
        }
        guard result == 0 else {
            let code = errno
            _ = close(socket)
            let place = SocketAddress.describe(address)
            switch code {
            case EADDRINUSE: throw .addressInUse(host: place.remoteAddress, port: place.remotePort)
            case EACCES: throw .permissionDenied(host: place.remoteAddress, port: place.remotePort)
            case EADDRNOTAVAIL: throw .addressNotAvailable(place.remoteAddress)
            default: throw .systemCallFailed(call: "bind", errno: code)
            }
        }
        return socket
    }

    /// The address `socket` is bound to.
    static func localAddress(of socket: Int32) throws(HTTPServerError) -> sockaddr_storage {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard result == 0 else { throw .systemCallFailed(call: "getsockname", errno: errno) }
        return address
    }

    private static func fail(_ socket: Int32, call: String) throws(HTTPServerError) -> Int32 {
        let code = errno
        _ = close(socket)
        throw .systemCallFailed(call: call, errno: code)
    }
}
