import Testing

@testable import HTTPCore

struct ConnectionLifecycleTests {
    static let start = ContinuousClock.now
    static let limits = HTTPLimits(
        headerTimeout: .seconds(10), idleTimeout: .seconds(30), writeTimeout: .seconds(20), minimumSendBytes: 0,
        maxPipelinedRequests: 2, maxBufferedOutputBytes: 1000)
    static let rateLimits = HTTPLimits(minimumSendBytes: 1000, sendRateWindow: .seconds(10))

    static func at(_ seconds: Double) -> ContinuousClock.Instant { start + .seconds(seconds) }

    @Test func closesAConnectionThatSendsNothingAfterTheHeaderTimeout() {
        let lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        #expect(lifecycle.expiredTimeout(at: Self.at(9.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(10)) == .header)
    }

    @Test func timesTheHeadFromItsFirstByteNotFromTheLastIdlePeriod() {
        var lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        lifecycle.bytesReceived(at: Self.at(1))
        let (sequence, keepAlive) = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: false, at: Self.at(2))
        #expect(sequence == 0 && keepAlive)
        #expect(lifecycle.expiredTimeout(at: Self.at(100)) == nil)
        let closes1 = lifecycle.responseCompleted(keepAlive: true, hasPartialRequest: false, at: Self.at(3))
        #expect(!closes1)
        #expect(lifecycle.expiredTimeout(at: Self.at(32.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(33)) == .idle)
        lifecycle.bytesReceived(at: Self.at(20))
        #expect(lifecycle.expiredTimeout(at: Self.at(29.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(30)) == .header)
    }

    @Test func startsTheHeaderTimerForABufferedPartialRequest() {
        var lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        _ = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: true, at: Self.at(5))
        #expect(lifecycle.expiredTimeout(at: Self.at(14.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(15)) == .header)
    }

    /// A body still arriving after its request's head is timed as a head; once skipped, the connection idles.
    @Test func timesASkippedBodyAsAHeadThenIdles() {
        var lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        _ = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: true, at: Self.at(1))
        _ = lifecycle.responseCompleted(keepAlive: true, hasPartialRequest: true, at: Self.at(2))
        #expect(lifecycle.expiredTimeout(at: Self.at(11)) == .header)
        lifecycle.bodySkipped(at: Self.at(5))
        #expect(lifecycle.expiredTimeout(at: Self.at(34.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(35)) == .idle)
    }

    @Test func holdsTheHeaderTimerWhileTheServerDoesNotRead() {
        var lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        for second in [1.0, 2.0] {
            _ = lifecycle.requestReceived(
                version: .http1_1, options: ConnectionOptions(), hasPartialRequest: true, at: Self.at(second))
        }
        lifecycle.holdHeaderTimerWhileNotReading(bufferedOutputBytes: 0, at: Self.at(20))
        #expect(lifecycle.expiredTimeout(at: Self.at(20)) == nil)
        _ = lifecycle.responseCompleted(keepAlive: true, hasPartialRequest: true, at: Self.at(21))
        lifecycle.holdHeaderTimerWhileNotReading(bufferedOutputBytes: 1000, at: Self.at(40))
        #expect(lifecycle.expiredTimeout(at: Self.at(40)) == nil)
        lifecycle.holdHeaderTimerWhileNotReading(bufferedOutputBytes: 0, at: Self.at(45))
        #expect(lifecycle.expiredTimeout(at: Self.at(49.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(50)) == .header)
    }

    @Test func closesWhenTheClientStopsReading() {
        var lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        _ = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: false, at: Self.at(1))
        lifecycle.outputBlocked(at: Self.at(2))
        lifecycle.outputBlocked(at: Self.at(5))
        #expect(lifecycle.expiredTimeout(at: Self.at(21.9)) == nil)
        lifecycle.outputProgressed(bytes: 1, isFlushed: false, at: Self.at(10))
        #expect(lifecycle.expiredTimeout(at: Self.at(29.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(30)) == .write)
        lifecycle.outputProgressed(bytes: 1, isFlushed: true, at: Self.at(31))
        #expect(lifecycle.expiredTimeout(at: Self.at(45)) == nil)
    }

    @Test func closesAClientThatReadsBelowTheMinimumRateThoughItNeverStops() {
        var lifecycle = ConnectionLifecycle(limits: Self.rateLimits, openedAt: Self.at(0))
        _ = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: false, at: Self.at(0))
        lifecycle.outputBlocked(at: Self.at(1))
        // 100 bytes a second: progress every second keeps the write timeout away, but 900 bytes a window is short.
        for second in 2...10 {
            lifecycle.outputProgressed(bytes: 100, isFlushed: false, at: Self.at(Double(second)))
            #expect(lifecycle.expiredTimeout(at: Self.at(Double(second))) == nil)
        }
        #expect(lifecycle.expiredTimeout(at: Self.at(10.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(11)) == .sendRate)
    }

    @Test func aClientAtTheMinimumRateStartsANewWindowAndOneThatCatchesUpEndsIt() {
        var lifecycle = ConnectionLifecycle(limits: Self.rateLimits, openedAt: Self.at(0))
        _ = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: false, at: Self.at(0))
        lifecycle.outputBlocked(at: Self.at(1))
        lifecycle.outputProgressed(bytes: 1000, isFlushed: false, at: Self.at(5))
        #expect(lifecycle.expiredTimeout(at: Self.at(11)) == nil)
        lifecycle.advanceSendRateWindow(at: Self.at(11))
        lifecycle.outputProgressed(bytes: 999, isFlushed: false, at: Self.at(15))
        #expect(lifecycle.expiredTimeout(at: Self.at(20.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(21)) == .sendRate)
        // Once the queue empties, the client owes nothing until output waits again.
        lifecycle.outputProgressed(bytes: 1, isFlushed: true, at: Self.at(22))
        #expect(lifecycle.expiredTimeout(at: Self.at(40)) == nil)
        lifecycle.outputBlocked(at: Self.at(40))
        #expect(lifecycle.expiredTimeout(at: Self.at(49.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(50)) == .sendRate)
    }

    @Test func aPartialFlushStartsTheWindowAsABlockedWriteDoes() {
        var lifecycle = ConnectionLifecycle(limits: Self.rateLimits, openedAt: Self.at(0))
        _ = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: false, at: Self.at(0))
        lifecycle.outputProgressed(bytes: 50_000, isFlushed: false, at: Self.at(1))
        lifecycle.outputProgressed(bytes: 10, isFlushed: false, at: Self.at(6))
        #expect(lifecycle.expiredTimeout(at: Self.at(10.9)) == nil)
        #expect(lifecycle.expiredTimeout(at: Self.at(11)) == .sendRate)
    }

    @Test func aMinimumOfZeroTurnsTheRateCheckOff() {
        var lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        _ = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: false, at: Self.at(0))
        lifecycle.outputBlocked(at: Self.at(1))
        for second in 2...19 {
            lifecycle.outputProgressed(bytes: 1, isFlushed: false, at: Self.at(Double(second)))
        }
        #expect(lifecycle.expiredTimeout(at: Self.at(19.5)) == nil)
    }

    @Test(arguments: [
        (HTTPVersion.http1_1, ConnectionOptions(), true),
        (.http1_1, ConnectionOptions(close: true), false),
        (.http1_1, ConnectionOptions(close: true, keepAlive: true), false),
        (.http1_0, ConnectionOptions(), false),
        (.http1_0, ConnectionOptions(keepAlive: true), true),
        (.http1_0, ConnectionOptions(close: true, keepAlive: true), false),
    ])
    func decidesKeepAliveByVersionAndConnectionOptions(version: HTTPVersion, options: ConnectionOptions, persists: Bool)
    {
        var lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        let (_, keepAlive) = lifecycle.requestReceived(
            version: version, options: options, hasPartialRequest: false, at: Self.at(1))
        #expect(keepAlive == persists)
        #expect(lifecycle.shouldRead(bufferedOutputBytes: 0) == persists)
        let closes2 = lifecycle.responseCompleted(keepAlive: keepAlive, hasPartialRequest: false, at: Self.at(2))
        #expect(closes2 == !persists)
    }

    @Test func readsConnectionOptionsFromEveryConnectionField() {
        let headers = HTTPHeaders([("Connection", "Upgrade, Keep-Alive"), ("connection", " CLOSE ")])
        #expect(ConnectionOptions(headers: headers) == ConnectionOptions(close: true, keepAlive: true))
    }

    @Test func answersPipelinedRequestsInOrderAndStopsReadingAtTheLimit() {
        var lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        let first = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: true, at: Self.at(1))
        let second = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: true, at: Self.at(1))
        #expect(first.sequence == 0 && second.sequence == 1)
        #expect(lifecycle.isCurrent(0) && !lifecycle.isCurrent(1))
        #expect(!lifecycle.shouldRead(bufferedOutputBytes: 0))
        let closes3 = lifecycle.responseCompleted(keepAlive: true, hasPartialRequest: true, at: Self.at(2))
        #expect(!closes3)
        #expect(lifecycle.isCurrent(1))
        #expect(lifecycle.shouldRead(bufferedOutputBytes: 0))
        #expect(!lifecycle.shouldRead(bufferedOutputBytes: 1000))
    }

    @Test func closesAfterTheResponseToARequestThatAskedToClose() {
        var lifecycle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        _ = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: true, at: Self.at(1))
        let closing = lifecycle.requestReceived(
            version: .http1_1, options: ConnectionOptions(close: true), hasPartialRequest: true, at: Self.at(1))
        #expect(!closing.keepAlive)
        #expect(!lifecycle.shouldRead(bufferedOutputBytes: 0))
        let closes4 = lifecycle.responseCompleted(keepAlive: true, hasPartialRequest: true, at: Self.at(2))
        #expect(!closes4)
        let closes5 = lifecycle.responseCompleted(keepAlive: false, hasPartialRequest: true, at: Self.at(3))
        #expect(closes5)
    }

    @Test func drainingClosesIdleConnectionsAtOnceAndBusyOnesAfterTheirResponse() {
        var idle = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        let closes6 = idle.beginDraining()
        #expect(closes6)
        var busy = ConnectionLifecycle(limits: Self.limits, openedAt: Self.at(0))
        _ = busy.requestReceived(
            version: .http1_1, options: ConnectionOptions(), hasPartialRequest: false, at: Self.at(1))
        let closes7 = busy.beginDraining()
        #expect(!closes7)
        let closes8 = busy.responseCompleted(keepAlive: true, hasPartialRequest: false, at: Self.at(2))
        #expect(closes8)
    }
}
