import Synchronization
import Testing

@testable import HTTPCore

struct PreparedResponseHeadTests {
    /// `bytes` with its `Date` line removed, and that line.
    static func splitDate(_ bytes: [UInt8]) -> (rest: String, date: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let date = lines.filter { $0.hasPrefix("Date: ") }
        return (lines.filter { !$0.hasPrefix("Date: ") }.joined(separator: "\r\n"), date.joined())
    }

    @Test(arguments: [
        (200, true, HTTPVersion.http1_1), (200, false, .http1_1), (200, true, .http1_0), (200, false, .http1_0),
        (304, true, .http1_1), (304, false, .http1_0),
    ])
    func preparedBytesEqualThoseSerialisedPerResponse(status: Int, keepAlive: Bool, version: HTTPVersion) {
        let head = HTTPResponseHead(
            status: status, headers: HTTPHeaders([("Content-Type", "image/png"), ("ETag", "\"abc\""), ("Date", "x")]))
        let prepared = PreparedResponseHead(head, contentLength: 1234)
        let framing: ResponseFraming = status == 304 ? .none : .contentLength(1234)
        let expected = Self.splitDate(
            ResponseSerializer.serialize(head, framing: framing, keepAlive: keepAlive, requestVersion: version))
        let actual = Self.splitDate(prepared.bytes(keepAlive: keepAlive, requestVersion: version))
        #expect(actual.rest == expected.rest)
        #expect(actual.date.hasSuffix(" GMT") && actual.date.utf8.count + 2 == HTTPDate.fieldLineLength)
        #expect(actual.rest.contains("Content-Length: 1234") == (status == 200))
        #expect(actual.rest.contains("ETag: \"abc\"\r\n") && !actual.rest.contains("Date: x"))
    }

    @Test func aPreparedHeadIsSentWithItsBodyAndWithoutItForHead() throws {
        let body = Array("twelve bytes".utf8)
        let prepared = PreparedResponseHead(
            HTTPResponseHead(status: 200, headers: HTTPHeaders([("ETag", "\"e1\"")])), contentLength: body.count)
        for method in ["GET", "HEAD"] {
            let request = try HTTPRequest(method: method, target: "/p")
            let response = try #require(RecordingResponderTests.record(request) { $0.send(prepared, body: body) })
            #expect(response.head.status == 200)
            #expect(response.head.headers["Content-Length"] == "12")
            #expect(response.head.headers["ETag"] == "\"e1\"")
            #expect(response.head.headers["Date"]?.hasSuffix(" GMT") == true)
            #expect(response.body == (method == "GET" ? body : []))
        }
    }
}
