import Foundation

/// A blocking loopback client with send and receive timeouts, for the tests that talk to a server over a socket.
public final class LoopbackClient {
    /// The connected socket.
    public let socket: Int32
    /// Whether ``close()`` already closed ``socket``, so that `deinit` does not close its number a second time (by
    /// then it may name another test's descriptor).
    private var isClosed = false
    /// Bytes read but not yet returned as a response.
    private var received: [UInt8] = []

    /// Connects to `host` (a loopback address literal, `127.0.0.1` or `::1`) at `port`; every send and read gives
    /// up after `timeout`.
    public init(host: String = "127.0.0.1", port: Int, timeout: Duration = .seconds(10)) throws {
        let isIPv6 = host.contains(":")
        socket = Glibc.socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LoopbackClientError.failed("socket") }
        var time = timeval(
            tv_sec: Int(timeout.components.seconds), tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = Self.connect(socket, to: address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &address.sin_addr)
            result = Self.connect(socket, to: address)
        }
        guard result == 0 else {
            Glibc.close(socket)
            throw LoopbackClientError.failed("connect")
        }
    }

    deinit { close() }

    /// Closes the socket now, once; later calls and `deinit` do nothing.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(socket)
    }

    /// Connects `socket` to `address`, a `sockaddr_in` or `sockaddr_in6`; returns `connect`'s result.
    private static func connect<Address>(_ socket: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    /// Sends `text` as UTF-8, stopping early if the connection fails.
    public func send(_ text: String) {
        send(bytes: Array(text.utf8))
    }

    /// Sends `bytes`, stopping early if the connection fails.
    public func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Sends a GET (or `method`) for `target` with `Host` and the field lines in `headers`.
    public func request(_ target: String, method: String = "GET", headers: String = "") {
        send("\(method) \(target) HTTP/1.1\r\nHost: test\r\n\(headers)\r\n")
    }

    /// Makes the next close send a reset rather than a FIN.
    public func resetOnClose() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Reads until at least `count` bytes arrived (or the timeout passes); returns what arrived.
    public func readAtLeast(_ count: Int) -> [UInt8] {
        while received.count < count, readMore() > 0 {}
        return received
    }

    /// Reads until `count` complete responses arrived, framed by Content-Length or chunked coding; `headOnly` for
    /// responses to HEAD. Bytes after them stay for the next read.
    public func readResponses(_ count: Int, headOnly: Bool = false) throws -> [WireResponse] {
        while true {
            let (responses, consumed) = WireResponse.parseAll(received, headOnly: headOnly)
            if responses.count >= count {
                received.removeFirst(consumed)
                return responses
            }
            guard readMore() > 0 else { throw LoopbackClientError.failed("recv after \(received.count) bytes") }
        }
    }

    /// Reads until the server closes or the timeout passes; returns whether it closed (rather than timing out).
    public func waitForClose() -> Bool {
        while true {
            let read = readMore()
            if read <= 0 { return read == 0 || errno == ECONNRESET }
        }
    }

    /// Reads until the server closes or the timeout passes; returns every byte not yet returned, as text, and
    /// whether the server closed.
    public func readUntilClose() -> (text: String, closed: Bool) {
        let closed = waitForClose()
        defer { received.removeAll() }
        return (String(decoding: received, as: UTF8.self), closed)
    }

    /// One `recv` into `received`; returns its result.
    private func readMore() -> Int {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if read > 0 { received.append(contentsOf: buffer[0..<read]) }
        return read
    }
}

/// Why a ``LoopbackClient`` could not connect or read.
public enum LoopbackClientError: Error {
    /// The named step failed.
    case failed(String)
}
