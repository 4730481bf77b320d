import GradientCore
import GradientService
import HTTPCore

extension GradientdOptions {
    /// The server configuration these options describe.
    var serverConfiguration: HTTPServerConfiguration {
        HTTPServerConfiguration(
            host: host, port: port,
            limits: HTTPLimits(
                headerTimeout: .milliseconds(Int(headerTimeoutSeconds * 1000)),
                idleTimeout: .milliseconds(Int(idleTimeoutSeconds * 1000)),
                writeTimeout: .milliseconds(Int(writeTimeoutSeconds * 1000)), minimumSendBytes: minimumSendBytes,
                sendRateWindow: .milliseconds(Int(sendRateWindowSeconds * 1000)), maxConnections: maxConnections),
            eventLoopCount: eventLoops,
            drainTimeout: .milliseconds(Int(drainTimeoutSeconds * 1000)))
    }

    /// The service configuration these options describe.
    var serviceConfiguration: GradientServiceConfiguration {
        GradientServiceConfiguration(
            cacheBytes: cacheBytes, renderWorkers: renderWorkers, renderQueueLimit: renderQueueLimit,
            specLimits: SpecLimits(maxPixels: maxPixels), frameMemoryBytes: frameMemoryBytes,
            frameMemoryRequestShare: frameMemoryShare, frameMemoryQueueLimit: frameMemoryQueueLimit,
            frameMemoryWait: .milliseconds(Int(frameMemoryWaitSeconds * 1000)), parkedRenderBytes: parkedMemoryBytes)
    }

    /// The access log's configuration these options describe.
    var accessLogConfiguration: AccessLogConfiguration {
        AccessLogConfiguration(bufferLimitBytes: logBufferBytes)
    }
}
