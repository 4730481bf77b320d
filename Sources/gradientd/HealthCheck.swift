import Foundation

/// `gradientd health-check`: asks a running gradientd on this host for `/healthz` and exits 0 when it answers 200,
/// 1 otherwise — a container health check that needs no HTTP client in the image. The port is the one gradientd
/// itself would use: `--port`, else `GRADIENTD_PORT`, else 8080. The whole check is bounded by a 3-second timeout.
enum HealthCheck {
    static func run(options: GradientdOptions) -> Never {
        let port = options.port == 0 ? 8080 : options.port
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { exit(1) }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { exit(1) }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
        guard
            request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
                == request.count
        else { exit(1) }
        var response = [UInt8](repeating: 0, count: 64)
        var received = 0
        while received < 12 {
            let count = response.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress! + received, 64 - received, 0)
            }
            guard count > 0 else { break }
            received += count
        }
        close(descriptor)
        let statusLine = String(decoding: response.prefix(received), as: UTF8.self)
        exit(statusLine.hasPrefix("HTTP/1.1 200") ? 0 : 1)
    }
}
