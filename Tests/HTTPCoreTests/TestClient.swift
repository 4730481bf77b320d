import Foundation

/// A blocking loopback client with a receive timeout, for server tests.
final class TestClient {
    let socket: Int32

    /// Connects to `host`:`port`; every read gives up after `timeout`.
    init(host: String = "127.0.0.1", port: Int, timeout: Duration = .seconds(5)) throws {
        let isIPv6 = host.contains(":")
        socket = Glibc.socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestClientError.failed("socket") }
        var time = timeval(
            tv_sec: Int(timeout.components.seconds), tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            close(socket)
            throw TestClientError.failed("connect")
        }
    }

    deinit { close(socket) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Reads until the server closes the connection or the timeout passes; returns the bytes and whether it closed.
    func readUntilClose() -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else {
                return (String(decoding: received, as: UTF8.self), count == 0 || errno == ECONNRESET)
            }
        }
    }

    /// Reads until `received` contains `count` complete responses framed by Content-Length or chunked coding
    /// (bodies are skipped for responses listed in `headOnly`).
    func readResponses(_ count: Int, headOnly: Bool = false) throws -> [TestResponse] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let responses = TestResponse.parseAll(received, headOnly: headOnly), responses.count >= count {
                return responses
            }
            let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard read > 0 else { throw TestClientError.failed("recv after \(received.count) bytes") }
            received.append(contentsOf: buffer[0..<read])
        }
    }
}

enum TestClientError: Error {
    case failed(String)
}

/// A response as read by ``TestClient``.
struct TestResponse {
    var status: Int
    var headers: [(String, String)]
    var body: String

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// Every complete response in `bytes`, or nil if the first is incomplete.
    static func parseAll(_ bytes: [UInt8], headOnly: Bool) -> [TestResponse]? {
        var responses: [TestResponse] = []
        var rest = bytes[...]
        while let (response, consumed) = parse(rest, headOnly: headOnly) {
            responses.append(response)
            rest = rest.dropFirst(consumed)
        }
        return responses
    }

    private static func parse(_ bytes: ArraySlice<UInt8>, headOnly: Bool) -> (TestResponse, Int)? {
        let text = Array(bytes)
        guard let end = find([13, 10, 13, 10], in: text, from: 0) else { return nil }
        let lines = String(decoding: text[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = Int(lines[0].split(separator: " ")[1]) else { return nil }
        let headers = lines.dropFirst().map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        var response = TestResponse(status: status, headers: headers, body: "")
        var position = end + 4
        if headOnly { return (response, position) }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            guard text.count >= position + length else { return nil }
            response.body = String(decoding: text[position..<(position + length)], as: UTF8.self)
            return (response, position + length)
        }
        if response.header("Transfer-Encoding") == "chunked" {
            var body: [UInt8] = []
            while true {
                guard let lineEnd = find([13, 10], in: text, from: position),
                    let size = Int(String(decoding: text[position..<lineEnd], as: UTF8.self), radix: 16)
                else { return nil }
                let start = lineEnd + 2
                guard text.count >= start + size + 2 else { return nil }
                body.append(contentsOf: text[start..<(start + size)])
                position = start + size + 2
                if size == 0 {
                    response.body = String(decoding: body, as: UTF8.self)
                    return (response, position)
                }
            }
        }
        return (response, position)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
