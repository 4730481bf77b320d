import GradientService
import HTTPCore

/// The settings of a `gradientd` run, from flags and `GRADIENTD_*` environment variables (a flag beats its
/// variable).
struct GradientdOptions: Equatable {
    var host = "127.0.0.1"
    var port = 8080
    var cacheBytes = 256 * 1024 * 1024
    var frameMemoryBytes = 1024 * 1024 * 1024
    var frameMemoryShare = 0.625
    var frameMemoryQueueLimit = 64
    var frameMemoryWaitSeconds = 5.0
    var parkedMemoryBytes = 64 * 1024 * 1024
    var maxConnections = 4096
    var eventLoops: Int?
    var renderWorkers: Int?
    var renderQueueLimit = 64
    var headerTimeoutSeconds = 10.0
    var idleTimeoutSeconds = 30.0
    var writeTimeoutSeconds = 30.0
    var minimumSendBytes = 16384
    var sendRateWindowSeconds = 10.0
    var drainTimeoutSeconds = 10.0
    var maxPixels = 33_554_432
    var logFormat = AccessLog.Format.text
    var logBufferBytes = 1024 * 1024
    var showsHelp = false
    var showsVersion = false

    static let usage = """
        gradientd — serve gradient images (PNG, WebP, AVIF) over HTTP

        Usage: gradientd [options]
               gradientd health-check [--port N]   exit 0 if the gradientd on this host answers /healthz with 200

          --host ADDRESS          IPv4 or IPv6 literal to bind (default 127.0.0.1)       GRADIENTD_HOST
          --port N                TCP port, 0 picks a free one (default 8080)            GRADIENTD_PORT
          --cache-bytes SIZE      image cache budget; bytes, or with K, M, G (×1024)     GRADIENTD_CACHE_BYTES
                                  (default 256M)
          --frame-memory SIZE     memory WebP and AVIF renders may hold at once, each    GRADIENTD_FRAME_MEMORY
                                  at its encoder's measured peak; past it they wait
                                  (default 1G)
          --frame-memory-share F  share of --frame-memory one request may hold; an       GRADIENTD_FRAME_MEMORY_SHARE
                                  image that needs more gets 400 (default 0.625)
          --frame-memory-queue N  requests waiting for frame memory at most; past it     GRADIENTD_FRAME_MEMORY_QUEUE
                                  they get 503 (default 64)
          --frame-memory-wait SECS  time a request waits for frame memory before 503     GRADIENTD_FRAME_MEMORY_WAIT
                                  (default 5)
          --parked-memory SIZE    bytes renders paused for slow readers may hold at      GRADIENTD_PARKED_MEMORY
                                  once; past it their slowest clients are closed
                                  (default 64M)
          --max-connections N     open connections at most (default 4096)                GRADIENTD_MAX_CONNECTIONS
          --event-loops N         threads serving connections (default: one per core)    GRADIENTD_EVENT_LOOPS
          --render-workers N      render threads (default: one per core)                 GRADIENTD_RENDER_WORKERS
          --render-queue N        renders waiting for a worker at most; past it they     GRADIENTD_RENDER_QUEUE
                                  get 503 (default 64)
          --header-timeout SECS   time to receive a request head (default 10)            GRADIENTD_HEADER_TIMEOUT
          --idle-timeout SECS     keep-alive idle time (default 30)                      GRADIENTD_IDLE_TIMEOUT
          --write-timeout SECS    time a response may wait with the client reading       GRADIENTD_WRITE_TIMEOUT
                                  nothing (default 30)
          --min-send-bytes SIZE   close a client that takes fewer bytes than this in     GRADIENTD_MIN_SEND_BYTES
                                  a send-rate window while its response waits; 0 off
                                  (default 16K)
          --send-rate-window SECS the window --min-send-bytes is counted over            GRADIENTD_SEND_RATE_WINDOW
                                  (default 10)
          --drain-timeout SECS    after SIGTERM/SIGINT, time in-flight responses get     GRADIENTD_DRAIN_TIMEOUT
                                  to finish (default 10)
          --max-pixels N          output pixels per image at most (default 33554432)     GRADIENTD_MAX_PIXELS
          --log-format FORMAT     access log on standard output: text, json, or off      GRADIENTD_LOG_FORMAT
                                  (no request lines) (default text)
          --log-buffer SIZE       access-log bytes waiting for standard output at most;  GRADIENTD_LOG_BUFFER
                                  past it lines are dropped and counted (default 1M)
          --help                  show this help
          --version               print the package version and each format's output version

        Flags take their value as the next argument or after '='. A flag beats its environment variable.
        SIGTERM or SIGINT: stop accepting, /healthz answers 503, in-flight responses get --drain-timeout to finish,
        exit 0.
        Exit status: 0 after a clean shutdown, 1 when the server cannot start, 2 for a bad flag or value.
        """

