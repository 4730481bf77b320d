import Foundation
import HTTPCore
import HTTPTestSupport
import Locking
import Testing

@testable import GradientService

/// The access log, written to a pipe: one line per request in `text` and `json`, none with `off`.
@Suite(.serialized)
struct AccessLogTests {
    /// Runs three requests (a health check, a miss, a hit) through a service logging in `format`, then returns what
    /// the log wrote.
    static func logged(format: AccessLog.Format, message: String? = nil) throws -> String {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        _ = fcntl(descriptors[0], F_SETFL, O_NONBLOCK)
        do {
            let log = AccessLog(format: format, fileDescriptor: descriptors[1])
            let harness = ServiceHarness(
                service: GradientService(
                    configuration: GradientServiceConfiguration(renderWorkers: 1), accessLog: log))
            _ = try harness.record("/healthz")
            _ = try harness.record("/gradient?colors=red,blue&width=8&height=8")
            _ = try harness.record("/gradient?colors=red,blue&width=8&height=8", method: "HEAD")
            if let message { log.message(message) }
            log.flush()
        }
        close(descriptors[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func textLinesNameMethodTargetStatusBytesAndCache() throws {
        let lines = try Self.logged(format: .text).split(separator: "\n").map { $0.split(separator: " ") }
        try #require(lines.count == 3)
        #expect(lines[0][1...3] == ["GET", "/healthz", "200"] && lines[0][6] == "-")
        #expect(lines[1][1...3] == ["GET", "/gradient?colors=red,blue&width=8&height=8", "200"])
        #expect(lines[1][6] == "miss" && Int(lines[1][4])! > 0)
        #expect(lines[2][1...4] == ["HEAD", "/gradient?colors=red,blue&width=8&height=8", "200", "0"])
        #expect(lines[2][6] == "hit" && lines[2][5].hasSuffix("ms"))
        #expect(lines.allSatisfy { $0[0].hasSuffix("Z") && $0.count == 7 })
    }

    @Test func jsonLinesDecode() throws {
        let lines = try Self.logged(format: .json).split(separator: "\n")
        try #require(lines.count == 3)
        let last = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
        #expect(last["method"] as? String == "HEAD" && last["cache"] as? String == "hit")
        #expect(last["status"] as? Int == 200 && last["bytes"] as? Int == 0)
    }

    @Test func offWritesNoRequestLinesButStillWritesMessages() throws {
        #expect(try Self.logged(format: .off) == "")
        let withMessage = try Self.logged(format: .off, message: "gradientd stopped")
        #expect(withMessage.hasSuffix("Z gradientd stopped\n"))
        #expect(withMessage.split(separator: "\n").count == 1)
    }

    /// A descriptor that nobody reads: recording never waits for it, lines past the buffer are dropped and counted,
    /// `flush()` gives up after its limit, and once a reader drains the pipe every line kept arrives, so that lines
    /// written plus lines dropped are lines recorded.
    @Test(.hangGuard(minutes: 1))
    func aDescriptorThatDoesNotDrainDropsAndCountsLinesInsteadOfBlocking() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        // The pipe is filled first (no newline in the filler), so that no line can be written before the reader
        // starts, however late the writer thread runs.
        let flags = fcntl(descriptors[1], F_GETFL)
        _ = fcntl(descriptors[1], F_SETFL, flags | O_NONBLOCK)
        let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        while filler.withUnsafeBytes({ write(descriptors[1], $0.baseAddress, $0.count) }) > 0 {}
        _ = fcntl(descriptors[1], F_SETFL, flags)
        let log = AccessLog(
            format: .text, fileDescriptor: descriptors[1],
            configuration: AccessLogConfiguration(
                flushThresholdBytes: 1024, bufferLimitBytes: 32 * 1024, flushWaitLimit: .milliseconds(200)))
        let entry = AccessLog.Entry(
            method: "GET", target: "/healthz?pad=" + String(repeating: "z", count: 1000), status: 200, bytes: 16,
            duration: .milliseconds(1), cache: "-")
        let recorded = 1000
        for _ in 0..<recorded { log.record(entry) }
        #expect(log.droppedLines > 0)
        #expect(log.flush() == false)
        let received = LockedValue<[UInt8]>([])
        let readEnd = descriptors[0]
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                received.withLock { $0 += chunk[0..<count] }
            }
        }
        reader.start()
        #expect(ServiceHarness.eventually { log.flush() })
        close(descriptors[1])
        #expect(ServiceHarness.eventually { reader.isFinished })
        let lines = received.withLock { bytes in bytes.count { $0 == UInt8(ascii: "\n") } }
        #expect(lines > 0)
        #expect(lines + log.droppedLines == recorded)
    }
}
