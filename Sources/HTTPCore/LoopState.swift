/// What an ``EventLoop`` keeps on its own thread: the connection table indexed by socket, and its timers.
struct LoopState {
    private var table: [Connection?] = []
    private(set) var openConnections: [Connection] = []
    let sweepInterval: Duration
    var nextSweep: ContinuousClock.Instant
    var acceptPausedUntil: ContinuousClock.Instant?
    var drainDeadline: ContinuousClock.Instant?
    var isStopped = false

    init(sweepInterval: Duration) {
        self.sweepInterval = sweepInterval
        self.nextSweep = .now + sweepInterval
    }

    /// How long `epoll_wait` may sleep: until the next timer check.
    var waitMilliseconds: Int32 {
        let remaining = nextSweep - .now
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: max(0, milliseconds))
    }

    func connection(for socket: Int32) -> Connection? {
        let index = Int(socket)
        return index < table.count ? table[index] : nil
    }

    mutating func add(_ connection: Connection) {
        let index = Int(connection.socket)
        if index >= table.count { table.append(contentsOf: repeatElement(nil, count: index + 1 - table.count)) }
        table[index] = connection
        openConnections.append(connection)
    }

    mutating func close(_ connection: Connection, counter: ConnectionCounter) {
        let index = Int(connection.socket)
        guard index < table.count, table[index] === connection else { return }
        table[index] = nil
        if let position = openConnections.firstIndex(where: { $0 === connection }) {
            openConnections.swapAt(position, openConnections.count - 1)
            openConnections.removeLast()
        }
        connection.close()
        counter.decrement()
    }

    mutating func closeAll(counter: ConnectionCounter) {
        for connection in openConnections { close(connection, counter: counter) }
    }
}