    private static let flags: [(flag: String, variable: String)] = [
        ("--host", "GRADIENTD_HOST"), ("--port", "GRADIENTD_PORT"), ("--cache-bytes", "GRADIENTD_CACHE_BYTES"),
        ("--frame-memory", "GRADIENTD_FRAME_MEMORY"), ("--frame-memory-share", "GRADIENTD_FRAME_MEMORY_SHARE"),
        ("--frame-memory-queue", "GRADIENTD_FRAME_MEMORY_QUEUE"),
        ("--frame-memory-wait", "GRADIENTD_FRAME_MEMORY_WAIT"),
        ("--parked-memory", "GRADIENTD_PARKED_MEMORY"), ("--max-connections", "GRADIENTD_MAX_CONNECTIONS"),
        ("--event-loops", "GRADIENTD_EVENT_LOOPS"), ("--render-workers", "GRADIENTD_RENDER_WORKERS"),
        ("--render-queue", "GRADIENTD_RENDER_QUEUE"),
        ("--header-timeout", "GRADIENTD_HEADER_TIMEOUT"), ("--idle-timeout", "GRADIENTD_IDLE_TIMEOUT"),
        ("--write-timeout", "GRADIENTD_WRITE_TIMEOUT"), ("--min-send-bytes", "GRADIENTD_MIN_SEND_BYTES"),
        ("--send-rate-window", "GRADIENTD_SEND_RATE_WINDOW"),
        ("--drain-timeout", "GRADIENTD_DRAIN_TIMEOUT"), ("--max-pixels", "GRADIENTD_MAX_PIXELS"),
        ("--log-format", "GRADIENTD_LOG_FORMAT"), ("--log-buffer", "GRADIENTD_LOG_BUFFER"),
    ]

