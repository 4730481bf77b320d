import GradientCore
import GradientImage

/// Times the original workloads (or the `--query` ones) with dither off and on (or the `--dither` setting alone): the median render + encode of each (or raster only, or encode only).
struct WorkloadBenchmark {
    var options: BenchmarkOptions

    func run() throws {
        let iterations = options.iterations ?? BenchmarkOptions.defaultWorkloadIterations
        if !options.json { print("workload  dither  median_ms  png_bytes  query") }
        let selected = options.queries.isEmpty ? BenchmarkQuery.workloads : options.queries
        for workload in selected where options.workloads.isEmpty || options.workloads.contains(workload.name) {
            for dithers in [false, true] where options.ditherSettings.contains(dithers) {
                let dither = dithers ? "on" : "off"
                let query = workload.query + "&dither=" + dither
                let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
                var size = 0
                var times: [Double] = []
                let format = GradientPNG.format(of: spec)
                let frame = options.encodeOnly ? FrameRenderer.renderFrame(spec, format: format) : []
                for run in 0...iterations {
                    let (bytes, milliseconds) = try Stopwatch.measure {
                        if options.encodeOnly {
                            return try FrameRenderer.encode(
                                frame, format: format, spec: spec, referencePixelLimit: options.referencePixelLimit
                            ).count
                        }
                        return options.rasterOnly
                            ? FrameRenderer.rasterizeDiscarding(spec)
                            : try GradientPNG.renderPNG(spec, pipelined: options.pipelined).count
                    }
                    size = bytes
                    if run > 0 { times.append(milliseconds) }
                }
                let median = Stopwatch.rounded(Stopwatch.median(times))
                if options.json {
                    // pixels: width × height, which decides whether the encoder holds the image for its reference
                    // PNG (PNGEncoderOptions.referencePixelLimit).
                    print(
                        "{\"workload\":\"\(workload.name)\",\"query\":\"\(query)\",\"median_ms\":\(median),"
                            + "\"png_bytes\":\(size),\"pixels\":\(format.width * format.height)}"
                    )
                } else {
                    print("\(workload.name)  \(dither)  \(median)  \(size)  \(query)")
                }
            }
        }
    }
}
