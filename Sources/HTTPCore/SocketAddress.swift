#if canImport(Glibc)
    import Glibc
#endif

/// Parsing and printing of numeric IPv4 and IPv6 socket addresses.
enum SocketAddress {
    /// A bindable address for the literal `host` (`127.0.0.1`, `::1`, `0.0.0.0`, `::`) and `port`; host names and
    /// anything else are refused rather than falling back to every interface.
    static func parse(host: String, port: Int) throws(HTTPServerError) -> sockaddr_storage {
        guard (0...65535).contains(port) else { throw .invalidPort(port) }
        var storage = sockaddr_storage()
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    address.pointee.sin_family = sa_family_t(AF_INET)
                    address.pointee.sin_port = in_port_t(UInt16(port).bigEndian)
                    address.pointee.sin_addr = ipv4
                }
            }
            return storage
        }
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, literal, &ipv6) == 1 {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    address.pointee.sin6_family = sa_family_t(AF_INET6)
                    address.pointee.sin6_port = in_port_t(UInt16(port).bigEndian)
                    address.pointee.sin6_addr = ipv6
                }
            }
            return storage
        }
        throw .invalidAddress(host)
    }

    /// The byte size of the address structure for `storage`'s family.
    static func length(of storage: sockaddr_storage) -> socklen_t {
        socklen_t(
            Int32(storage.ss_family) == AF_INET6
                ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
    }

    /// The port of an IPv4 or IPv6 address.
    static func port(of storage: sockaddr_storage) -> Int {
        var storage = storage
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }

    /// The address and port as connection information.
    static func describe(_ storage: sockaddr_storage) -> HTTPConnectionInfo {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = Int32(storage.ss_family)
        withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var raw = address.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                }
            } else if family == AF_INET {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var raw = address.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
            }
        }
        let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return HTTPConnectionInfo(remoteAddress: address, remotePort: port(of: storage))
    }
}
