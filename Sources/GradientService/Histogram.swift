/// A Prometheus histogram of durations in seconds with fixed bucket bounds.
struct Histogram: Sendable {
    /// Upper bounds of the buckets, in seconds, ascending; `+Inf` is implied.
    let bounds: [Double]
    /// Observations per bucket (not cumulative); the last counts those above every bound.
    private(set) var counts: [Int]
    private(set) var sum = 0.0
    private(set) var count = 0

    init(bounds: [Double]) {
        self.bounds = bounds
        self.counts = Array(repeating: 0, count: bounds.count + 1)
    }

    /// Bounds from 0.5 ms to 10 s, suited to request and render times.
    static let latencyBounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    mutating func observe(_ seconds: Double) {
        var bucket = 0
        while bucket < bounds.count && seconds > bounds[bucket] { bucket += 1 }
        counts[bucket] += 1
        sum += seconds
        count += 1
    }

    /// The exposition lines of this histogram called `name`, with cumulative `le` buckets.
    func append(name: String, to text: inout String) {
        var cumulative = 0
        for (index, bound) in bounds.enumerated() {
            cumulative += counts[index]
            text += "\(name)_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        text += "\(name)_bucket{le=\"+Inf\"} \(count)\n"
        text += "\(name)_sum \(sum)\n"
        text += "\(name)_count \(count)\n"
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
