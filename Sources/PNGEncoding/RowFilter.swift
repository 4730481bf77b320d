/// PNG row filters (filter method 0) applied to raw rows, and the cost estimate that picks one.
enum RowFilter {
    /// Writes the filter type byte and the filtered row to `output` (`count + 1` bytes).
    static func apply(
        _ filterType: UInt8, row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int,
        output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = filterType
        let out = output + 1
        switch filterType {
        case 1:
            for index in 0..<min(bytesPerPixel, count) {
                out[index] = row[index]
            }
            if count > bytesPerPixel {
                for index in bytesPerPixel..<count {
                    out[index] = row[index] &- row[index - bytesPerPixel]
                }
            }
        case 2:
            for index in 0..<count {
                out[index] = row[index] &- prior[index]
            }
        case 4:
            for index in 0..<min(bytesPerPixel, count) {
                out[index] = row[index] &- prior[index]
            }
            if count > bytesPerPixel {
                for index in bytesPerPixel..<count {
                    let left = row[index - bytesPerPixel]
                    let above = prior[index]
                    let upperLeft = prior[index - bytesPerPixel]
                    out[index] = row[index] &- paethPredictor(left, above, upperLeft)
                }
            }
        default:
            out.update(from: row, count: count)
        }
    }

    @inline(__always)
    private static func paethPredictor(_ left: UInt8, _ above: UInt8, _ upperLeft: UInt8) -> UInt8 {
        let a = Int16(left)
        let b = Int16(above)
        let c = Int16(upperLeft)
        let pa = abs(b - c)
        let pb = abs(a - c)
        let pc = abs(a + b - 2 * c)
        if pa <= pb && pa <= pc { return left }
        return pb <= pc ? above : upperLeft
    }

    /// Sum of the filtered bytes read as signed magnitudes: libpng's heuristic for picking a filter.
    static func cost(of filtered: UnsafePointer<UInt8>, count: Int) -> Int {
        var total = 0
        for index in 0..<count {
            total &+= Int(Int8(bitPattern: filtered[index]).magnitude)
        }
        return total
    }
}
