import Testing

@testable import PNGEncoding

/// The vectorised filters against the PNG specification's byte-by-byte definitions.
@Suite("Row filters")
struct RowFilterTests {
    @Test(
        "Average is each byte minus the floor of the mean of its left neighbour and the byte above",
        arguments: [1, 2, 3, 4, 6, 8])
    func average(bytesPerPixel: Int) {
        var generator = SeededGenerator(seed: UInt64(bytesPerPixel))
        for count in [1, 2, 3, 15, 16, 17, 31, 47, 100, 257] {
            let row = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let previous = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var output = [UInt8](repeating: 0xAA, count: count + 1)
            row.withUnsafeBufferPointer { row in
                previous.withUnsafeBufferPointer { previous in
                    output.withUnsafeMutableBufferPointer { output in
                        RowFilter.average(
                            row.baseAddress!, previous: previous.baseAddress!, count: count,
                            bytesPerPixel: bytesPerPixel, output: output.baseAddress!)
                    }
                }
            }
            let filtered: [UInt8] = (0..<count).map { index in
                let left = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
                return UInt8(truncatingIfNeeded: Int(row[index]) - (left + Int(previous[index])) / 2)
            }
            let expected: [UInt8] = [3] + filtered
            #expect(output == expected, "\(count) bytes")
        }
    }
}
