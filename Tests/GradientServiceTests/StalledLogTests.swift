import Foundation
import HTTPTestSupport
import Testing

/// A `gradientd` whose standard output is a pipe that nobody reads (a log shipper that stalled): serving goes on,
/// the access log drops lines and counts them, and SIGTERM still exits in bounded time.
@Suite(.serialized, .hangGuard(minutes: 2))
struct StalledLogTests {
    /// The value of the dropped-lines counter in a `/metrics` body.
    private static func droppedLines(in metrics: [UInt8]) -> Int? {
        let prefix = "gradientd_log_lines_dropped_total "
        let line = String(decoding: metrics, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix(prefix) }
        return line.flatMap { Int($0.dropFirst(prefix.count)) }
    }

    @Test func cachedHitsAndHealthzKeepAnsweringWhileTheLogDropsLines() throws {
        let daemon = try GradientdProcess(arguments: ["--port", "0", "--drain-timeout", "5"])
        try #require(daemon.port > 0)
        // From here on nothing reads the daemon's standard output: its pipe fills (64 KiB), then the log's buffer.
        let client = try LoopbackClient(port: daemon.port, timeout: .seconds(5))
        let image = "/gradient?colors=red,blue&width=16&height=16"
        client.request(image)
        let first = try client.readResponses(1)[0]
        #expect(first.status == 200)
        // 4 KiB targets: 1,200 requests log about 5 MiB, far past the pipe and the log's 1 MiB buffer.
        let padded = "/healthz?pad=" + String(repeating: "x", count: 4096)
        for round in 0..<600 {
            client.request(padded)
            client.request(image)
            let responses = try client.readResponses(2)
            #expect(responses[0].status == 200, "healthz in round \(round)")
            #expect(responses[1].status == 200 && responses[1].body == first.body, "cached hit in round \(round)")
            #expect(responses[1].header("Cache-Status") == "gradientd; hit")
            if responses.contains(where: { $0.status != 200 }) { break }
        }
        client.request("/metrics")
        let dropped = try #require(Self.droppedLines(in: try client.readResponses(1)[0].body))
        #expect(dropped > 0)
        for _ in 0..<50 {
            client.request(padded)
            #expect(try client.readResponses(1)[0].status == 200)
        }
        client.request("/metrics")
        let droppedLater = try #require(Self.droppedLines(in: try client.readResponses(1)[0].body))
        #expect(droppedLater > dropped)

        let signalled = ContinuousClock.now
        kill(daemon.process.processIdentifier, SIGTERM)
        #expect(daemon.waitForExit(timeout: .seconds(20)) == 0)
        #expect(ContinuousClock.now - signalled < .seconds(15))
    }

    /// Lines buffered when SIGTERM comes are written once standard output drains, before the process exits.
    @Test func sigtermWritesWhatIsBufferedOnceStdoutDrains() throws {
        let daemon = try GradientdProcess(arguments: ["--port", "0"])
        try #require(daemon.port > 0)
        let client = try LoopbackClient(port: daemon.port, timeout: .seconds(5))
        let padded = "/healthz?pad=" + String(repeating: "y", count: 4096)
        for _ in 0..<40 {
            client.request(padded)
            #expect(try client.readResponses(1)[0].status == 200)
        }
        client.request("/healthz?last=1")
        #expect(try client.readResponses(1)[0].status == 200)
        kill(daemon.process.processIdentifier, SIGTERM)
        let output = daemon.outputUntilExit()
        #expect(daemon.waitForExit(timeout: .seconds(20)) == 0)
        #expect(output.components(separatedBy: padded).count - 1 == 40)
        #expect(output.contains("GET /healthz?last=1 200 "))
        #expect(output.contains("gradientd stopped"))
    }
}
