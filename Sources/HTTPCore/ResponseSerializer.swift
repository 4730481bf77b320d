/// How a response body is delimited on the wire.
enum ResponseFraming {
    /// `Content-Length: n`.
    case contentLength(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
    /// No framing field: the body ends when the connection closes (HTTP/1.0 streams), or there is no body.
    case none
}

/// Writes response heads as bytes.
enum ResponseSerializer {
    /// The status line and fields of `head`, plus `Date`, the framing field and `Connection` as needed, and the
    /// empty line. Fields of `head` named Date, Content-Length, Transfer-Encoding or Connection are left out.
    static func serialize(
        _ head: HTTPResponseHead, framing: ResponseFraming, keepAlive: Bool, requestVersion: HTTPVersion
    ) -> [UInt8] {
        var bytes = statusLineAndFields(of: head, reservingExtra: HTTPDate.fieldLineLength + 64)
        HTTPDate.shared.appendFieldLine(to: &bytes)
        appendTail(framing: framing, keepAlive: keepAlive, requestVersion: requestVersion, to: &bytes)
        return bytes
    }

    /// The status line and the fields of `head` that are not server-managed, with room for `extra` more bytes.
    static func statusLineAndFields(of head: HTTPResponseHead, reservingExtra extra: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + extra + head.headers.bytes.count + head.headers.count * 4)
        bytes.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(head.status, to: &bytes)
        bytes.append(0x20)
        for byte in head.reason.utf8 where byte != 0x0D && byte != 0x0A { bytes.append(byte) }
        bytes.append(contentsOf: crlf)
        let headers = head.headers
        for field in headers.fields where !isServerManaged(headers.bytes[field.name]) {
            bytes.append(contentsOf: headers.bytes[field.name])
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: headers.bytes[field.value])
            bytes.append(contentsOf: crlf)
        }
        return bytes
    }

    /// Appends what follows the `Date` line: the framing field, `Connection` as needed, and the empty line.
    static func appendTail(
        framing: ResponseFraming, keepAlive: Bool, requestVersion: HTTPVersion, to bytes: inout [UInt8]
    ) {
        switch framing {
        case .contentLength(let length):
            bytes.append(contentsOf: "Content-Length: ".utf8)
            appendDecimal(length, to: &bytes)
            bytes.append(contentsOf: crlf)
        case .chunked:
            bytes.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8)
        case .none:
            break
        }
        if !keepAlive {
            bytes.append(contentsOf: "Connection: close\r\n".utf8)
        } else if requestVersion == .http1_0 {
            bytes.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        bytes.append(contentsOf: crlf)
    }

    /// The line that starts a chunk of `size` bytes: its size in hexadecimal and CRLF.
    static func chunkHeader(size: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(18)
        var shift = (Int.bitWidth - size.leadingZeroBitCount + 3) / 4 * 4 - 4
        if shift < 0 { shift = 0 }
        while shift >= 0 {
            bytes.append(hexDigits[(size >> shift) & 0xF])
            shift -= 4
        }
        bytes.append(contentsOf: crlf)
        return bytes
    }

    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static let managedNames: [[UInt8]] = ["date", "content-length", "transfer-encoding", "connection"].map {
        Array($0.utf8)
    }

    private static func isServerManaged(_ name: ArraySlice<UInt8>) -> Bool {
        managedNames.contains { HTTPSyntax.equalsIgnoringCase(name, $0) }
    }

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(max(value, 0)))
            return
        }
        appendDecimal(value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
