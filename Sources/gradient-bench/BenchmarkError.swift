/// Why a benchmark run stopped.
enum BenchmarkError: Error, CustomStringConvertible {
    /// Encoding the pre-rendered rows gave other bytes than the whole render path for this query.
    case encodeMismatch(query: String)

    var description: String {
        switch self {
        case .encodeMismatch(let query):
            "encoding pre-rendered rows gave other bytes than GradientPNG.renderPNG for \(query)"
        }
    }
}
