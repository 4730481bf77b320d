import Foundation
import GradientCore
import GradientImage
import HTTPCore
import HTTPTestSupport
import Locking

@testable import GradientService

/// Runs a ``GradientService`` in memory (recording responders) or behind a real server on 127.0.0.1:0.
struct ServiceHarness {
    let service: GradientService

    init(configuration: GradientServiceConfiguration = GradientServiceConfiguration(renderWorkers: 2)) {
        service = GradientService(configuration: configuration)
    }

    /// A harness for a service made by the caller (with an access log, for instance).
    init(service: GradientService) {
        self.service = service
    }

    /// Handles one request in memory and waits for its complete response.
    func record(
        _ target: String, method: String = "GET", headers: [(String, String)] = [("Host", "test")]
    ) throws -> HTTPRecordedResponse {
        let request = try HTTPRequest(method: method, target: target, headers: HTTPHeaders(headers))
        let done = DispatchSemaphore(value: 0)
        let result = LockedValue<HTTPRecordedResponse?>(nil)
        service.handle(
            request,
            responder: .recording(for: request) { response in
                result.withLock { $0 = response }
                done.signal()
            })
        guard done.wait(timeout: .now() + 30) == .success, let response = result.withLock({ $0 }) else {
            throw LoopbackClientError.failed("no response in memory for \(target)")
        }
        return response
    }

    /// Starts a server for the service on 127.0.0.1:0, runs `body` with the port, then stops it.
    func withServer(limits: HTTPLimits = HTTPLimits(), _ body: (Int) throws -> Void) throws {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, limits: limits, eventLoopCount: 2),
            handler: service)
        try server.start()
        defer {
            server.shutdown(deadline: .seconds(1))
            server.waitUntilStopped()
        }
        try body(try unwrap(server.boundPort))
    }

    /// Waits (at most `timeout`) until `condition` holds; returns whether it did.
    static func eventually(timeout: Duration = .seconds(20), _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// The canonical cache key of `query`.
    static func key(_ query: String) throws -> String {
        try GradientSpec(queryItems: QueryString.decode(Substring(query))).canonicalForm
    }

    /// The bytes `gradient render` writes for `query`.
    static func cliBytes(_ query: String) throws -> [UInt8] {
        try GradientPNG.renderPNG(GradientSpec(queryItems: QueryString.decode(Substring(query))))
    }
}

/// The value, or an error when it is nil.
private func unwrap<T>(_ value: T?) throws -> T {
    guard let value else { throw LoopbackClientError.failed("missing value") }
    return value
}
