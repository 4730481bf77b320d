import Dispatch
import GradientService
import HTTPCore
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT handling: on either, `/healthz` turns 503, the server stops accepting and in-flight responses
/// get `deadline` to finish.
final class ShutdownSignals: Sendable {
    /// Blocks SIGTERM and SIGINT in the calling thread and so in every thread it starts later; call first thing in
    /// `main`. The signals then stay pending until the dispatch sources read them, instead of reaching a thread
    /// that would ignore them.
    static func blockInNewThreads() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// The signal sources, kept alive for the life of the process; guarded by this lock.
    private let sources: LockedValue<[any DispatchSourceSignal]>

    init(server: HTTPServer, service: GradientService, log: AccessLog, deadline: Duration) {
        let queue = DispatchQueue(label: "gradientd.signals")
        sources = LockedValue([])
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)
            sources.withLock { sources in
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { @Sendable in
                    log.message("gradientd: signal \(signalNumber), draining for at most \(deadline)")
                    service.beginDraining()
                    server.shutdown(deadline: deadline)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