    /// Parses `arguments` (without the program name) over `environment`.
    init(arguments: [String], environment: [String: String]) throws(GradientdOptionsError) {
        var values: [String: String] = [:]
        var sources: [String: String] = [:]
        for (flag, variable) in Self.flags {
            if let value = environment[variable] {
                values[flag] = value
                sources[flag] = variable
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" {
                showsHelp = true
                continue
            }
            if argument == "--version" {
                showsVersion = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let flag = String(parts[0])
            guard Self.flags.contains(where: { $0.flag == flag }) else { throw .unknownFlag(argument) }
            sources[flag] = flag
            if parts.count == 2 {
                values[flag] = String(parts[1])
            } else {
                guard index < arguments.count else { throw .missingValue(flag: flag) }
                values[flag] = arguments[index]
                index += 1
            }
        }
        try apply(values, sources: sources)
    }

    /// Applies `values` by flag; `sources` names the flag or variable each came from, for errors.
    private mutating func apply(
        _ values: [String: String], sources: [String: String]
    ) throws(GradientdOptionsError) {
        let name = { (flag: String) in sources[flag] ?? flag }
        if let value = values["--host"] {
            guard HTTPServerConfiguration.isAddressLiteral(value) else {
                throw .invalidValue(
                    flag: name("--host"), value: value, expected: "an IPv4 or IPv6 literal such as 127.0.0.1 or ::1")
            }
            host = value
        }
        if let value = values["--port"] { port = try Self.integer(value, flag: name("--port"), range: 0...65535) }
        if let value = values["--cache-bytes"] { cacheBytes = try Self.byteSize(value, flag: name("--cache-bytes")) }
        if let value = values["--frame-memory"] {
            frameMemoryBytes = try Self.byteSize(value, flag: name("--frame-memory"))
        }
        if let value = values["--parked-memory"] {
            parkedMemoryBytes = try Self.byteSize(value, flag: name("--parked-memory"))
        }
        if let value = values["--frame-memory-share"] {
            guard let share = Double(value), share > 0, share <= 1 else {
                throw .invalidValue(
                    flag: name("--frame-memory-share"), value: value, expected: "a share more than 0 and at most 1")
            }
            frameMemoryShare = share
        }
        if let value = values["--frame-memory-queue"] {
            frameMemoryQueueLimit = try Self.integer(value, flag: name("--frame-memory-queue"), range: 0...1_000_000)
        }
        if let value = values["--frame-memory-wait"] {
            frameMemoryWaitSeconds = try Self.seconds(value, flag: name("--frame-memory-wait"))
        }
        if let value = values["--max-connections"] {
            maxConnections = try Self.integer(value, flag: name("--max-connections"), range: 1...1_000_000)
        }
        if let value = values["--event-loops"] {
            eventLoops = try Self.integer(value, flag: name("--event-loops"), range: 1...1024)
        }
        if let value = values["--render-workers"] {
            renderWorkers = try Self.integer(value, flag: name("--render-workers"), range: 1...1024)
        }
        if let value = values["--render-queue"] {
            renderQueueLimit = try Self.integer(value, flag: name("--render-queue"), range: 1...1_000_000)
        }
        if let value = values["--header-timeout"] {
            headerTimeoutSeconds = try Self.seconds(value, flag: name("--header-timeout"))
        }
        if let value = values["--idle-timeout"] {
            idleTimeoutSeconds = try Self.seconds(value, flag: name("--idle-timeout"))
        }
        if let value = values["--write-timeout"] {
            writeTimeoutSeconds = try Self.seconds(value, flag: name("--write-timeout"))
        }
        if let value = values["--min-send-bytes"] {
            minimumSendBytes = try Self.byteSize(value, flag: name("--min-send-bytes"))
        }
        if let value = values["--send-rate-window"] {
            sendRateWindowSeconds = try Self.seconds(value, flag: name("--send-rate-window"))
        }
        if let value = values["--drain-timeout"] {
            drainTimeoutSeconds = try Self.seconds(value, flag: name("--drain-timeout"))
        }
        if let value = values["--max-pixels"] {
            maxPixels = try Self.integer(value, flag: name("--max-pixels"), range: 1...(1 << 40))
        }
        if let value = values["--log-format"] {
            guard let format = AccessLog.Format(rawValue: value) else {
                throw .invalidValue(flag: name("--log-format"), value: value, expected: "text, json or off")
            }
            logFormat = format
        }
        if let value = values["--log-buffer"] { logBufferBytes = try Self.byteSize(value, flag: name("--log-buffer")) }
    }

    static func integer(_ text: String, flag: String, range: ClosedRange<Int>) throws(GradientdOptionsError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw .invalidValue(
                flag: flag, value: text, expected: "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A byte count: a plain integer, or one followed by K, M or G (binary multiples, `KiB`/`MiB`/`GiB` too).
    static func byteSize(_ text: String, flag: String) throws(GradientdOptionsError) -> Int {
        let multipliers: [(String, Int)] = [
            ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30),
        ]
        var digits = Substring(text)
        var multiplier = 1
        for (suffix, factor) in multipliers where digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            multiplier = factor
            break
        }
        guard let value = Int(digits), value >= 0, value <= (1 << 50) / multiplier else {
            throw .invalidValue(flag: flag, value: text, expected: "a byte count such as 268435456, 512M or 1G")
        }
        return value * multiplier
    }

    static func seconds(_ text: String, flag: String) throws(GradientdOptionsError) -> Double {
        guard let value = Double(text), value.isFinite, value > 0, value <= 86400 else {
            throw .invalidValue(flag: flag, value: text, expected: "seconds, more than 0 and at most 86400")
        }
        return value
    }
}
