import Foundation

/// A blocking loopback client with a receive timeout, for server tests.
final class LoopbackClient {
    let socket: Int32

    /// Connects to 127.0.0.1:`port`; every read gives up after `timeout`.
    init(port: Int, timeout: Duration = .seconds(10)) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LoopbackClientError.failed("socket") }
        var time = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socket)
            throw LoopbackClientError.failed("connect")
        }
    }

    deinit { close(socket) }

    func send(_ text: String) {
        send(bytes: Array(text.utf8))
    }

    func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Sends a GET (or `method`) for `target` with `Host`.
    func request(_ target: String, method: String = "GET", headers: String = "") {
        send("\(method) \(target) HTTP/1.1\r\nHost: test\r\n\(headers)\r\n")
    }

    /// Makes the next close send a reset rather than a FIN.
    func resetOnClose() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    private var received: [UInt8] = []

    /// Reads until at least `count` bytes arrived (or the timeout passes); returns what arrived.
    func readAtLeast(_ count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while received.count < count {
            let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard read > 0 else { break }
            received.append(contentsOf: buffer[0..<read])
        }
        return received
    }

    /// Reads until `count` complete responses arrived; `headOnly` for responses to HEAD.
    func readResponses(_ count: Int, headOnly: Bool = false) throws -> [WireResponse] {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let (responses, consumed) = WireResponse.parseAll(received, headOnly: headOnly)
            if responses.count >= count {
                received.removeFirst(consumed)
                return responses
            }
            let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard read > 0 else { throw LoopbackClientError.failed("recv after \(received.count) bytes") }
            received.append(contentsOf: buffer[0..<read])
        }
    }

    /// Reads until the server closes; returns whether it closed (rather than timing out).
    func waitForClose() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if read > 0 {
                received.append(contentsOf: buffer[0..<read])
                continue
            }
            return read == 0 || errno == ECONNRESET
        }
    }
}

enum LoopbackClientError: Error {
    case failed(String)
}
