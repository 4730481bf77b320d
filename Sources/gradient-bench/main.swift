import Foundation

let options = BenchmarkOptions(arguments: CommandLine.arguments.dropFirst())
do {
    if let codec = options.codecMemory {
        guard let query = options.queries.first?.query else {
            StandardError.print("gradient-bench: --codec-memory needs --query")
            exit(2)
        }
        try CodecMemoryProbe(codec: codec, query: query).run()
    } else if let path = options.webpSpeedPath {
        guard try WebPSpeedBenchmark(options: options, corpusPath: path).run() else { exit(1) }
    } else if let path = options.codecSweepPath, options.formats {
        try FormatSweep(options: options, corpusPath: path).run()
    } else if let path = options.codecSweepPath {
        try CodecSweep(options: options, corpusPath: path).run()
    } else if let corpusPath = options.corpusPath {
        try CorpusBenchmark(options: options, corpusPath: corpusPath).run()
    } else {
        try WorkloadBenchmark(options: options).run()
    }
} catch {
    StandardError.print("gradient-bench: \(error)")
    exit(1)
}
