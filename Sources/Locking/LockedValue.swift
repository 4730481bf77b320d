/// A value that is read and changed only while holding its ``Lock``, as `Synchronization.Mutex` offers but seen by
/// ThreadSanitizer (see ``Lock``).
///
/// Like lock, it is `Sendable` whatever the value: the value is reached only inside ``withLock(_:)``, and a
/// body must not let a reference to a non-`Sendable` value escape to another thread.
public final class LockedValue<Value>: @unchecked Sendable {
    @usableFromInline
    let lock = Lock()
    @usableFromInline
    var value: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock, and returns its result.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
