import Testing

@testable import HTTPCore

struct HTTPRequestParserTests {
    static let now = ContinuousClock.now

    static func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) throws(HTTPRequestError) -> HTTPRequest? {
        var parser = HTTPRequestParser(limits: limits)
        parser.feed(Array(text.utf8))
        return try parser.nextRequest(receivedAt: now)
    }

    static func error(of text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestError? {
        do {
            _ = try parse(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static let sample =
        "GET /a%20b/c?x=1&y=%41 HTTP/1.1\r\nHost: example.com\r\nUser-Agent: test\r\nAccept:  */*  \r\n"
        + "X-Empty:\r\n\r\n"

    @Test func parsesARequestIdenticallyAtEverySplitPoint() throws {
        let bytes = Array(Self.sample.utf8)
        for split in 0...bytes.count {
            var parser = HTTPRequestParser(limits: HTTPLimits())
            parser.feed(bytes[0..<split])
            let early = try parser.nextRequest(receivedAt: Self.now)
            #expect(early == nil || split == bytes.count)
            parser.feed(bytes[split...])
            let late = try parser.nextRequest(receivedAt: Self.now)
            let request = try #require(early ?? late)
            #expect(request.method == "GET")
            #expect(request.target == "/a%20b/c?x=1&y=%41")
            #expect(request.path == "/a b/c")
            #expect(request.query == "x=1&y=%41")
            #expect(request.version == .http1_1)
            #expect(request.headers["host"] == "example.com")
            #expect(request.headers["ACCEPT"] == "*/*")
            #expect(request.headers["x-empty"] == "")
            #expect(request.headers.map(\.name) == ["Host", "User-Agent", "Accept", "X-Empty"])
            #expect(!parser.hasPartialRequest)
        }
    }

    @Test func parsesARequestFedOneByteAtATime() throws {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        var request: HTTPRequest?
        for byte in Self.sample.utf8 {
            #expect(request == nil)
            parser.feed([byte])
            request = try parser.nextRequest(receivedAt: Self.now)
        }
        #expect(request?.path == "/a b/c")
    }

    @Test func yieldsPipelinedRequestsOneAtATime() throws {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.feed(
            Array("GET /1 HTTP/1.1\r\nHost: a\r\n\r\nHEAD /2 HTTP/1.1\r\nHost: a\r\n\r\nGET /3 HTTP/1.0\r\n\r\nGE".utf8)
        )
        #expect(try parser.nextRequest(receivedAt: Self.now)?.path == "/1")
        #expect(try parser.nextRequest(receivedAt: Self.now)?.isHead == true)
        #expect(try parser.nextRequest(receivedAt: Self.now)?.version == .http1_0)
        #expect(try parser.nextRequest(receivedAt: Self.now) == nil)
        #expect(parser.hasPartialRequest)
    }

    @Test func acceptsBareLineFeedsAndLeadingEmptyLines() throws {
        let request = try #require(try Self.parse("\r\n\nGET / HTTP/1.1\nHost: a\n\n"))
        #expect(request.headers["host"] == "a")
    }

    @Test(
        arguments: [
            ("GET http://example.com/p%2Fq?a=b HTTP/1.1", "/p/q", "a=b"),
            ("GET HTTPS://example.com HTTP/1.1", "/", nil),
            ("GET http://example.com?z HTTP/1.1", "/", "z"),
            ("OPTIONS * HTTP/1.1", "*", nil),
        ] as [(String, String, String?)])
    func reducesTargetsToPathAndQuery(line: String, path: String, query: String?) throws {
        let request = try #require(try Self.parse(line + "\r\nHost: a\r\n\r\n"))
        #expect(request.path == path)
        #expect(request.query.map(String.init) == query)
    }

    @Test func acceptsARequestLineExactlyAtTheLimit() throws {
        let limits = HTTPLimits(maxRequestLineBytes: 64)
        let line = "GET /" + String(repeating: "a", count: 64 - 14) + " HTTP/1.1"
        #expect(line.utf8.count == 64)
        #expect(try Self.parse(line + "\r\nHost: a\r\n\r\n", limits: limits) != nil)
        let tooLong = "GET /" + String(repeating: "a", count: 64 - 13) + " HTTP/1.1"
        #expect(Self.error(of: tooLong + "\r\nHost: a\r\n\r\n", limits: limits) == .requestLineTooLong(limit: 64))
        #expect(HTTPRequestError.requestLineTooLong(limit: 64).statusCode == 414)
    }

    @Test func refusesAnOverlongRequestLineBeforeItEnds() {
        let limits = HTTPLimits(maxRequestLineBytes: 64)
        #expect(Self.error(of: "GET /" + String(repeating: "a", count: 100), limits: limits) != nil)
        #expect(Self.error(of: "GET /" + String(repeating: "a", count: 50), limits: limits) == nil)
    }

    @Test func acceptsAHeaderSectionExactlyAtTheLimitAndRefusesOneByteMore() {
        let limits = HTTPLimits(maxHeaderSectionBytes: 40)
        let fields = "Host: a\r\nX: " + String(repeating: "v", count: 40 - 9 - 5) + "\r\n"
        #expect(fields.utf8.count == 40)
        #expect(Self.error(of: "GET / HTTP/1.1\r\n" + fields + "\r\n", limits: limits) == nil)
        let over = "Host: a\r\nX: " + String(repeating: "v", count: 40 - 9 - 4) + "\r\n"
        #expect(
            Self.error(of: "GET / HTTP/1.1\r\n" + over + "\r\n", limits: limits) == .headerSectionTooLarge(limit: 40))
        #expect(Self.error(of: "GET / HTTP/1.1\r\nX: " + String(repeating: "v", count: 80), limits: limits) != nil)
    }

    @Test func refusesMoreFieldsThanTheLimit() {
        let limits = HTTPLimits(maxHeaderFields: 3)
        #expect(Self.error(of: "GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\n\r\n", limits: limits) == nil)
        let error = Self.error(of: "GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: limits)
        #expect(error == .tooManyHeaderFields(limit: 3))
        #expect(error?.statusCode == 431)
    }

    @Test(arguments: [
        ("Content-Length: 0\r\nTransfer-Encoding: chunked", HTTPRequestError.contentLengthWithTransferEncoding),
        ("Transfer-Encoding: chunked\r\nContent-Length: 5", .contentLengthWithTransferEncoding),
        ("Content-Length: 1\r\nContent-Length: 2", .conflictingContentLength),
        ("Content-Length: 0\r\nContent-Length: 0", .conflictingContentLength),
        ("Content-Length: 1, 2", .conflictingContentLength),
        ("Content-Length: -1", .invalidContentLength),
        ("Content-Length: 1x", .invalidContentLength),
        ("Transfer-Encoding: gzip", .unsupportedTransferCoding),
        ("Transfer-Encoding: gzip, chunked", .unsupportedTransferCoding),
        ("Transfer-Encoding: chunked", .bodyNotAllowed),
        ("Content-Length: 3", .bodyNotAllowed),
        ("X: a\u{0}b", .malformedHeader),
        ("X: a\r\n b", .obsoleteLineFolding),
        ("X : a", .malformedHeader),
        ("X\u{1}: a", .malformedHeader),
        (": a", .malformedHeader),
        ("X a", .malformedHeader),
        ("X: a\u{7F}", .malformedHeader),
        ("X: a\rb", .malformedHeader),
        ("Host: b", .duplicateHost),
    ])
    func refusesSmugglingAndMalformedFields(fields: String, expected: HTTPRequestError) {
        let error = Self.error(of: "GET / HTTP/1.1\r\nHost: a\r\n" + fields + "\r\n\r\n")
        #expect(error == expected)
        #expect(error?.statusCode == (expected == .bodyNotAllowed ? 413 : 400))
    }

    @Test func acceptsAZeroContentLength() {
        #expect(Self.error(of: "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n") == nil)
    }

    @Test(arguments: [
        ("GET /\r\n\r\n", HTTPRequestError.malformedRequestLine),
        ("GET / HTTP/1.1 extra\r\n\r\n", .malformedRequestLine),
        ("GET  / HTTP/1.1\r\n\r\n", .malformedRequestLine),
        (" GET / HTTP/1.1\r\n\r\n", .malformedRequestLine),
        ("G(T / HTTP/1.1\r\n\r\n", .malformedRequestLine),
        ("GET / HTTP/1.x\r\n\r\n", .malformedRequestLine),
        ("GET / http/1.1\r\n\r\n", .malformedRequestLine),
        ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", .unsupportedVersion),
        ("GET / HTTP/3.0\r\n\r\n", .unsupportedVersion),
        ("GET /a%zz HTTP/1.1\r\n\r\n", .invalidTarget),
        ("GET /a%ff HTTP/1.1\r\n\r\n", .invalidTarget),
        ("GET a/b HTTP/1.1\r\n\r\n", .invalidTarget),
        ("GET * HTTP/1.1\r\n\r\n", .invalidTarget),
        ("GET ftp://x/ HTTP/1.1\r\n\r\n", .invalidTarget),
        ("GET / HTTP/1.1\r\n\r\n", .missingHost),
    ])
    func refusesBadRequestLines(text: String, expected: HTTPRequestError) {
        #expect(Self.error(of: text) == expected)
    }

    @Test func staysFailedAfterAnError() {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.feed(Array("BAD\r\n\r\n".utf8))
        #expect(throws: HTTPRequestError.malformedRequestLine) { try parser.nextRequest(receivedAt: Self.now) }
        parser.feed(Array("GET / HTTP/1.0\r\n\r\n".utf8))
        #expect(throws: HTTPRequestError.malformedRequestLine) { try parser.nextRequest(receivedAt: Self.now) }
    }

    @Test func http10NeedsNoHost() throws {
        #expect(try Self.parse("GET / HTTP/1.0\r\n\r\n")?.version == .http1_0)
    }

    static let post = "POST /g HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
    static let next = "GET /next HTTP/1.1\r\nHost: a\r\n\r\n"

    /// Feeds `text` in two pieces split at every byte; expects the paths of `paths` each time and nothing left over.
    static func expectPathsAtEverySplitPoint(_ text: String, _ paths: [String]) throws {
        let bytes = Array(text.utf8)
        for split in 0...bytes.count {
            var parser = HTTPRequestParser(limits: HTTPLimits())
            var parsed: [String] = []
            for piece in [bytes[0..<split], bytes[split...]] {
                parser.feed(piece)
                while let request = try parser.nextRequest(receivedAt: Self.now) { parsed.append(request.path) }
            }
            #expect(parsed == paths, "split at \(split)")
            #expect(!parser.hasPartialRequest)
        }
    }

    @Test func skipsTheSmallBodyOfAnotherMethodAtEverySplitPoint() throws {
        try Self.expectPathsAtEverySplitPoint(Self.post + Self.next, ["/g", "/next"])
    }

    @Test func aBinaryBodyIsNotCheckedAsAHead() throws {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.feed(Array("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 256\r\n\r\n".utf8) + Array(0...255))
        parser.feed(Array(Self.next.utf8))
        #expect(try parser.nextRequest(receivedAt: Self.now)?.method == "POST")
        #expect(try parser.nextRequest(receivedAt: Self.now)?.path == "/next")
    }

    @Test func aBodyStillToComeCountsAsAPartialRequest() throws {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.feed(Array("DELETE /g HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nab".utf8))
        #expect(try parser.nextRequest(receivedAt: Self.now)?.method == "DELETE")
        #expect(parser.hasPartialRequest)
        parser.feed(Array("cdGET / HTTP/1.0\r\n\r\n".utf8))
        #expect(try parser.nextRequest(receivedAt: Self.now)?.method == "GET")
        #expect(!parser.hasPartialRequest)
    }

    @Test(arguments: [
        ("POST", "Content-Length: 65537", HTTPRequestError.bodyTooLarge(limit: 65536), 413),
        ("GET", "Content-Length: 1", .bodyNotAllowed, 413),
        ("HEAD", "Content-Length: 1", .bodyNotAllowed, 413),
        ("OPTIONS", "Transfer-Encoding: chunked", .bodyNotAllowed, 413),
    ])
    func refusesBodiesItWillNotSkip(method: String, field: String, expected: HTTPRequestError, status: Int) {
        let error = Self.error(of: "\(method) / HTTP/1.1\r\nHost: a\r\n\(field)\r\n\r\n")
        #expect(error == expected)
        #expect(error?.statusCode == status)
    }

    static let chunkedPost =
        "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5;name=value\r\nhello\r\nA\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n"

    @Test func skipsAChunkedBodyWithExtensionsAndTrailersAtEverySplitPoint() throws {
        try Self.expectPathsAtEverySplitPoint(Self.chunkedPost + Self.next, ["/c", "/next"])
    }

    @Test func skipsAChunkedBodyWithBareLineFeedsAndNoTrailers() throws {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.feed(Array("PUT / HTTP/1.1\nHost: a\nTransfer-Encoding: chunked\n\n3\nabc\n0\n\n\(Self.next)".utf8))
        #expect(try parser.nextRequest(receivedAt: Self.now)?.method == "PUT")
        #expect(try parser.nextRequest(receivedAt: Self.now)?.path == "/next")
    }

    @Test(arguments: [
        ("zz\r\n", HTTPRequestError.invalidChunkedBody),
        ("\r\n", .invalidChunkedBody),
        ("3\r\nabcd\r\n", .invalidChunkedBody),
        ("3\r\nabc\r\r\n", .invalidChunkedBody),
        ("1\u{1}\r\n", .invalidChunkedBody),
        ("0\r\n: no name\r\n\r\n", .invalidChunkedBody),
        ("10001\r\n", .bodyTooLarge(limit: 65536)),
        ("FFFFFFFFFFFFFFFFFFFFFFFF\r\n", .bodyTooLarge(limit: 65536)),
        (String(repeating: "1\r\nx\r\n", count: 11000), .bodyTooLarge(limit: 65536)),
    ])
    func refusesAMalformedOrOverlongChunkedBody(body: String, expected: HTTPRequestError) {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.feed(Array("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(body)".utf8))
        #expect(throws: expected) {
            while try parser.nextRequest(receivedAt: Self.now) != nil {}
        }
    }

    @Test func acceptsABodyExactlyAtTheLimit() throws {
        let limits = HTTPLimits(maxDiscardedBodyBytes: 3)
        #expect(try Self.parse("PATCH / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc", limits: limits) != nil)
        #expect(
            Self.error(of: "PATCH / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\n", limits: limits)
                == .bodyTooLarge(limit: 3))
    }

    /// Heads that cannot become valid, fed without a line end: each fails as soon as the bad byte is in.
    @Test(arguments: [
        ([0x00], HTTPRequestError.malformedRequestLine),
        (Array("GE(".utf8), .malformedRequestLine),
        (Array("\r\nG\u{7F}".utf8), .malformedRequestLine),
        (Array("GET /a\u{1}".utf8), .malformedRequestLine),
        (Array("GET / HTTP/1.1\r\nHost: a\r\nX: \u{1B}[2J".utf8), .malformedHeader),
        (Array(0...255) + Array(0...255), .malformedRequestLine),
    ])
    func refusesAnImpossibleByteAsItArrives(bytes: [UInt8], expected: HTTPRequestError) {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.feed(bytes)
        #expect(throws: expected) { try parser.nextRequest(receivedAt: Self.now) }
    }

    @Test func checksBytesFedInPiecesOnce() throws {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        for piece in ["GET /a?b=", "c HTTP/1.1\r", "\nHost: a\r\nX-Y: \t z\r\n", "\r\n"] {
            parser.feed(Array(piece.utf8))
            if let request = try parser.nextRequest(receivedAt: Self.now) {
                #expect(request.headers["x-y"] == "z")
                return
            }
        }
        Issue.record("no request")
    }
}
