import GradientService
import Testing

@testable import gradientd

struct GradientdOptionsTests {
    @Test func defaultsMatchTheDocumentation() throws {
        let options = try GradientdOptions(arguments: [], environment: [:])
        #expect(options.host == "127.0.0.1" && options.port == 8080)
        #expect(options.cacheBytes == 256 * 1024 * 1024)
        #expect(options.logFormat == .text && options.renderWorkers == nil)
    }

    @Test func flagsTakeValuesAfterASpaceOrEqualsAndBeatTheEnvironment() throws {
        let options = try GradientdOptions(
            arguments: [
                "--port", "9000", "--cache-bytes=64M", "--log-format", "json", "--idle-timeout=2.5",
                "--drain-timeout", "45",
            ],
            environment: ["GRADIENTD_PORT": "7000", "GRADIENTD_HOST": "::1", "GRADIENTD_RENDER_WORKERS": "3"])
        #expect(options.port == 9000)
        #expect(options.host == "::1")
        #expect(options.renderWorkers == 3)
        #expect(options.cacheBytes == 64 << 20)
        #expect(options.logFormat == .json)
        #expect(options.idleTimeoutSeconds == 2.5)
        #expect(options.serverConfiguration.drainTimeout == .seconds(45))
    }

    @Test func frameMemoryComesFromTheFlagOrTheEnvironmentAndReachesTheService() throws {
        let defaults = try GradientdOptions(arguments: [], environment: [:])
        #expect(defaults.frameMemoryBytes == 1 << 30)
        #expect(defaults.serviceConfiguration.frameMemoryRequestShare == 0.625)
        #expect(defaults.serviceConfiguration.frameMemoryQueueLimit == 64)
        #expect(defaults.serviceConfiguration.frameMemoryWait == .seconds(5))
        #expect(defaults.serviceConfiguration.parkedRenderBytes == 64 << 20)
        #expect(
            try GradientdOptions(arguments: [], environment: ["GRADIENTD_PARKED_MEMORY": "32M"]).serviceConfiguration
                .parkedRenderBytes == 32 << 20)
        let waits = try GradientdOptions(
            arguments: ["--frame-memory-share", "0.5", "--frame-memory-wait=1.5"],
            environment: ["GRADIENTD_FRAME_MEMORY_QUEUE": "8"])
        #expect(waits.serviceConfiguration.frameMemoryRequestShare == 0.5)
        #expect(waits.serviceConfiguration.frameMemoryWait == .milliseconds(1500))
        #expect(waits.serviceConfiguration.frameMemoryQueueLimit == 8)
        for bad in [["--frame-memory-share", "0"], ["--frame-memory-share", "1.5"], ["--frame-memory-wait", "-1"]] {
            #expect(throws: GradientdOptionsError.self) { try GradientdOptions(arguments: bad, environment: [:]) }
        }
        let flag = try GradientdOptions(arguments: ["--frame-memory=1G"], environment: [:])
        #expect(flag.serviceConfiguration.frameMemoryBytes == 1 << 30)
        let variable = try GradientdOptions(arguments: [], environment: ["GRADIENTD_FRAME_MEMORY": "64M"])
        #expect(variable.frameMemoryBytes == 64 << 20)
        #expect(throws: GradientdOptionsError.self) {
            try GradientdOptions(arguments: ["--frame-memory", "lots"], environment: [:])
        }
    }

    @Test func logBufferComesFromTheFlagOrTheEnvironmentAndReachesTheAccessLog() throws {
        let defaults = try GradientdOptions(arguments: [], environment: [:])
        #expect(defaults.accessLogConfiguration == AccessLogConfiguration())
        #expect(defaults.accessLogConfiguration.bufferLimitBytes == 1 << 20)
        let flag = try GradientdOptions(arguments: ["--log-buffer=64K"], environment: ["GRADIENTD_LOG_BUFFER": "8M"])
        #expect(flag.accessLogConfiguration.bufferLimitBytes == 64 << 10)
        let variable = try GradientdOptions(arguments: [], environment: ["GRADIENTD_LOG_BUFFER": "8M"])
        #expect(variable.accessLogConfiguration.bufferLimitBytes == 8 << 20)
        #expect(throws: GradientdOptionsError.self) {
            try GradientdOptions(arguments: ["--log-buffer", "lots"], environment: [:])
        }
    }

    @Test func renderQueueComesFromTheFlagOrTheEnvironmentAndReachesTheService() throws {
        #expect(try GradientdOptions(arguments: [], environment: [:]).serviceConfiguration.renderQueueLimit == 64)
        let flag = try GradientdOptions(arguments: ["--render-queue=4096"], environment: [:])
        #expect(flag.serviceConfiguration.renderQueueLimit == 4096)
        let variable = try GradientdOptions(arguments: [], environment: ["GRADIENTD_RENDER_QUEUE": "8"])
        #expect(variable.serviceConfiguration.renderQueueLimit == 8)
        #expect(throws: GradientdOptionsError.self) {
            try GradientdOptions(arguments: ["--render-queue", "0"], environment: [:])
        }
    }

    @Test func logFormatOffComesFromTheFlagOrTheEnvironment() throws {
        #expect(try GradientdOptions(arguments: ["--log-format=off"], environment: [:]).logFormat == .off)
        #expect(try GradientdOptions(arguments: [], environment: ["GRADIENTD_LOG_FORMAT": "off"]).logFormat == .off)
    }

    @Test(arguments: [("1024", 1024), ("2K", 2048), ("3M", 3 << 20), ("1G", 1 << 30), ("5MiB", 5 << 20), ("0", 0)])
    func cacheSizesAcceptBinarySuffixes(text: String, bytes: Int) throws {
        #expect(try GradientdOptions.byteSize(text, flag: "--cache-bytes") == bytes)
    }

    @Test(arguments: [
        ["--port", "70000"], ["--port", "http"], ["--cache-bytes", "12X"], ["--cache-bytes", "-1"],
        ["--render-workers", "0"], ["--event-loops", "0"], ["--event-loops", "2000"], ["--header-timeout", "0"],
        ["--idle-timeout", "nan"], ["--drain-timeout", "-1"],
        ["--max-pixels", "1e6"],
        ["--log-format", "xml"], ["--max-connections", ""], ["--bogus"], ["--port"], ["--host="],
    ])
    func badValuesAreErrorsNotSilentDefaults(arguments: [String]) {
        #expect(throws: GradientdOptionsError.self) { try GradientdOptions(arguments: arguments, environment: [:]) }
    }

    @Test func aBadEnvironmentValueIsAnErrorToo() {
        #expect(throws: GradientdOptionsError.self) {
            try GradientdOptions(arguments: [], environment: ["GRADIENTD_MAX_PIXELS": "lots"])
        }
    }

    @Test func optionsBecomeServerAndServiceConfiguration() throws {
        let options = try GradientdOptions(
            arguments: ["--max-pixels", "1000", "--header-timeout", "0.5", "--max-connections", "10"],
            environment: ["GRADIENTD_EVENT_LOOPS": "1"])
        #expect(options.serviceConfiguration.specLimits.maxPixels == 1000)
        #expect(options.serverConfiguration.eventLoopCount == 1)
        #expect(options.serverConfiguration.limits.headerTimeout == .milliseconds(500))
        #expect(options.serverConfiguration.limits.maxConnections == 10)
    }

    /// Each message names what the user typed: the flag, or the variable when the value came from the environment.
    @Test(arguments: [
        (
            ["--host", "localhost"], [:],
            "gradientd: --host must be an IPv4 or IPv6 literal such as 127.0.0.1 or ::1, got \"localhost\""
        ),
        ([], ["GRADIENTD_PORT": "abc"], "gradientd: GRADIENTD_PORT must be an integer from 0 to 65535, got \"abc\""),
        (["--port=abc"], ["GRADIENTD_PORT": "1"], "gradientd: --port must be an integer from 0 to 65535, got \"abc\""),
        (
            [], ["GRADIENTD_HOST": "example.com"],
            "gradientd: GRADIENTD_HOST must be an IPv4 or IPv6 literal such as 127.0.0.1 or ::1, got \"example.com\""
        ),
        (
            [], ["GRADIENTD_CACHE_BYTES": "1T"],
            "gradientd: GRADIENTD_CACHE_BYTES must be a byte count such as 268435456, 512M or 1G, got \"1T\""
        ),
    ])
    func errorsNameTheFlagOrVariableGiven(arguments: [String], environment: [String: String], message: String) {
        do {
            _ = try GradientdOptions(arguments: arguments, environment: environment)
            Issue.record("no error for \(arguments) \(environment)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: ["127.0.0.1", "0.0.0.0", "::1", "::", "[::1]"])
    func addressLiteralsAreAccepted(host: String) throws {
        #expect(try GradientdOptions(arguments: ["--host", host], environment: [:]).host == host)
    }
}
