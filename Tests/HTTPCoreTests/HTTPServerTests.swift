import Foundation
import HTTPTestSupport
import Testing

@testable import HTTPCore

@Suite(.hangGuard(minutes: 1))
struct HTTPServerTests {
    /// Starts a server on `host`:0 with `limits`, runs `body`, then shuts it down.
    static func withServer(
        host: String = "127.0.0.1", limits: HTTPLimits = HTTPLimits(), handler: TestHandler = TestHandler(),
        _ body: (HTTPServer, Int) throws -> Void
    ) throws {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: host, port: 0, limits: limits, eventLoopCount: 2),
            handler: handler)
        try server.start()
        defer {
            server.shutdown(deadline: .seconds(1))
            server.waitUntilStopped()
        }
        try body(server, try #require(server.boundPort))
    }

    /// A writer that waits for capacity stops once the connection holds its bound (64 KiB) unread, long before its
    /// 32 MiB are written, and finishes as the client reads them all.
    @Test func aStreamWriterPausesWhileTheClientDoesNotRead() throws {
        let handler = TestHandler()
        let total = TestHandler.pacedChunkCount * 64 * 1024
        try Self.withServer(limits: HTTPLimits(maxQueuedStreamBytes: 64 * 1024), handler: handler) { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(10))
            client.send("GET /paced HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let deadline = ContinuousClock.now + .seconds(20)
            while handler.pacedBytesAtFirstWait.load(ordering: .relaxed) < 0 && ContinuousClock.now < deadline {
                usleep(10_000)
            }
            let writtenBeforeWaiting = handler.pacedBytesAtFirstWait.load(ordering: .relaxed)
            #expect(writtenBeforeWaiting > 0 && writtenBeforeWaiting < total / 2)
            let (text, closed) = client.readUntilClose()
            #expect(closed && text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(text.utf8.count(where: { $0 == 0x7E }) == total)
        }
    }

    @Test func keepsAConnectionAliveForASecondRequest() throws {
        try Self.withServer { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send("GET /one HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try client.readResponses(1)
            client.send("GET /two HTTP/1.1\r\nHost: t\r\n\r\n")
            let second = try client.readResponses(1)
            #expect(first[0].bodyText == "hello /one")
            #expect(second[0].bodyText == "hello /two")
            #expect(first[0].header("Date") != nil)
            #expect(first[0].header("Connection") == nil)
        }
    }

    @Test func answersPipelinedRequestsInOrderEvenWhenTheFirstIsSlow() throws {
        let handler = TestHandler()
        try Self.withServer(handler: handler) { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send(
                "GET /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\nGET /c HTTP/1.1\r\nHost: t\r\n\r\n"
            )
            let responses = try client.readResponses(3)
            #expect(responses.map(\.bodyText) == ["slow", "hello /b", "hello /c"])
        }
        // /b and /c reached the handler while /slow was unanswered, so their responses waited behind it.
        let arrivals = handler.arrivals.withLock { $0 }
        #expect(arrivals.map(\.sequence) == [0, 1, 2])
        #expect(arrivals.map(\.unanswered) == [0, 1, 1])
    }

    @Test func resumesReadingPipelinedRequestsPastTheLimits() throws {
        let limits = HTTPLimits(maxPipelinedRequests: 2, maxBufferedOutputBytes: 1)
        let handler = TestHandler()
        try Self.withServer(limits: limits, handler: handler) { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            let paths = ["/slow", "/a", "/stream", "/b", "/slow", "/c", "/d"]
            client.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
            usleep(300_000)
            let responses = try client.readResponses(paths.count)
            #expect(responses.count == paths.count)
            #expect(
                responses.map { $0.bodyText.prefix(12) } == [
                    "slow", "hello /a", "first,second", "hello /b", "slow", "hello /c", "hello /d",
                ])
        }
        // All seven came over one connection from one send; some arrived while an earlier one was unanswered
        // (pipelined), and never more than the limit of two were in flight.
        let arrivals = handler.arrivals.withLock { $0 }
        #expect(arrivals.map(\.sequence) == Array(0..<7))
        #expect(arrivals.contains { $0.unanswered == 1 })
        #expect(arrivals.allSatisfy { $0.unanswered <= 1 })
    }

    @Test func stopsReadingFromAClientThatDoesNotReadItsResponses() throws {
        let handler = TestHandler()
        let limits = HTTPLimits(maxBufferedOutputBytes: 256 * 1024)
        try Self.withServer(limits: limits, handler: handler) { server, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send(String(repeating: "GET /big HTTP/1.1\r\nHost: t\r\n\r\n", count: 100))
            usleep(500_000)
            let handled = handler.handledCount.load(ordering: .relaxed)
            #expect(handled >= 1 && handled < 20)
            #expect(server.openConnections == 1)
        }
    }

    @Test func closesAConnectionWhoseClientStopsReadingAfterTheWriteTimeout() throws {
        let limits = HTTPLimits(writeTimeout: .milliseconds(300))
        try Self.withServer(limits: limits) { server, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send(String(repeating: "GET /big HTTP/1.1\r\nHost: t\r\n\r\n", count: 20))
            let deadline = ContinuousClock.now + .seconds(3)
            usleep(100_000)
            while server.openConnections > 0 && ContinuousClock.now < deadline { usleep(20_000) }
            #expect(server.openConnections == 0)
        }
    }

    @Test func closesConnectionsBeyondTheLimitAtOnce() throws {
        try Self.withServer(limits: HTTPLimits(maxConnections: 1)) { server, port in
            let first = try LoopbackClient(port: port, timeout: .seconds(5))
            first.send("GET /1 HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try first.readResponses(1)
            let second = try LoopbackClient(port: port, timeout: .seconds(5))
            second.send("GET /2 HTTP/1.1\r\nHost: t\r\n\r\n")
            let (text, closed) = second.readUntilClose()
            #expect(closed && text.isEmpty)
            #expect(server.openConnections == 1)
        }
    }

    @Test func answersHeadWithTheHeadersOfGetAndNoBody() throws {
        try Self.withServer { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send("HEAD /x HTTP/1.1\r\nHost: t\r\n\r\nGET /x HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            let (text, closed) = client.readUntilClose()
            #expect(closed)
            let parts = text.components(separatedBy: "\r\n\r\n")
            #expect(parts.count == 3)
            #expect(parts[0].contains("Content-Length: 8"))
            #expect(parts[1].hasPrefix("HTTP/1.1 200 OK"))
            #expect(parts[1].contains("Connection: close"))
            #expect(parts[2] == "hello /x")
        }
    }

    @Test func streamsAChunkedBodyIntactAndFramed() throws {
        try Self.withServer { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            let responses = try client.readResponses(2)
            #expect(responses[0].header("Transfer-Encoding") == "chunked")
            #expect(responses[0].header("Content-Length") == nil)
            #expect(responses[0].bodyText == "first,second," + String(repeating: "z", count: 20000))
            #expect(responses[1].bodyText == "hello /after")
        }
    }

    @Test func streamsToHTTP10ByClosingTheConnection() throws {
        try Self.withServer { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send("GET /stream HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let (text, closed) = client.readUntilClose()
            #expect(closed)
            #expect(!text.contains("chunked"))
            #expect(text.hasSuffix("second," + String(repeating: "z", count: 20000)))
        }
    }

    @Test(arguments: [
        ("close after HTTP/1.0 without keep-alive", "GET / HTTP/1.0\r\n\r\n", true),
        ("keep HTTP/1.0 with keep-alive", "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", false),
        ("close HTTP/1.1 on Connection: close", "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", true),
    ])
    func decidesPersistence(name: String, request: String, closes: Bool) throws {
        try Self.withServer(limits: HTTPLimits(idleTimeout: .milliseconds(400))) { _, port in
            let client = try LoopbackClient(port: port, timeout: .milliseconds(200))
            client.send(request)
            let (text, closed) = client.readUntilClose()
            #expect(closed == closes, "\(name)")
            #expect(text.contains("Connection: close") == closes)
            #expect(text.contains("Connection: keep-alive") == (!closes && request.contains("HTTP/1.0")))
        }
    }

    @Test func refusesAnOverlongRequestLineWith414AndTheHandlersBody() throws {
        try Self.withServer(limits: HTTPLimits(maxRequestLineBytes: 100)) { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send("GET /" + String(repeating: "a", count: 200) + " HTTP/1.1\r\nHost: t\r\n\r\n")
            let (text, closed) = client.readUntilClose()
            #expect(text.hasPrefix("HTTP/1.1 414 URI Too Long\r\n"))
            #expect(text.contains("Connection: close"))
            #expect(text.hasSuffix("refused: 414"))
            #expect(closed)
        }
    }

    @Test func refusesTooManyHeaderFieldsWith431() throws {
        try Self.withServer(limits: HTTPLimits(maxHeaderFields: 5)) { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send("GET / HTTP/1.1\r\nHost: t\r\n" + (0..<10).map { "X-\($0): v\r\n" }.joined() + "\r\n")
            let (text, closed) = client.readUntilClose()
            #expect(text.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
            #expect(text.hasSuffix("refused: 431"))
            #expect(closed)
        }
    }

    @Test func refusesSmugglingWith400AndClosesAfterEarlierResponses() throws {
        try Self.withServer { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(5))
            client.send(
                "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
            let (text, closed) = client.readUntilClose()
            #expect(closed)
            let slow = try #require(text.range(of: "slow"))
            let refused = try #require(text.range(of: "HTTP/1.1 400 Bad Request"))
            #expect(slow.lowerBound < refused.lowerBound)
            #expect(text.hasSuffix("refused: 400"))
        }
    }

    @Test func closesAHalfSentRequestAfterTheHeaderTimeout() throws {
        try Self.withServer(limits: HTTPLimits(headerTimeout: .milliseconds(300))) { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(3))
            client.send("GET / HTTP/1.1\r\nHost: t\r\n")
            let started = ContinuousClock.now
            let (text, closed) = client.readUntilClose()
            #expect(closed)
            #expect(text.isEmpty)
            #expect(ContinuousClock.now - started < .seconds(2))
        }
    }

    @Test func keepsAPipeliningClientWhoseResponsesTakeLongerThanTheHeaderTimeout() throws {
        let limits = HTTPLimits(headerTimeout: .milliseconds(150), maxPipelinedRequests: 1)
        let handler = TestHandler()
        try Self.withServer(limits: limits, handler: handler) { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(3))
            client.send(String(repeating: "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n", count: 4))
            let responses = try client.readResponses(4)
            #expect(responses.map(\.bodyText) == ["slow", "slow", "slow", "slow"])
        }
        // The four came over one connection from one send and were taken one at a time from the buffered bytes.
        let arrivals = handler.arrivals.withLock { $0 }
        #expect(arrivals.map(\.sequence) == [0, 1, 2, 3])
        #expect(arrivals.allSatisfy { $0.unanswered == 0 })
    }

    @Test func closesAnIdleKeptAliveConnection() throws {
        try Self.withServer(limits: HTTPLimits(idleTimeout: .milliseconds(300))) { _, port in
            let client = try LoopbackClient(port: port, timeout: .seconds(3))
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client.readResponses(1)
            let (_, closed) = client.readUntilClose()
            #expect(closed)
        }
    }

    @Test func reportsTheClientGoneWhenItDisconnectsMidStream() throws {
        let handler = TestHandler()
        try Self.withServer(handler: handler) { _, port in
            do {
                let client = try LoopbackClient(port: port, timeout: .seconds(5))
                client.send("GET /endless HTTP/1.1\r\nHost: t\r\n\r\n")
                var buffer = [UInt8](repeating: 0, count: 1024)
                _ = buffer.withUnsafeMutableBytes { recv(client.socket, $0.baseAddress, $0.count, 0) }
            }
            let deadline = ContinuousClock.now + .seconds(5)
            while !handler.sawClientGone.load(ordering: .acquiring) && ContinuousClock.now < deadline {
                usleep(10000)
            }
            let sawClientGone = handler.sawClientGone.load(ordering: .acquiring)
            #expect(sawClientGone)
        }
    }

    @Test func shutdownDrainsAnInFlightStreamThenStops() throws {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: TestHandler())
        try server.start()
        let port = try #require(server.boundPort)
        let client = try LoopbackClient(port: port, timeout: .seconds(5))
        let idle = try LoopbackClient(port: port, timeout: .seconds(5))
        client.send("GET /drain HTTP/1.1\r\nHost: t\r\n\r\n")
        usleep(100_000)
        #expect(server.openConnections == 2)
        server.shutdown(deadline: .seconds(5))
        let (text, closed) = client.readUntilClose()
        #expect(text.contains("begun,"))
        #expect(text.contains("ended"))
        #expect(text.hasSuffix("0\r\n\r\n"))
        #expect(closed)
        #expect(idle.readUntilClose().closed)
        server.waitUntilStopped()
        #expect(server.openConnections == 0)
        #expect(throws: (any Error).self) { try LoopbackClient(port: port, timeout: .seconds(5)) }
    }

    @Test func servesOverIPv6Loopback() throws {
        let probe = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        let available = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
        close(probe)
        guard available else { return }
        try Self.withServer(host: "::1") { _, port in
            let client = try LoopbackClient(host: "::1", port: port, timeout: .seconds(5))
            client.send("GET /six HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponses(1)[0].bodyText == "hello /six")
        }
    }

    @Test(arguments: ["localhost", "example.com", "1.2.3", "", "::g"])
    func refusesAHostThatIsNotAnAddressLiteral(host: String) {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: host, port: 0), handler: TestHandler())
        #expect(throws: HTTPServerError.invalidAddress(host)) { try server.start() }
    }

    /// The loops of one server share their port; a second server on it is refused, even though both ask for
    /// SO_REUSEPORT, and the first keeps serving.
    @Test(arguments: ["127.0.0.1", "::1"])
    func aSecondServerOnAPortInUseFailsToStart(host: String) throws {
        try Self.withServer(host: host) { _, port in
            let second = HTTPServer(
                configuration: HTTPServerConfiguration(host: host, port: port, eventLoopCount: 2),
                handler: TestHandler())
            #expect(throws: HTTPServerError.addressInUse(host: host, port: port)) { try second.start() }
            #expect(second.boundPort == nil)
            if host == "127.0.0.1" {
                let client = try LoopbackClient(port: port, timeout: .seconds(5))
                client.send("GET /still HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try client.readResponses(1)[0].bodyText == "hello /still")
            }
        }
    }

    @Test func startUpErrorsReadAsSentences() {
        #expect(
            HTTPServerError.addressInUse(host: "127.0.0.1", port: 8080).description
                == "cannot listen on 127.0.0.1:8080: the address is already in use")
        #expect(
            HTTPServerError.addressInUse(host: "::1", port: 80).description
                == "cannot listen on [::1]:80: the address is already in use")
        #expect(
            HTTPServerError.invalidAddress("localhost").description
                == "the host must be an IPv4 or IPv6 literal such as 127.0.0.1 or ::1, got \"localhost\"")
        #expect(
            HTTPServerError.systemCallFailed(call: "listen", errno: EBADF).description
                == "listen failed: Bad file descriptor (errno 9)")
    }
}
