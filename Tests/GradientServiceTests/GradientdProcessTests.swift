import Foundation
import GradientCore
import GradientImage
import HTTPTestSupport
import Testing

/// Runs the built `gradientd` executable, which sits beside the test bundle.
final class GradientdProcess {
    let process = Process()
    let output = Pipe()
    private(set) var port = 0
    private var text = ""

    init(arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("gradientd")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = ContinuousClock.now + .seconds(20)
        while port == 0 && ContinuousClock.now < deadline {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
            if let range = text.range(of: "listening on http://127.0.0.1:") {
                port = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
            }
        }
    }

    /// Waits at most `timeout` for the process to exit; returns its status, nil if it is still running.
    func waitForExit(timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
        guard !process.isRunning else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything the process wrote; a process still running is killed first.
    func remainingOutput() -> String {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return text + String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Everything the process wrote, read until it closes its output (when it exits), without signalling it.
    func outputUntilExit() -> String {
        text + String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Kills a process still running and waits for it: Foundation's `Process` and its run-loop source keep each
    /// other alive until `waitUntilExit()` has seen the exit, so a process never waited for is leaked.
    deinit {
        guard process.processIdentifier != 0 else { return }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

@Suite(.serialized, .hangGuard(minutes: 1))
struct GradientdProcessTests {
    @Test func healthCheckExitsZeroWhileServingAndOneWhenNothingAnswers() throws {
        let daemon = try GradientdProcess(arguments: ["--port", "0"])
        try #require(daemon.port > 0)
        let check = { (port: Int) throws -> Int32 in
            let probe = try GradientdProcess(arguments: ["health-check", "--port", String(port)])
            return probe.waitForExit(timeout: .seconds(10)) ?? -1
        }
        #expect(try check(daemon.port) == 0)
        kill(daemon.process.processIdentifier, SIGTERM)
        #expect(daemon.waitForExit(timeout: .seconds(15)) == 0)
        #expect(try check(daemon.port) == 1)
    }

    @Test func sigtermFinishesTheStreamInFlightThenExitsZero() throws {
        // A drain and a client timeout far above the render's time, so that a slow sanitizer build on a busy
        // machine still finishes the stream rather than meeting the 10 s default.
        let daemon = try GradientdProcess(arguments: ["--port", "0", "--log-format", "json", "--drain-timeout", "40"])
        try #require(daemon.port > 0)
        let client = try LoopbackClient(port: daemon.port, timeout: .seconds(40))
        let query = "type=radial&colors=red,blue,lime,white&width=1200&height=1200"
        client.request("/gradient?" + query)
        let begun = client.readAtLeast(20)
        #expect(String(decoding: begun.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
        kill(daemon.process.processIdentifier, SIGTERM)
        let response = try client.readResponses(1)[0]
        #expect(response.status == 200 && response.wasChunked)
        #expect(response.body == (try ServiceHarness.cliBytes(query)))
        #expect(daemon.waitForExit(timeout: .seconds(15)) == 0)
        #expect(throws: LoopbackClientError.self) { try LoopbackClient(port: daemon.port) }
        let log = daemon.remainingOutput()
        #expect(log.contains("\"message\":\"gradientd: signal 15"))
        #expect(log.contains("\"method\":\"GET\",\"target\":\"/gradient?\(query)\",\"status\":200"))
    }

    /// With `--log-format off` the request line is missing but the start-up and shutdown messages are there.
    @Test(arguments: ["text", "off"])
    func anIdleServerExitsZeroOnSigint(logFormat: String) throws {
        let daemon = try GradientdProcess(arguments: ["--port", "0", "--log-format", logFormat])
        try #require(daemon.port > 0)
        let client = try LoopbackClient(port: daemon.port)
        client.request("/healthz")
        #expect(try client.readResponses(1)[0].status == 200)
        kill(daemon.process.processIdentifier, SIGINT)
        #expect(daemon.waitForExit(timeout: .seconds(15)) == 0)
        let output = daemon.remainingOutput()
        #expect(output.contains("GET /healthz 200 16 ") == (logFormat == "text"))
        #expect(output.contains("gradientd listening on http://127.0.0.1:") && output.contains("gradientd stopped"))
    }

    @Test(arguments: [
        ["--port", "nope"], ["--log-format", "yaml"], ["--host", "localhost", "--port", "0"], ["--what"],
    ])
    func aBadFlagExitsTwoWithAMessage(arguments: [String]) throws {
        let daemon = try GradientdProcess(arguments: arguments)
        #expect(daemon.waitForExit(timeout: .seconds(10)) == 2)
        #expect(daemon.remainingOutput().contains("gradientd:"))
    }

    @Test func aSecondGradientdOnTheSamePortExitsOneAndSaysWhy() throws {
        let first = try GradientdProcess(arguments: ["--port", "0"])
        try #require(first.port > 0)
        let second = try GradientdProcess(arguments: ["--port", String(first.port)])
        #expect(second.waitForExit(timeout: .seconds(10)) == 1)
        #expect(
            second.remainingOutput()
                == "gradientd: cannot listen on 127.0.0.1:\(first.port): the address is already in use "
                + "(is another gradientd running? pick another --port)\n")
        let client = try LoopbackClient(port: first.port)
        client.request("/healthz")
        #expect(try client.readResponses(1)[0].status == 200)
        kill(first.process.processIdentifier, SIGTERM)
        #expect(first.waitForExit(timeout: .seconds(15)) == 0)
    }

    @Test func aBadVariableIsNamedInTheMessage() throws {
        let daemon = try GradientdProcess(arguments: [], environment: ["GRADIENTD_PORT": "abc"])
        #expect(daemon.waitForExit(timeout: .seconds(10)) == 2)
        #expect(
            daemon.remainingOutput() == "gradientd: GRADIENTD_PORT must be an integer from 0 to 65535, got \"abc\"\n")
    }

    @Test func versionPrintsThePackageAndEachFormatsOutputVersion() throws {
        let daemon = try GradientdProcess(arguments: ["--version"])
        #expect(daemon.waitForExit(timeout: .seconds(10)) == 0)
        let lines = daemon.remainingOutput().split(separator: "\n").map(String.init)
        #expect(lines.first == "gradientd \(PackageVersion.current)")
        #expect(lines.contains("png: " + GradientPNG.outputVersion))
        #expect(lines.contains("webp: " + ImageEncoderSettings.webp(.fast(pixelCount: .max)).outputVersion))
        #expect(lines.contains("avif: " + ImageEncoderSettings.avif(.standard(bitDepth: 10)).outputVersion))
        #expect(lines.contains("svg: " + ImageEncoderSettings.svg.outputVersion))
        #expect(lines.count == 5)
    }
}
