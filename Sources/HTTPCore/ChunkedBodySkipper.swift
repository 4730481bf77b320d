/// Reads past a chunked request body (RFC 9112 §7.1) without keeping it: chunk sizes, extensions, data, the last
/// chunk and the trailer section. A pure state machine fed bytes in pieces of any size; bare LF is accepted where
/// CRLF is expected, as in the head.
struct ChunkedBodySkipper: Sendable {
    private enum State: Sendable {
        /// Reading the hex digits of a chunk size.
        case size(value: Int, digits: Int)
        /// After the size: an extension, up to the line's LF.
        case sizeLineRest(size: Int)
        /// Inside a chunk's data.
        case data(remaining: Int)
        /// After a chunk's data: CR LF (or LF).
        case dataEnd(sawCR: Bool)
        /// At the start of a trailer line, or of the empty line that ends the body.
        case trailerLineStart
        /// After a CR at the start of a trailer line.
        case trailerEndCR
        /// Inside a trailer field line.
        case trailerLine
        case finished
    }

    /// Most encoded bytes (framing included) read before the body is refused as too large.
    let limit: Int
    private var state = State.size(value: 0, digits: 0)
    private var consumedBytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether the whole body, trailers included, has been read.
    var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// Reads from `bytes` up to the end of the body; returns how many bytes belonged to it.
    mutating func skip(_ bytes: ArraySlice<UInt8>) throws(HTTPRequestError) -> Int {
        var index = bytes.startIndex
        while index < bytes.endIndex, !isFinished {
            let byte = bytes[index]
            if case .data(let remaining) = state {
                let count = min(remaining, bytes.endIndex - index)
                index += count
                state = remaining == count ? .dataEnd(sawCR: false) : .data(remaining: remaining - count)
                continue
            }
            try step(byte)
            index += 1
        }
        consumedBytes += index - bytes.startIndex
        if consumedBytes > limit { throw .bodyTooLarge(limit: limit) }
        return index - bytes.startIndex
    }

    private mutating func step(_ byte: UInt8) throws(HTTPRequestError) {
        switch state {
        case .size(let value, let digits):
            if let digit = Self.hexValue(byte) {
                let size = value * 16 + digit
                if size > limit { throw .bodyTooLarge(limit: limit) }
                state = .size(value: size, digits: digits + 1)
            } else {
                guard digits > 0 else { throw .invalidChunkedBody }
                state = .sizeLineRest(size: value)
                try step(byte)
            }
        case .sizeLineRest(let size):
            if byte == 0x0A {
                state = size == 0 ? .trailerLineStart : .data(remaining: size)
            } else if !HTTPSyntax.isFieldValueByte(byte) && byte != 0x0D {
                throw .invalidChunkedBody
            }
        case .data:
            preconditionFailure("chunk data is skipped in bulk")
        case .dataEnd(let sawCR):
            if byte == 0x0A {
                state = .size(value: 0, digits: 0)
            } else if byte == 0x0D && !sawCR {
                state = .dataEnd(sawCR: true)
            } else {
                throw .invalidChunkedBody
            }
        case .trailerLineStart:
            state = byte == 0x0A ? .finished : byte == 0x0D ? .trailerEndCR : .trailerLine
            if case .trailerLine = state, !HTTPSyntax.isTokenByte(byte) { throw .invalidChunkedBody }
        case .trailerEndCR:
            guard byte == 0x0A else { throw .invalidChunkedBody }
            state = .finished
        case .trailerLine:
            if byte == 0x0A {
                state = .trailerLineStart
            } else if !HTTPSyntax.isFieldValueByte(byte) && byte != 0x0D {
                throw .invalidChunkedBody
            }
        case .finished:
            break
        }
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
