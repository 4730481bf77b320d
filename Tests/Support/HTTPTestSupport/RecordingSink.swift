import Dispatch
import HTTPCore
import Locking

/// A ``ResponseSink`` that keeps the bytes of one response and decodes them when it ends.
final class RecordingSink: ResponseSink {
    private let completion: @Sendable (HTTPRecordedResponse) -> Void
    private let isHead: Bool
    /// Bytes received so far, and whether the response has ended; guarded by this lock.
    private let state = LockedValue<(bytes: [UInt8], hasEnded: Bool)>(([], false))

    init(isHead: Bool, completion: @escaping @Sendable (HTTPRecordedResponse) -> Void) {
        self.isHead = isHead
        self.completion = completion
    }

    func emit(sequence: Int, _ first: [UInt8], _ second: [UInt8], _ third: [UInt8], end: ResponseEnd?) -> Bool {
        let finished: [UInt8]? = state.withLock { state in
            guard !state.hasEnded else { return nil }
            state.bytes += first
            state.bytes += second
            state.bytes += third
            guard end != nil else { return nil }
            state.hasEnded = true
            return state.bytes
        }
        if let finished, let end {
            var response = Self.decode(finished, isHead: isHead)
            if case .aborted = end { response.isComplete = false }
            completion(response)
        }
        return true
    }

    func isClientGone(sequence: Int) -> Bool { false }

    func hasCapacity(sequence: Int) -> Bool { true }

    func isHeld(sequence: Int) -> Bool { false }

    /// Always has capacity: calls `callback` back at once, from another thread, as a loop would on its next turn.
    func whenWritable(sequence: Int, _ callback: @escaping @Sendable () -> Void) -> Bool {
        DispatchQueue.global().async(execute: callback)
        return true
    }

    /// Splits serialized bytes (as ``ResponseSerializer`` writes them) into head and decoded body.
    static func decode(_ bytes: [UInt8], isHead: Bool) -> HTTPRecordedResponse {
        var lines: [ArraySlice<UInt8>] = []
        var offset = 0
        while let lineEnd = lineEnd(in: bytes, from: offset) {
            let line = bytes[offset..<lineEnd]
            offset = lineEnd + 2
            if line.isEmpty { break }
            lines.append(line)
        }
        let statusLine = lines.first ?? []
        let statusParts = statusLine.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        let status = statusParts.count > 1 ? Int(String(decoding: statusParts[1], as: UTF8.self)) ?? 0 : 0
        let reason = statusParts.count > 2 ? String(decoding: statusParts[2], as: UTF8.self) : ""
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            headers.add(
                name: String(decoding: line[line.startIndex..<colon], as: UTF8.self),
                value: String(decoding: trimmingWhitespace(line[(colon + 1)...]), as: UTF8.self))
        }
        var body = Array(bytes[min(offset, bytes.count)...])
        if isHead {
            body = []
        } else if headers["Transfer-Encoding"] == "chunked" {
            body = dechunk(body)
        }
        return HTTPRecordedResponse(
            head: HTTPResponseHead(status: status, reason: reason, headers: headers), body: body, isComplete: true)
    }

    /// `field` without the spaces and tabs around it.
    private static func trimmingWhitespace(_ field: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isWhitespace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = field.firstIndex(where: { !isWhitespace($0) }),
            let last = field.lastIndex(where: { !isWhitespace($0) })
        else { return [] }
        return field[first...last]
    }

    private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x0D && bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var body: [UInt8] = []
        var offset = 0
        while let lineEnd = lineEnd(in: bytes, from: offset),
            let size = Int(String(decoding: bytes[offset..<lineEnd], as: UTF8.self), radix: 16), size > 0,
            lineEnd + 2 + size <= bytes.count
        {
            body += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
            offset = lineEnd + 2 + size + 2
        }
        return body
    }
}
