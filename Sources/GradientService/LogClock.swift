import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// UTC timestamps in ISO 8601 with milliseconds (`2026-01-31T12:00:00.123Z`), formatting the date part once per
/// second.
final class LogClock: Sendable {
    /// The second last formatted and its text up to the seconds; guarded by this lock.
    private let cached = LockedValue<(second: Int, prefix: String)>((-1, ""))

    func timestamp() -> String {
        var line = LogLine(capacity: 24)
        appendTimestamp(to: &line)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// Appends the current timestamp to `line`.
    func appendTimestamp(to line: inout LogLine) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let second = now.tv_sec
        let millisecond = now.tv_nsec / 1_000_000
        let prefix = cached.withLock { cached -> String in
            if cached.second == second { return cached.prefix }
            var seconds = time_t(second)
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let text =
                "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
                + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))"
            cached = (second, text)
            return text
        }
        line.append(prefix)
        line.append(byte: UInt8(ascii: "."))
        if millisecond < 100 { line.append(byte: UInt8(ascii: "0")) }
        if millisecond < 10 { line.append(byte: UInt8(ascii: "0")) }
        line.append(millisecond)
        line.append(byte: UInt8(ascii: "Z"))
    }

    private func pad(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
