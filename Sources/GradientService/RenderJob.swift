import GradientCore
import GradientImage
import HTTPCore
import Locking

/// One render of one image identity, shared by every request that wants it while it runs (single-flight).
///
/// The render thread appends bytes as the encoder produces them (a PNG row by row, WebP and AVIF in one piece); each attached client's stream gets every byte
/// in order, late joiners first receiving what was already produced. A job whose clients have all gone stops at
/// the next row, unless a HEAD request started it to fill the cache.
final class RenderJob: Sendable {
    /// How a job ended.
    enum Outcome: Sendable, Equatable {
        case succeeded
        case failed
    }

    /// Called once per attached client as its response ends (just before its last bytes are sent): the body bytes
    /// sent and whether it completed.
    typealias Completion = @Sendable (_ bodyBytes: Int, _ isComplete: Bool) -> Void

    private struct Client {
        let stream: HTTPResponseStream
        let completion: Completion
    }

    private struct State {
        /// The encoder's output pieces, in order.
        var chunks: [[UInt8]] = []
        var byteCount = 0
        var clients: [Client] = []
        var outcome: Outcome?
        var hadClient = false
        var runsWithoutClients = false
    }

    /// The cache key, the identity's ``ImageIdentity/cacheKey``.
    let key: String
    /// What is rendered.
    let identity: ImageIdentity
    /// The identity's ETag.
    let etag: String
    /// Bytes, clients and outcome; guarded by this lock. Stream writes happen under it, so every client sees
    /// the bytes in order.
    private let state = LockedValue(State())

    init(key: String, identity: ImageIdentity) {
        self.key = key
        self.identity = identity
        self.etag = identity.etag
    }

    /// Streams the job's bytes to `stream`: those produced so far at once, the rest as they come.
    func attach(_ stream: HTTPResponseStream, completion: @escaping Completion) {
        state.withLock { state in
            state.hadClient = true
            for chunk in state.chunks where !stream.write(chunk) {
                completion(0, false)
                return
            }
            switch state.outcome {
            case .succeeded:
                completion(state.byteCount, true)
                stream.finish()
            case .failed:
                completion(state.byteCount, false)
                stream.abort()
            case nil:
                state.clients.append(Client(stream: stream, completion: completion))
            }
        }
    }

    /// Keeps the render going even when no client is attached (a HEAD request warming the cache).
    func keepRunningWithoutClients() {
        state.withLock { $0.runsWithoutClients = true }
    }

    /// Appends encoded bytes and sends them to every client; clients that are gone are dropped.
    func append(_ bytes: UnsafeRawBufferPointer) {
        let chunk = Array(bytes)
        state.withLock { state in
            state.chunks.append(chunk)
            state.byteCount += chunk.count
            let sent = state.byteCount
            state.clients.removeAll { client in
                guard client.stream.write(chunk) else {
                    client.completion(sent - chunk.count, false)
                    return true
                }
                return false
            }
        }
    }

    /// Whether rendering should go on: some client is still there, none has attached yet, or the job warms the cache.
    func shouldContinue() -> Bool {
        state.withLock { state in
            if state.runsWithoutClients || !state.hadClient { return true }
            let sent = state.byteCount
            state.clients.removeAll { client in
                guard client.stream.isClientGone else { return false }
                client.completion(sent, false)
                return true
            }
            return !state.clients.isEmpty
        }
    }

    /// The bytes produced so far (all of them once rendering has returned) in one array of exactly their size, so
    /// that a cache entry holds no spare capacity.
    var producedBytes: [UInt8] {
        state.withLock { state in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(state.byteCount)
            for chunk in state.chunks { bytes.append(contentsOf: chunk) }
            return bytes
        }
    }

    /// Ends the job: finishes every stream on success, aborts them on failure.
    func complete(_ outcome: Outcome) {
        state.withLock { state in
            state.outcome = outcome
            let total = state.byteCount
            for client in state.clients {
                client.completion(total, outcome == .succeeded)
                if outcome == .succeeded { client.stream.finish() } else { client.stream.abort() }
            }
            state.clients.removeAll()
        }
    }
}
