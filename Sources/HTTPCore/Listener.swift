import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// Listening-socket set-up.
enum Listener {
    /// A non-blocking listening socket bound to `address` with SO_REUSEADDR and SO_REUSEPORT (so each loop can have
    /// its own on the same port).
    static func open(address: sockaddr_storage, backlog: Int) throws(HTTPServerError) -> Int32 {
        let family = Int32(address.ss_family)
        let socket = Glibc.socket(
            family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .systemCallFailed(call: "socket", errno: errno) }
        var one: Int32 = 1
        let size = socklen_t(MemoryLayout<Int32>.size)
        guard setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, size) == 0,
            setsockopt(socket, SOL_SOCKET, SO_REUSEPORT, &one, size) == 0
        else { return try fail(socket, call: "setsockopt") }
        var address = address
        let length = SocketAddress.length(of: address)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length)
            }
        }
        guard bound == 0 else { return try fail(socket, call: "bind") }
        guard listen(socket, Int32(clamping: backlog)) == 0 else { return try fail(socket, call: "listen") }
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
