import Dispatch
import Foundation
import GradientService
import HTTPCore

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

/// Raises the soft limit on open files to the hard limit, so that many connections can be held open.
func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let isHealthCheck = arguments.first == "health-check"
let options: GradientdOptions
do {
    options = try GradientdOptions(
        arguments: isHealthCheck ? Array(arguments.dropFirst()) : arguments,
        environment: ProcessInfo.processInfo.environment)
} catch {
    fail(error.description, status: 2)
}
if isHealthCheck {
    HealthCheck.run(options: options)
}
if options.showsHelp {
    print(GradientdOptions.usage)
    exit(0)
}
if options.showsVersion {
    print(OutputVersions.report(program: "gradientd"))
    exit(0)
}

ShutdownSignals.blockInNewThreads()
raiseOpenFileLimit()
HeapTuning.limitRetainedHeap()
let log = AccessLog(format: options.logFormat, configuration: options.accessLogConfiguration)
let service = GradientService(configuration: options.serviceConfiguration, accessLog: log)
let server = HTTPServer(configuration: options.serverConfiguration, handler: service)
service.reportConnections(of: server)
let signals = ShutdownSignals(
    server: server, service: service, log: log, deadline: options.serverConfiguration.drainTimeout)
do {
    try server.start()
} catch {
    switch error {
    case .invalidAddress, .invalidPort: fail("gradientd: \(error)", status: 2)
    case .addressInUse: fail("gradientd: \(error) (is another gradientd running? pick another --port)", status: 1)
    default: fail("gradientd: \(error)", status: 1)
    }
}
let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
log.message("gradientd listening on http://\(shownHost):\(server.boundPort ?? options.port)")

server.waitUntilStopped()
service.stopRendering()
log.message("gradientd stopped")
log.flush()
exit(0)
