#if canImport(Glibc)
    import Glibc
#endif

/// An incremental HTTP/1.x request-head parser: a pure state machine fed bytes in pieces of any size.
///
/// Feed bytes with ``feed(_:)``, then call ``nextRequest(receivedAt:)`` until it returns nil (more bytes needed).
/// Pipelined requests come out one per call. After an error the parser stays failed: the connection must close.
///
/// Line endings: CRLF, or a bare LF (RFC 9112 §2.2 allows recognising LF alone; the CR before it is ignored).
/// A CR not followed by LF inside a line is malformed. Empty lines before a request line are skipped.
///
/// Bytes that can never be part of a valid head (a non-token byte in the method, a control byte in the request line
/// or a field line) fail the parser as soon as they are fed, without waiting for the line to end.
///
/// Bodies: GET, HEAD and OPTIONS take none (413). Any other method may carry a body of at most
/// ``HTTPLimits/maxDiscardedBodyBytes`` (with `Content-Length`, or chunked, framing included): its request is
/// returned at once (the handler refuses the method) and the body is skipped before the next request, so the
/// connection stays in step. A larger body is refused with 413 as soon as its size is known, a malformed chunked one
/// with 400.
struct HTTPRequestParser: Sendable {
    let limits: HTTPLimits
    /// Bytes received and not yet consumed by a returned request.
    private(set) var buffer: [UInt8] = []
    /// Where the search for the next LF resumes.
    private var scanOffset = 0
    /// Index of the LF ending the request line, once found.
    private var requestLineEnd: Int?
    /// Where the line being scanned starts.
    private var lineStart = 0
    /// Field lines seen so far in the current head.
    private var fieldLineCount = 0
    private var failure: HTTPRequestError?
    /// The body of the last returned request, while it is being skipped.
    private var bodySkip: BodySkip?
    /// How far the bytes of the current head have been checked for bytes that cannot belong to it.
    private var checkedOffset = 0
    /// Where the byte check is within the current head.
    private var checkPhase = CheckPhase.method

    /// How the body being skipped is framed, and how much of it is left.
    private enum BodySkip {
        case length(remaining: Int)
        case chunked(ChunkedBodySkipper)
    }

    /// The part of a head that ``checkedOffset`` is in.
    private enum CheckPhase {
        case method, requestLine, lineStart, lineStartAfterCR, fieldLine
        /// Past the empty line ending the head: what follows (a body, the next request) is not this head's.
        case headEnd
    }

    init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// Whether bytes of an unfinished request are buffered.
    var hasPartialRequest: Bool { !buffer.isEmpty || bodySkip != nil }

    /// Whether the body of the last returned request is still being skipped.
    var isSkippingBody: Bool { bodySkip != nil }

