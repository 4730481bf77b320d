import Foundation
import Locking
import Synchronization

@testable import HTTPCore

/// Routes for server tests: `/hello`, `/slow` (answers 200 ms later from another queue), `/stream` (three chunks),
/// `/endless` (writes until the client is gone), `/big` (512 KiB), `/drain` (a stream that finishes 300 ms later),
/// `/paced` (``pacedChunkCount`` chunks of 64 KiB from another thread, parking without a thread while the
/// connection has no capacity).
final class TestHandler: HTTPHandler {
    /// A request as it reached the handler.
    struct Arrival: Sendable, Equatable {
        /// The request's path.
        let path: String
        /// Its place among the requests of its connection, 0 for the first.
        let sequence: Int
        /// How many requests handled before it (on any connection) had not been answered yet. Above 0 on a single
        /// connection, the server read and dispatched the request while an earlier one was still in flight: the
        /// pipelined path, whose response waits for the earlier ones.
        let unanswered: Int
    }

    /// Set when `/endless` saw `write` return false.
    let sawClientGone = Atomic<Bool>(false)
    /// Chunks `/paced` writes.
    static let pacedChunkCount = 512
    /// Bytes `/paced` had written when it first found the connection without capacity; -1 until then.
    let pacedBytesAtFirstWait = Atomic<Int>(-1)
    /// Set when a request reached the handler.
    let handledCount = Atomic<Int>(0)
    /// Every request in the order it reached the handler.
    let arrivals = LockedValue<[Arrival]>([])
    /// Requests handled and not yet answered; a request counts as answered just before its response is sent or
    /// finished, so the count never includes a request the server may already have completed.
    private let unanswered = LockedValue(0)

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        handledCount.add(1, ordering: .relaxed)
        unanswered.withLock { count in
            arrivals.withLock {
                $0.append(Arrival(path: request.path, sequence: responder.sequence, unanswered: count))
            }
            count += 1
        }
        let text = HTTPHeaders([("Content-Type", "text/plain")])
        switch request.path {
        case "/slow":
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
                self.answered()
                responder.send(HTTPResponseHead(status: 200, headers: text), body: Array("slow".utf8))
            }
        case "/stream":
            let stream = responder.startStream(HTTPResponseHead(status: 200, headers: text))
            DispatchQueue.global().async {
                for piece in ["first,", "second,", String(repeating: "z", count: 20000)] {
                    stream.write(Array(piece.utf8))
                }
                self.answered()
                stream.finish()
            }
        case "/endless":
            let stream = responder.startStream(HTTPResponseHead(status: 200, headers: text))
            DispatchQueue.global().async {
                let chunk = [UInt8](repeating: 0x61, count: 1024)
                for _ in 0..<2000 {
                    if !stream.write(chunk) {
                        self.answered()
                        self.sawClientGone.store(true, ordering: .releasing)
                        return
                    }
                    usleep(5000)
                }
                self.answered()
                stream.finish()
            }
        case "/paced":
            let stream = responder.startStream(HTTPResponseHead(status: 200, headers: text))
            DispatchQueue.global().async { self.writePaced(to: stream, from: 0) }
        case "/big":
            answered()
            responder.send(
                HTTPResponseHead(status: 200, headers: text), body: [UInt8](repeating: 0x62, count: 512 * 1024))
        case "/drain":
            let stream = responder.startStream(HTTPResponseHead(status: 200, headers: text))
            stream.write(Array("begun,".utf8))
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
                stream.write(Array("ended".utf8))
                self.answered()
                stream.finish()
            }
        default:
            answered()
            responder.send(HTTPResponseHead(status: 200, headers: text), body: Array("hello \(request.path)".utf8))
        }
    }

    func response(for error: HTTPRequestError, connection: HTTPConnectionInfo) -> (HTTPResponseHead, [UInt8]) {
        (HTTPResponseHead(status: error.statusCode), Array("refused: \(error.statusCode)".utf8))
    }

    /// Writes `/paced`'s chunks from `index` on while the stream has capacity, then asks to be called back when it
    /// has again: no thread waits.
    private func writePaced(to stream: HTTPResponseStream, from index: Int) {
        let chunk = [UInt8](repeating: 0x7E, count: 64 * 1024)
        var index = index
        while index < Self.pacedChunkCount {
            guard stream.hasCapacity else {
                _ = pacedBytesAtFirstWait.compareExchange(
                    expected: -1, desired: index * chunk.count, ordering: .relaxed)
                let next = index
                stream.whenWritable { self.writePaced(to: stream, from: next) }
                return
            }
            guard stream.write(chunk) else { return }
            index += 1
        }
        answered()
        stream.finish()
    }

    private func answered() {
        unanswered.withLock { $0 -= 1 }
    }
}
