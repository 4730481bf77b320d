/// Every limit the HTTP layer enforces on a client, and the batch sizes of its event loops, in one place.
///
/// Requests that break a size limit are refused with the status named on the limit and the connection is closed.
/// Timeouts close the connection without a response. The batch sizes bound the work of one step of an event loop;
/// they change no response.
public struct HTTPLimits: Sendable, Equatable {
    /// Longest request line accepted, in bytes, excluding its line terminator. Default 8192 (8 KiB).
    /// A longer line is refused with 414 URI Too Long.
    public var maxRequestLineBytes: Int

    /// Largest header section accepted, in bytes: every field line with its terminator, excluding the request line
    /// and the empty line that ends the section. Default 16384 (16 KiB). Larger is refused with 431.
    public var maxHeaderSectionBytes: Int

    /// Most header fields accepted in one request. Default 100. More are refused with 431.
    public var maxHeaderFields: Int

    /// Largest body read (and discarded) so that a request of a method the server does not serve (POST, PUT, …) gets
    /// its answer (405) and the connection stays usable: the Content-Length, or a chunked body's bytes with their
    /// framing. Default 65536 (64 KiB). Larger is refused with 413 and the connection is closed. GET, HEAD and
    /// OPTIONS take no body at all.
    public var maxDiscardedBodyBytes: Int

    /// Time allowed from the first byte of a request to the end of its header section (slowloris guard), and of a
    /// discarded body to its last byte. Default 10 seconds.
    public var headerTimeout: Duration

    /// Time a persistent connection may stay open with nothing to read or write between requests. Default 30 seconds.
    public var idleTimeout: Duration

    /// Time a response may wait for the client to read before the connection is closed. Default 30 seconds.
    public var writeTimeout: Duration

    /// Fewest bytes the socket must accept in each ``sendRateWindow`` while response bytes wait for the client
    /// (a queue the socket would not take); a connection that takes fewer is closed, so that a client reading a
    /// few bytes a second cannot hold a response, its render or its buffers for long. Unlike ``writeTimeout``, it
    /// does not restart on every byte read. The window starts when output first waits and restarts each time the
    /// queue empties. Default 16384 bytes (16 KiB, about 1.6 KB/s over the default window); 0 turns it off.
    public var minimumSendBytes: Int

    /// The window over which ``minimumSendBytes`` is counted. Default 10 seconds.
    public var sendRateWindow: Duration

    /// Most connections open at once across the server; beyond it new connections are accepted and closed
    /// immediately. Default 4096 connections.
    public var maxConnections: Int

    /// Most requests of one connection waiting for, or being sent, their responses. When reached, the server stops
    /// reading from that connection until a response completes. Default 32 requests.
    public var maxPipelinedRequests: Int

    /// Most response bytes buffered for one connection because the client reads slowly. When reached, the server
    /// stops reading further requests from that connection until the buffer drains below it. Default 4194304 bytes
    /// (4 MiB).
    public var maxBufferedOutputBytes: Int

    /// Most readiness events an event loop takes from one `epoll_wait`. Default 256 events.
    public var eventsPerWait: Int

    /// Size of each event loop's read buffer, the most bytes read from a socket in one `read`. Default 65536 bytes
    /// (64 KiB).
    public var readBufferBytes: Int

    /// Most queued response parts (head, chunk framing, body pieces) handed to the kernel in one `writev`.
    /// Default 16 parts.
    public var partsPerWrite: Int

    /// Time an event loop stops accepting after `accept` fails for want of file descriptors or memory (EMFILE,
    /// ENFILE, ENOBUFS, ENOMEM), so that it does not spin while the listening socket stays readable. Default 100
    /// milliseconds.
    public var acceptPauseAfterExhaustion: Duration

    /// Shortest interval at which an event loop checks its connections' timers, which it otherwise does every
    /// quarter of the shortest timeout. Default 10 milliseconds.
    public var minimumTimerSweepInterval: Duration

    /// Longest interval at which an event loop checks its connections' timers (and, while draining, whether it is
    /// done). Default 250 milliseconds.
    public var maximumTimerSweepInterval: Duration

    /// Most response bytes queued for one connection before a streamed body's writer pauses (back-pressure): past
    /// it ``HTTPResponseStream/hasCapacity`` is false, and a writer parks until
    /// ``HTTPResponseStream/whenWritable(_:)`` calls it back, as the client reads the queue below it.
    /// Default 1048576 bytes (1 MiB).
    public var maxQueuedStreamBytes: Int

    /// Creates limits; every argument defaults to the value documented on its property.
    public init(
        maxRequestLineBytes: Int = 8192,
        maxHeaderSectionBytes: Int = 16384,
        maxHeaderFields: Int = 100,
        maxDiscardedBodyBytes: Int = 65536,
        headerTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(30),
        writeTimeout: Duration = .seconds(30),
        minimumSendBytes: Int = 16384,
        sendRateWindow: Duration = .seconds(10),
        maxConnections: Int = 4096,
        maxPipelinedRequests: Int = 32,
        maxBufferedOutputBytes: Int = 4 * 1024 * 1024,
        eventsPerWait: Int = 256,
        readBufferBytes: Int = 64 * 1024,
        partsPerWrite: Int = 16,
        acceptPauseAfterExhaustion: Duration = .milliseconds(100),
        minimumTimerSweepInterval: Duration = .milliseconds(10),
        maximumTimerSweepInterval: Duration = .milliseconds(250),
        maxQueuedStreamBytes: Int = 1024 * 1024
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderSectionBytes = maxHeaderSectionBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxDiscardedBodyBytes = maxDiscardedBodyBytes
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.writeTimeout = writeTimeout
        self.minimumSendBytes = minimumSendBytes
        self.sendRateWindow = sendRateWindow
        self.maxConnections = maxConnections
        self.maxPipelinedRequests = maxPipelinedRequests
        self.maxBufferedOutputBytes = maxBufferedOutputBytes
        self.eventsPerWait = eventsPerWait
        self.readBufferBytes = readBufferBytes
        self.partsPerWrite = partsPerWrite
        self.acceptPauseAfterExhaustion = acceptPauseAfterExhaustion
        self.minimumTimerSweepInterval = minimumTimerSweepInterval
        self.maximumTimerSweepInterval = maximumTimerSweepInterval
        self.maxQueuedStreamBytes = maxQueuedStreamBytes
    }
}
