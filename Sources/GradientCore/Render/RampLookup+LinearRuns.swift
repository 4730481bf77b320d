extension RampLookup {
    /// Renders a row of a linear gradient whose `t` is `rowT + x × stepX`, for the pad and transparent spreads.
    ///
    /// The row is cut into runs of pixels that fall in the same place (before the stops, inside one interval,
    /// after the stops); each run is then filled without searching, with exactly the arithmetic of
    /// ``color(at:segmentHint:)``, so the pixels are identical to the per-pixel path.
    @inline(__always)
    func renderLinearRuns<E: PixelEncoder>(
        _ row: UnsafeMutablePointer<UInt8>, width: Int, rowT: Double, stepX: Double, dithers: UnsafePointer<Double>,
        _: E.Type
    ) {
        var hint = 0
        var x = 0
        while x < width {
            let region = self.region(of: rowT + Double(x) * stepX, segmentHint: &hint)
            // Gallop to a pixel outside the run (or the row's end), then bisect back to the run's last pixel.
            var inside = x
            var step = 1
            var probe = x + 1
            while probe < width && self.region(of: rowT + Double(probe) * stepX, segmentHint: &hint) == region {
                inside = probe
                step *= 2
                probe = inside + step
            }
            let end = lastIndex(in: region, from: inside, below: min(probe, width), rowT: rowT, stepX: stepX) + 1
            fill(row, from: x, to: end, region: region, rowT: rowT, stepX: stepX, dithers: dithers, E.self)
            x = end
        }
    }

    /// Where `t` falls: -1 before the first stop (or outside, for the transparent spread), `segments.count`
    /// after the last, else the interval index.
    @inline(__always)
    func region(of t: Double, segmentHint: inout Int) -> Int {
        if spread == .transparent && !(t >= first && t <= last) { return -1 }
        if !(t >= first) { return -1 }
        if t >= last { return segments.count }
        return segmentIndex(containing: t, segmentHint: &segmentHint)
    }

    /// The last pixel index below `limit` still in `region`, by bisection from `start` (which is in it).
    private func lastIndex(in region: Int, from start: Int, below limit: Int, rowT: Double, stepX: Double) -> Int {
        var low = start
        var high = limit - 1
        var hint = region
        while low < high {
            let middle = (low + high + 1) / 2
            if self.region(of: rowT + Double(middle) * stepX, segmentHint: &hint) == region {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    @inline(__always)
    private func fill<E: PixelEncoder>(
        _ row: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int, region: Int, rowT: Double, stepX: Double,
        dithers: UnsafePointer<Double>, _: E.Type
    ) {
        if region < 0 || region >= segments.count || !segments[region].isPlain {
            var hint = max(0, min(region, segments.count - 1))
            for x in start..<end {
                let color = color(at: rowT + Double(x) * stepX, segmentHint: &hint)
                E.store(color, dither: dithers[x & 7], to: row + x * E.bytesPerPixel)
            }
            return
        }
        let segment = segments[region]
        if isSRGB {
            for x in start..<end {
                let weight = (rowT + Double(x) * stepX - segment.start) * segment.inverseLength
                E.store(segment.from + segment.delta * weight, dither: dithers[x & 7], to: row + x * E.bytesPerPixel)
            }
        } else {
            for x in start..<end {
                let weight = (rowT + Double(x) * stepX - segment.start) * segment.inverseLength
                let color = ColorRamp.toPremultipliedSRGB(
                    segment.from + segment.delta * weight, space: space, hueIndex: hueIndex)
                E.store(color, dither: dithers[x & 7], to: row + x * E.bytesPerPixel)
            }
        }
    }
}