    /// Appends received bytes.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    /// Appends received bytes.
    mutating func feed(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete request, nil when more bytes are needed.
    mutating func nextRequest(receivedAt: ContinuousClock.Instant) throws(HTTPRequestError) -> HTTPRequest? {
        if let failure { throw failure }
        do {
            try skipBodyBytes()
            guard bodySkip == nil else { return nil }
            guard let headEnd = try findEndOfHead() else { return nil }
            let (request, body) = try parseHead(upTo: headEnd, receivedAt: receivedAt)
            consume(headEnd)
            bodySkip = body
            try skipBodyBytes()
            return request
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func consume(_ count: Int) {
        if count == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else {
            buffer.removeFirst(count)
        }
        scanOffset = 0
        lineStart = 0
        requestLineEnd = nil
        fieldLineCount = 0
        checkedOffset = 0
        checkPhase = .method
    }

    /// Drops buffered bytes of a body being skipped; clears ``bodySkip`` at the body's end.
    private mutating func skipBodyBytes() throws(HTTPRequestError) {
        guard let skip = bodySkip, !buffer.isEmpty else { return }
        let count: Int
        switch skip {
        case .length(let remaining):
            count = min(remaining, buffer.count)
            bodySkip = count == remaining ? nil : .length(remaining: remaining - count)
        case .chunked(var skipper):
            count = try skipper.skip(buffer[...])
            bodySkip = skipper.isFinished ? nil : .chunked(skipper)
        }
        if count == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else {
            buffer.removeFirst(count)
        }
    }

    /// Checks the bytes fed since the last call for bytes no valid head can hold, so that garbage is refused as it
    /// arrives rather than when its line ends (or the header timeout fires).
    private mutating func checkNewBytes() throws(HTTPRequestError) {
        var index = checkedOffset
        let end = buffer.count
        while index < end, checkPhase != .headEnd {
            let byte = buffer[index]
            switch checkPhase {
            case .method:
                if byte == 0x20 {
                    checkPhase = .requestLine
                } else if byte == 0x0A {
                    checkPhase = .lineStart
                } else if !HTTPSyntax.isTokenByte(byte) && byte != 0x0D {
                    throw .malformedRequestLine
                }
            case .requestLine:
                if byte == 0x0A {
                    checkPhase = .lineStart
                } else if byte < 0x20 && byte != 0x0D || byte == 0x7F {
                    throw .malformedRequestLine
                }
            case .lineStart, .lineStartAfterCR:
                if byte == 0x0A {
                    checkPhase = .headEnd
                } else if byte == 0x0D && checkPhase == .lineStart {
                    checkPhase = .lineStartAfterCR
                } else {
                    checkPhase = .fieldLine
                    continue
                }
            case .fieldLine:
                if byte == 0x0A {
                    checkPhase = .lineStart
                } else if byte < 0x20 && byte != 0x09 && byte != 0x0D || byte == 0x7F {
                    throw .malformedHeader
                }
            case .headEnd:
                break
            }
            index += 1
        }
        checkedOffset = end
    }

    /// Scans for the empty line ending the head, checking limits as lines complete; returns the index just past it.
    private mutating func findEndOfHead() throws(HTTPRequestError) -> Int? {
        while requestLineEnd == nil, let first = buffer.first, first == 0x0A || first == 0x0D {
            if first == 0x0D {
                guard buffer.count >= 2 else { return nil }
                guard buffer[1] == 0x0A else { throw .malformedRequestLine }
                buffer.removeFirst(2)
            } else {
                buffer.removeFirst()
            }
            scanOffset = 0
            lineStart = 0
            checkedOffset = 0
        }
        try checkNewBytes()
        while let lf = indexOfLF(from: scanOffset) {
            scanOffset = lf + 1
            let lineLength = lf > lineStart && buffer[lf - 1] == 0x0D ? lf - 1 - lineStart : lf - lineStart
            lineStart = lf + 1
            if let requestLineEnd {
                if lineLength == 0 { return lf + 1 }
                fieldLineCount += 1
                if fieldLineCount > limits.maxHeaderFields { throw .tooManyHeaderFields(limit: limits.maxHeaderFields) }
                if lf + 1 - (requestLineEnd + 1) > limits.maxHeaderSectionBytes {
                    throw .headerSectionTooLarge(limit: limits.maxHeaderSectionBytes)
                }
            } else {
                if lineLength > limits.maxRequestLineBytes {
                    throw .requestLineTooLong(limit: limits.maxRequestLineBytes)
                }
                requestLineEnd = lf
            }
        }
        scanOffset = buffer.count
        if let requestLineEnd {
            if buffer.count - (requestLineEnd + 1) > limits.maxHeaderSectionBytes + 2 {
                throw .headerSectionTooLarge(limit: limits.maxHeaderSectionBytes)
            }
        } else if buffer.count > limits.maxRequestLineBytes + 1 {
            throw .requestLineTooLong(limit: limits.maxRequestLineBytes)
        }
        return nil
    }

    private func indexOfLF(from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            guard let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) else { return nil }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private func parseHead(
        upTo headEnd: Int, receivedAt: ContinuousClock.Instant
    ) throws(HTTPRequestError)
        -> (request: HTTPRequest, body: BodySkip?)
    {
        let lineEnd = requestLineEnd!
        let line = Self.stripCR(buffer[0..<lineEnd])
        let (method, targetBytes, version) = try Self.parseRequestLine(line)
        let target = try RequestTarget(parsing: targetBytes, method: method)
        let headers = try parseFields(from: lineEnd + 1, to: headEnd)
        let connectionOptions = ConnectionOptions(headers: headers)
        let body = try Self.validateSemantics(headers, method: method, version: version, limits: limits)
        let request = HTTPRequest(
            method: method, target: String(decoding: targetBytes, as: UTF8.self), target: target, version: version,
            headers: headers, receivedAt: receivedAt, connectionOptions: connectionOptions)
        return (request, body)
    }

    private static func stripCR(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == 0x0D ? line.dropLast() : line
    }

    private static func parseRequestLine(
        _ line: ArraySlice<UInt8>
    ) throws(HTTPRequestError)
        -> (String, ArraySlice<UInt8>, HTTPVersion)
    {
        guard let firstSpace = line.firstIndex(of: 0x20), firstSpace > line.startIndex else {
            throw .malformedRequestLine
        }
        let methodBytes = line[line.startIndex..<firstSpace]
        guard methodBytes.allSatisfy(HTTPSyntax.isTokenByte) else { throw .malformedRequestLine }
        let afterMethod = line[(firstSpace + 1)...]
        guard let secondSpace = afterMethod.firstIndex(of: 0x20), secondSpace > afterMethod.startIndex else {
            throw .malformedRequestLine
        }
        let target = line[afterMethod.startIndex..<secondSpace]
        guard target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .malformedRequestLine }
        let versionBytes = line[(secondSpace + 1)...]
        guard versionBytes.count == 8, versionBytes.starts(with: "HTTP/".utf8),
            versionBytes[versionBytes.startIndex + 6] == UInt8(ascii: ".")
        else { throw .malformedRequestLine }
        let major = versionBytes[versionBytes.startIndex + 5] &- UInt8(ascii: "0")
        let minor = versionBytes[versionBytes.startIndex + 7] &- UInt8(ascii: "0")
        guard major <= 9, minor <= 9 else { throw .malformedRequestLine }
        guard major == 1, minor <= 1 else { throw .unsupportedVersion }
        return (String(decoding: methodBytes, as: UTF8.self), target, HTTPVersion(major: 1, minor: Int(minor)))
    }

    private func parseFields(from start: Int, to headEnd: Int) throws(HTTPRequestError) -> HTTPHeaders {
        let storage = Array(buffer[start..<headEnd])
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(fieldLineCount)
        var lineStart = 0
        while lineStart < storage.count {
            let lf = storage[lineStart...].firstIndex(of: 0x0A)!
            let line = Self.stripCR(storage[lineStart..<lf])
            lineStart = lf + 1
            guard let first = line.first else { break }
            if first == 0x20 || first == 0x09 { throw .obsoleteLineFolding }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                throw .malformedHeader
            }
            let name = line[line.startIndex..<colon]
            guard name.allSatisfy(HTTPSyntax.isTokenByte) else { throw .malformedHeader }
            let value = HTTPSyntax.trimmingWhitespace(line[(colon + 1)...])
            guard value.allSatisfy(HTTPSyntax.isFieldValueByte) else { throw .malformedHeader }
            fields.append(
                HTTPHeaders.Field(name: name.startIndex..<name.endIndex, value: value.startIndex..<value.endIndex))
        }
        return HTTPHeaders(bytes: storage, fields: fields)
    }

    /// Host and message framing checks (RFC 9112 §3.2, §6.1, §6.3): no smuggling, and no bodies but small ones on
    /// methods this server refuses anyway. Returns how to skip the body, nil when there is none.
    private static func validateSemantics(
        _ headers: HTTPHeaders, method: String, version: HTTPVersion, limits: HTTPLimits
    ) throws(HTTPRequestError) -> BodySkip? {
        var hostCount = 0
        var contentLengths = 0
        var contentLength = 0
        var hasTransferEncoding = false
        var hasUnknownCoding = false
        for field in headers.fields {
            let name = headers.bytes[field.name]
            let value = headers.bytes[field.value]
            if HTTPSyntax.equalsIgnoringCase(name, hostName) {
                hostCount += 1
            } else if HTTPSyntax.equalsIgnoringCase(name, contentLengthName) {
                let elements = HTTPSyntax.listElements(value)
                if elements.isEmpty { throw .invalidContentLength }
                for element in elements {
                    guard element.count <= 18, element.allSatisfy({ $0 &- UInt8(ascii: "0") <= 9 }) else {
                        throw .invalidContentLength
                    }
                    contentLengths += 1
                    contentLength = element.reduce(0) { $0 * 10 + Int($1 &- UInt8(ascii: "0")) }
                }
            } else if HTTPSyntax.equalsIgnoringCase(name, transferEncodingName) {
                hasTransferEncoding = true
                for coding in HTTPSyntax.listElements(value) where !HTTPSyntax.equalsIgnoringCase(coding, chunked) {
                    hasUnknownCoding = true
                }
            }
        }
        if hasTransferEncoding && contentLengths > 0 { throw .contentLengthWithTransferEncoding }
        if contentLengths > 1 { throw .conflictingContentLength }
        if hasUnknownCoding { throw .unsupportedTransferCoding }
        if hostCount > 1 { throw .duplicateHost }
        if hostCount == 0 && version == .http1_1 { throw .missingHost }
        guard hasTransferEncoding || contentLength > 0 else { return nil }
        if bodylessMethods.contains(method) { throw .bodyNotAllowed }
        if hasTransferEncoding { return .chunked(ChunkedBodySkipper(limit: limits.maxDiscardedBodyBytes)) }
        if contentLength > limits.maxDiscardedBodyBytes { throw .bodyTooLarge(limit: limits.maxDiscardedBodyBytes) }
        return .length(remaining: contentLength)
    }

    /// Methods that never carry a body here: the ones the server answers.
    private static let bodylessMethods: Set<String> = ["GET", "HEAD", "OPTIONS"]

    private static let hostName = Array("host".utf8)
    private static let contentLengthName = Array("content-length".utf8)
    private static let transferEncodingName = Array("transfer-encoding".utf8)
    private static let chunked = Array("chunked".utf8)
}
