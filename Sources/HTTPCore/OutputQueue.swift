import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Response bytes waiting for a socket that would block, kept as the caller's arrays (no copying).
struct OutputQueue: Sendable {
    private var parts: [[UInt8]] = []
    /// Bytes of `parts[0]` already written.
    private var offset = 0
    /// Bytes waiting in all.
    private(set) var byteCount = 0

    var isEmpty: Bool { byteCount == 0 }

    /// Bytes waiting in every output queue of the process (``HTTPServer/queuedOutputBytes``): added as parts are
    /// queued, taken off as they are written or as their connection is released (``releaseAccounting()``).
    static let processWideBytes = Atomic<Int>(0)

    /// Queues `part` from byte `start` on.
    mutating func append(_ part: [UInt8], from start: Int = 0) {
        guard start < part.count else { return }
        if parts.isEmpty {
            offset = start
        } else if start > 0 {
            parts.append(Array(part[start...]))
            count(part.count - start)
            return
        }
        parts.append(part)
        count(part.count - start)
    }

    private mutating func count(_ added: Int) {
        byteCount += added
        Self.processWideBytes.add(added, ordering: .relaxed)
    }

    /// Takes the bytes still queued off ``processWideBytes``: called once, as the queue's connection is released.
    func releaseAccounting() {
        Self.processWideBytes.subtract(byteCount, ordering: .relaxed)
    }

    /// Writes as much as the socket takes, at most `partsPerWrite` parts per `writev`. Returns the number of bytes
    /// written, or the errno of a failure other than EAGAIN (after which the connection is unusable).
    mutating func flush(to socket: Int32, partsPerWrite: Int) -> Result<Int, SocketError> {
        var total = 0
        while !parts.isEmpty {
            let batch = min(parts.count, max(1, partsPerWrite))
            let result = parts.withUnsafeBufferPointer { all in
                SocketIO.send(socket, parts: all[0..<batch], firstOffset: offset)
            }
            switch result {
            case .failure(let error): return .failure(error)
            case .success(let written):
                guard written > 0 else { return .success(total) }
                total += written
                consume(written)
            }
        }
        return .success(total)
    }

    private mutating func consume(_ written: Int) {
        byteCount -= written
        Self.processWideBytes.subtract(written, ordering: .relaxed)
        var remaining = written
        while remaining > 0 {
            let available = parts[0].count - offset
            if remaining >= available {
                remaining -= available
                parts.removeFirst()
                offset = 0
            } else {
                offset += remaining
                remaining = 0
            }
        }
    }
}
