/// Wall-clock timing helpers for the benchmark.
enum Stopwatch {
    /// Runs `body` once and returns its result with the time it took, in milliseconds.
    static func measure<Result>(_ body: () throws -> Result) rethrows -> (result: Result, milliseconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        return (result, Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    }

    /// The median of `values` (the mean of the middle two for an even count); 0 when empty.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `value` rounded to three decimals, for printing.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
