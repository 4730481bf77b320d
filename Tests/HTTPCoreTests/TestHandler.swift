import Foundation
import HTTPCore
import Synchronization

/// Routes for server tests: `/hello`, `/slow` (answers 200 ms later from another queue), `/stream` (three chunks),
/// `/endless` (writes until the client is gone), `/big` (512 KiB), `/drain` (a stream that finishes 300 ms later).
final class TestHandler: HTTPHandler {
    /// Set when `/endless` saw `write` return false.
    let sawClientGone = Atomic<Bool>(false)
    /// Set when a request reached the handler.
    let handledCount = Atomic<Int>(0)

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        handledCount.add(1, ordering: .relaxed)
        let text = HTTPHeaders([("Content-Type", "text/plain")])
        switch request.path {
        case "/slow":
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
                responder.send(HTTPResponseHead(status: 200, headers: text), body: Array("slow".utf8))
            }
        case "/stream":
            let stream = responder.startStream(HTTPResponseHead(status: 200, headers: text))
            DispatchQueue.global().async {
                for piece in ["first,", "second,", String(repeating: "z", count: 20000)] {
                    stream.write(Array(piece.utf8))
                }
                stream.finish()
            }
        case "/endless":
            let stream = responder.startStream(HTTPResponseHead(status: 200, headers: text))
            DispatchQueue.global().async {
                let chunk = [UInt8](repeating: 0x61, count: 1024)
                for _ in 0..<2000 {
                    if !stream.write(chunk) {
                        self.sawClientGone.store(true, ordering: .releasing)
                        return
                    }
                    usleep(5000)
                }
                stream.finish()
            }
        case "/big":
            responder.send(
                HTTPResponseHead(status: 200, headers: text), body: [UInt8](repeating: 0x62, count: 512 * 1024))
        case "/drain":
            let stream = responder.startStream(HTTPResponseHead(status: 200, headers: text))
            stream.write(Array("begun,".utf8))
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
                stream.write(Array("ended".utf8))
                stream.finish()
            }
        default:
            responder.send(HTTPResponseHead(status: 200, headers: text), body: Array("hello \(request.path)".utf8))
        }
    }

    func response(for error: HTTPRequestError, connection: HTTPConnectionInfo) -> (HTTPResponseHead, [UInt8]) {
        (HTTPResponseHead(status: error.statusCode), Array("refused: \(error.statusCode)".utf8))
    }
}
