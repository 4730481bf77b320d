import HTTPCore
import Locking

/// A response sink standing in for a client that reads `allowance` bytes and then nothing until the test grants more
/// (``grant(_:)``) or closes it (``close()``), as the connection does to a reader below the minimum send rate. It
/// records the bytes of each write; the callbacks asked for by ``HTTPResponseStream/whenWritable(_:)`` wait until
/// the test runs them (``runCallbacks()``), standing in for the event loop, so nothing runs on another thread.
final class MeteredClientSink: ResponseSink {
    private struct State {
        var allowance: Int
        var body: [UInt8] = []
        var writeSizes: [Int] = []
        var isGone = false
        var end: ResponseEnd?
        var callbacks: [@Sendable () -> Void] = []
        /// Whether the head (the first emit) has gone by; it is not counted as body.
        var sawHead = false
    }

    private let state: LockedValue<State>

    init(allowance: Int) {
        state = LockedValue(State(allowance: allowance))
    }

    /// The body bytes received, in order.
    var body: [UInt8] { state.withLock { $0.body } }
    /// The size of each body write.
    var writeSizes: [Int] { state.withLock { $0.writeSizes } }
    /// How the response ended, once it has.
    var end: ResponseEnd? { state.withLock { $0.end } }
    /// Callbacks waiting for the client to have room.
    var waitingCallbacks: Int { state.withLock { $0.callbacks.count } }

    /// Lets the client read `bytes` more.
    func grant(_ bytes: Int) {
        state.withLock { $0.allowance += bytes }
    }

    /// Closes the connection, as the server does to a client that reads too little.
    func close() {
        state.withLock { $0.isGone = true }
    }

    /// Runs the callbacks waiting for room (as the event loop would once the client has read or gone), outside
    /// the sink's lock.
    func runCallbacks() {
        let callbacks = state.withLock { state in
            let waiting = state.callbacks
            state.callbacks.removeAll()
            return waiting
        }
        for callback in callbacks { callback() }
    }

    func emit(sequence: Int, _ first: [UInt8], _ second: [UInt8], _ third: [UInt8], end: ResponseEnd?) -> Bool {
        state.withLock { state in
            guard !state.isGone else { return false }
            guard state.sawHead else {
                state.sawHead = true
                return true
            }
            let bytes = first + second + third
            if !bytes.isEmpty {
                state.body += bytes
                state.writeSizes.append(bytes.count)
            }
            if let end { state.end = end }
            return true
        }
    }

    func isClientGone(sequence: Int) -> Bool { state.withLock { $0.isGone } }

    func hasCapacity(sequence: Int) -> Bool { state.withLock { $0.isGone || $0.body.count < $0.allowance } }

    func isHeld(sequence: Int) -> Bool { false }

    func whenWritable(sequence: Int, _ callback: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.isGone else { return false }
            state.callbacks.append(callback)
            return true
        }
    }
}
