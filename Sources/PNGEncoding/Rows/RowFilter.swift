import CPNG

/// PNG row filters (filter method 0) for rows compressed by zlib.
enum RowFilter {
    /// Writes filter type 1 (Sub) and the Sub-filtered row to `output` (`count + 1` bytes).
    ///
    /// Sub alone was measured against choosing per row among Sub, Up and Paeth by libpng's
    /// sum-of-magnitudes heuristic: on smooth gradients it compresses as well or better
    /// (zlib finds the repeated difference patterns) and costs a single pass.
    static func sub(
        _ row: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int, output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = PNGFilterType.sub.rawValue
        let out = output + 1
        let head = min(bytesPerPixel, count)
        out.update(from: row, count: head)
        var index = head
        let source = UnsafeRawPointer(row)
        let destination = UnsafeMutableRawPointer(out)
        while index + 16 <= count {
            let current = source.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let left = source.loadUnaligned(fromByteOffset: index - bytesPerPixel, as: SIMD16<UInt8>.self)
            destination.storeBytes(of: current &- left, toByteOffset: index, as: SIMD16<UInt8>.self)
            index += 16
        }
        while index < count {
            out[index] = row[index] &- row[index - bytesPerPixel]
            index += 1
        }
    }

    /// Writes filter type 3 (Average) and the row minus the floor of the mean of each byte's left neighbour (0 for
    /// the first pixel) and the byte above in `previous` to `output` (`count + 1` bytes).
    static func average(
        _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int,
        output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = PNGFilterType.average.rawValue
        let out = output + 1
        let head = min(bytesPerPixel, count)
        for index in 0..<head {
            out[index] = row[index] &- previous[index] &>> 1
        }
        var index = head
        let source = UnsafeRawPointer(row)
        let above = UnsafeRawPointer(previous)
        let destination = UnsafeMutableRawPointer(out)
        while index + 16 <= count {
            let current = source.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let left = source.loadUnaligned(fromByteOffset: index - bytesPerPixel, as: SIMD16<UInt8>.self)
            let up = above.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            // The floor of the mean without overflowing a byte.
            let mean = (left & up) &+ ((left ^ up) &>> 1)
            destination.storeBytes(of: current &- mean, toByteOffset: index, as: SIMD16<UInt8>.self)
            index += 16
        }
        while index < count {
            let mean = UInt8((UInt16(row[index - bytesPerPixel]) + UInt16(previous[index])) >> 1)
            out[index] = row[index] &- mean
            index += 1
        }
    }

    /// Writes filter type 2 (Up) and the row minus `previous` to `output` (`count + 1` bytes).
    static func up(
        _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = PNGFilterType.up.rawValue
        let out = UnsafeMutableRawPointer(output + 1)
        let source = UnsafeRawPointer(row)
        let above = UnsafeRawPointer(previous)
        var index = 0
        while index + 16 <= count {
            let difference =
                source.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                &- above.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            out.storeBytes(of: difference, toByteOffset: index, as: SIMD16<UInt8>.self)
            index += 16
        }
        while index < count {
            output[1 + index] = row[index] &- previous[index]
            index += 1
        }
    }

    /// Writes filter type 4 (Paeth) and the row minus each byte's Paeth predictor to `output` (`count + 1` bytes):
    /// of the byte to the left `a`, the byte above `b` and the byte above-left `c` (0 left of the first pixel), the
    /// one nearest `a + b − c`, ties going to `a`, then `b`. Vectorised in C (`cpng_paeth`, SSE2): in Swift, SIMD
    /// comparisons and selections were not compiled to vector instructions (several times the time), and masks made
    /// of arithmetic took a quarter more than the C.
    static func paeth(
        _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int,
        output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = PNGFilterType.paeth.rawValue
        let out = output + 1
        let head = min(bytesPerPixel, count)
        // Left of the first pixel a = c = 0, so the predictor is the byte above.
        for index in 0..<head {
            out[index] = row[index] &- previous[index]
        }
        cpng_paeth(row, previous, head, count, bytesPerPixel, out)
    }

    /// Writes filter type 2 (Up) and the Up-filtered row to `output` (`count + 1` bytes), for a row that repeats its
    /// first `periodLength` bytes over its whole length after a row that repeats `previousPeriod`: one period is
    /// filtered, then doubled across the row.
    static func upFromPeriodic(
        _ row: UnsafePointer<UInt8>, count: Int, previousPeriod: UnsafePointer<UInt8>, periodLength: Int,
        output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = PNGFilterType.up.rawValue
        let out = output + 1
        let head = min(periodLength, count)
        for index in 0..<head {
            out[index] = row[index] &- previousPeriod[index]
        }
        var filled = head
        while filled < count {
            let copied = min(filled, count - filled)
            (out + filled).update(from: out, count: copied)
            filled += copied
        }
    }

    /// Filters the row as Pillow's `optimize=True` does (libpng's heuristic, in Pillow's ZipEncode.c): with the filter
    /// whose bytes, read as signed, have the least sum of magnitudes, trying None, Up, Sub, Average and Paeth in that
    /// order, a later one only when its sum is strictly less, and none after a sum of 0. `output` and `scratch` hold
    /// `count + 1` bytes each; returns whichever of the two holds the chosen filter type and row.
    static func leastMagnitude(
        _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int,
        output: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        var best = output
        var candidate = scratch
        none(row, count: count, output: best)
        var bestSum = magnitudeSum(best + 1, count: count)
        for filter in leastMagnitudeTrials where bestSum > 0 {
            switch filter {
            case .up: up(row, previous: previous, count: count, output: candidate)
            case .sub: sub(row, count: count, bytesPerPixel: bytesPerPixel, output: candidate)
            case .average:
                average(row, previous: previous, count: count, bytesPerPixel: bytesPerPixel, output: candidate)
            case .paeth: paeth(row, previous: previous, count: count, bytesPerPixel: bytesPerPixel, output: candidate)
            case .none: preconditionFailure("None is the first candidate")
            }
            let sum = magnitudeSum(candidate + 1, count: count)
            if sum < bestSum {
                bestSum = sum
                swap(&best, &candidate)
            }
        }
        return best
    }

    /// The filters ``leastMagnitude(_:previous:count:bytesPerPixel:output:scratch:)`` tries after None, in order.
    private static let leastMagnitudeTrials: [PNGFilterType] = [.up, .sub, .average, .paeth]

    /// The sum of the magnitudes of `count` bytes read as signed.
    private static func magnitudeSum(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        var sum = 0
        for index in 0..<count {
            let byte = Int(bytes[index])
            sum += byte < 128 ? byte : 256 - byte
        }
        return sum
    }

    /// Writes filter type 0 (None) and the row to `output` (`count + 1` bytes).
    static func none(_ row: UnsafePointer<UInt8>, count: Int, output: UnsafeMutablePointer<UInt8>) {
        output[0] = PNGFilterType.none.rawValue
        (output + 1).update(from: row, count: count)
    }
}
