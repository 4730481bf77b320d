import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// The `Date` field line (RFC 9110 §5.6.7 IMF-fixdate), formatted at most once per second.
final class HTTPDate: Sendable {
    static let shared = HTTPDate()

    /// The length of every `Date` field line, CRLF included.
    static let fieldLineLength = 37

    /// The second the cached line is for and the line itself, `Date: …\r\n`.
    private let cache = LockedValue<(second: Int, line: [UInt8])>((-1, []))

    /// Appends `Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n` for the current second.
    func appendFieldLine(to buffer: inout [UInt8]) {
        let now = time(nil)
        let line = cache.withLock { cached in
            if cached.second != now {
                cached = (now, Self.format(now))
            }
            return cached.line
        }
        buffer.append(contentsOf: line)
    }

    static func format(_ seconds: Int) -> [UInt8] {
        var value = time_t(seconds)
        var parts = tm()
        gmtime_r(&value, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let text =
            "Date: \(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):"
            + "\(twoDigits(parts.tm_sec)) GMT\r\n"
        return Array(text.utf8)
    }
}
