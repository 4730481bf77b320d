#if canImport(Glibc)
    import Glibc
#endif

/// A failed socket call and its errno.
struct SocketError: Error, Sendable {
    var operation: String
    var errno: Int32
}

/// Thin wrappers over socket system calls that retry EINTR and report EAGAIN as zero bytes.
enum SocketIO {
    /// Sends `parts` (skipping `firstOffset` bytes of the first) in one `sendmsg` with `MSG_NOSIGNAL`.
    /// Returns the bytes written, 0 when the socket would block.
    static func send(
        _ socket: Int32, parts: Slice<UnsafeBufferPointer<[UInt8]>>, firstOffset: Int
    ) -> Result<
        Int, SocketError
    > {
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: parts.count) { vectors in
            fill(vectors, from: parts, index: parts.startIndex, count: 0, firstOffset: firstOffset) { count in
                sendVectors(socket, vectors: vectors.baseAddress!, count: count)
            }
        }
    }

    /// Sends up to three arrays in one `sendmsg`; returns bytes written, 0 when the socket would block.
    static func send(
        _ socket: Int32, _ first: [UInt8], _ second: [UInt8], _ third: [UInt8]
    ) -> Result<
        Int, SocketError
    > {
        first.withUnsafeBytes { a in
            second.withUnsafeBytes { b in
                third.withUnsafeBytes { c in
                    withUnsafeTemporaryAllocation(of: iovec.self, capacity: 3) { vectors in
                        var count = 0
                        func add(_ buffer: UnsafeRawBufferPointer) {
                            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
                            vectors[count] = iovec(
                                iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: buffer.count)
                            count += 1
                        }
                        add(a)
                        add(b)
                        add(c)
                        return sendVectors(socket, vectors: vectors.baseAddress!, count: count)
                    }
                }
            }
        }
    }

    private static func fill(
        _ vectors: UnsafeMutableBufferPointer<iovec>, from parts: Slice<UnsafeBufferPointer<[UInt8]>>, index: Int,
        count: Int, firstOffset: Int, then body: (Int) -> Result<Int, SocketError>
    ) -> Result<Int, SocketError> {
        guard index < parts.endIndex else { return body(count) }
        return parts[index].withUnsafeBytes { buffer in
            let skip = index == parts.startIndex ? firstOffset : 0
            var count = count
            if buffer.count > skip {
                vectors[count] = iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: buffer.baseAddress! + skip),
                    iov_len: buffer.count - skip)
                count += 1
            }
            return fill(vectors, from: parts, index: index + 1, count: count, firstOffset: firstOffset, then: body)
        }
    }

    private static func sendVectors(
        _ socket: Int32, vectors: UnsafeMutablePointer<iovec>, count: Int
    ) -> Result<
        Int, SocketError
    > {
        guard count > 0 else { return .success(0) }
        var message = msghdr()
        message.msg_iov = vectors
        message.msg_iovlen = count
        while true {
            let written = sendmsg(socket, &message, Int32(MSG_NOSIGNAL))
            if written >= 0 { return .success(written) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .success(0)
            default: return .failure(SocketError(operation: "sendmsg", errno: errno))
            }
        }
    }

    /// Reads into `buffer`: the byte count (0 at end of stream), nil when it would block.
    static func read(_ socket: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int?, SocketError> {
        while true {
            let count = Glibc.read(socket, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .success(nil)
            default: return .failure(SocketError(operation: "read", errno: errno))
            }
        }
    }
}
