import HTTPTestSupport
import Locking
import Testing

@testable import HTTPCore

struct RecordingResponderTests {
    static func record(_ request: HTTPRequest, _ respond: (HTTPResponder) -> Void) -> HTTPRecordedResponse? {
        let recorded = LockedValue<HTTPRecordedResponse?>(nil)
        respond(HTTPResponder.recording(for: request) { response in recorded.withLock { $0 = response } })
        return recorded.withLock { $0 }
    }

    @Test func recordsASentResponseWithTheFieldsTheServerAdds() throws {
        let request = try HTTPRequest(method: "GET", target: "/x")
        let response = try #require(
            Self.record(request) {
                $0.send(HTTPResponseHead(status: 404, headers: HTTPHeaders([("X-A", "b")])), body: Array("nope".utf8))
            })
        #expect(response.head.status == 404)
        #expect(response.head.reason == "Not Found")
        #expect(response.head.headers["x-a"] == "b")
        #expect(response.head.headers["Content-Length"] == "4")
        #expect(response.head.headers["Date"]?.hasSuffix(" GMT") == true)
        #expect(response.body == Array("nope".utf8))
        #expect(response.isComplete)
    }

    @Test func recordsAStreamDechunkedAndHeadWithoutBody() throws {
        let get = try HTTPRequest(method: "GET", target: "/s")
        let streamed = try #require(
            Self.record(get) { responder in
                let stream = responder.startStream(HTTPResponseHead(status: 200))
                stream.write(Array("ab".utf8))
                stream.write(Array(repeating: 0x63, count: 300))
                stream.finish()
            })
        #expect(streamed.head.headers["Transfer-Encoding"] == "chunked")
        #expect(streamed.body == Array("ab".utf8) + Array(repeating: 0x63, count: 300))
        let head = try HTTPRequest(method: "HEAD", target: "/s")
        let headOnly = try #require(
            Self.record(head) { $0.send(HTTPResponseHead(status: 200), body: Array("body".utf8)) })
        #expect(headOnly.head.headers["Content-Length"] == "4")
        #expect(headOnly.body.isEmpty)
    }

    @Test func recordsAnAbortedStreamAsIncompleteAndAnUnansweredRequestAs500() throws {
        let request = try HTTPRequest(method: "GET", target: "/")
        let aborted = try #require(
            Self.record(request) { responder in
                let stream = responder.startStream(HTTPResponseHead(status: 200))
                stream.write([1])
                stream.abort()
            })
        #expect(!aborted.isComplete)
        let unanswered = Self.record(request) { _ in }
        #expect(unanswered?.head.status == 500)
    }

    @Test(arguments: [(0, "0\r\n"), (10, "a\r\n"), (255, "ff\r\n"), (4096, "1000\r\n")])
    func writesChunkSizesInHexadecimal(size: Int, line: String) {
        #expect(ResponseSerializer.chunkHeader(size: size) == Array(line.utf8))
    }
}
