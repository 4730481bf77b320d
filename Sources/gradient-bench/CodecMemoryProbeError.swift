/// Why the codec memory probe failed.
enum CodecMemoryProbeError: Error, CustomStringConvertible {
    /// /proc/self/status has no such field (not Linux?).
    case missingStatusField(String)
    /// The encoder's declared peak memory is below the measured peak RSS growth.
    case estimateTooLow(measured: Int, estimate: Int)

    var description: String {
        switch self {
        case .missingStatusField(let field): "/proc/self/status has no \(field) field"
        case .estimateTooLow(let measured, let estimate):
            "peakMemoryBytes (\(estimate)) is below the measured peak RSS growth (\(measured))"
        }
    }
}
