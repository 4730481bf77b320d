import Foundation

let options = BenchmarkOptions(arguments: CommandLine.arguments.dropFirst())
do {
    if let corpusPath = options.corpusPath {
        try CorpusBenchmark(options: options, corpusPath: corpusPath).run()
    } else {
        try WorkloadBenchmark(options: options).run()
    }
} catch {
    StandardError.print("gradient-bench: \(error)")
    exit(1)
}
