import SeededRandom
import Testing

@testable import PNGEncoding

/// The vectorised filters against the PNG specification's byte-by-byte definitions.
@Suite("Row filters")
struct RowFilterTests {
    /// A filter of ``RowFilter`` that reads the row above.
    private typealias Filter = (
        UnsafePointer<UInt8>, UnsafePointer<UInt8>, Int, Int, UnsafeMutablePointer<UInt8>
    ) -> Void

    /// `filter` applied to `row` under `previous`: the filter byte and the filtered bytes.
    private static func apply(_ filter: Filter, row: [UInt8], previous: [UInt8], bytesPerPixel: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0xAA, count: row.count + 1)
        row.withUnsafeBufferPointer { row in
            previous.withUnsafeBufferPointer { previous in
                output.withUnsafeMutableBufferPointer { output in
                    filter(row.baseAddress!, previous.baseAddress!, row.count, bytesPerPixel, output.baseAddress!)
                }
            }
        }
        return output
    }

    @Test(
        "Average is each byte minus the floor of the mean of its left neighbour and the byte above",
        arguments: [1, 2, 3, 4, 6, 8])
    func average(bytesPerPixel: Int) {
        var generator = SeededGenerator(seed: UInt64(bytesPerPixel))
        for count in [1, 2, 3, 15, 16, 17, 31, 47, 100, 257] {
            let row = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let previous = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let output = Self.apply(
                { RowFilter.average($0, previous: $1, count: $2, bytesPerPixel: $3, output: $4) }, row: row,
                previous: previous, bytesPerPixel: bytesPerPixel)
            let filtered: [UInt8] = (0..<count).map { index in
                let left = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
                return UInt8(truncatingIfNeeded: Int(row[index]) - (left + Int(previous[index])) / 2)
            }
            let expected: [UInt8] = [3] + filtered
            #expect(output == expected, "\(count) bytes")
        }
    }

    @Test(
        "Paeth is each byte minus whichever of left, above and above-left is nearest left + above − above-left",
        arguments: [1, 2, 3, 4, 6, 8])
    func paeth(bytesPerPixel: Int) {
        var generator = SeededGenerator(seed: 100 + UInt64(bytesPerPixel))
        for count in [1, 2, 3, 15, 16, 17, 31, 47, 100, 257] {
            // Random bytes, and a ramp stepping by at most one, where the predictor's ties decide.
            let rampStart = UInt8.random(in: 0...255, using: &generator)
            let rows: [([UInt8], [UInt8])] = [
                (
                    (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) },
                    (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
                ),
                (
                    (0..<count).map { rampStart &+ UInt8(($0 / bytesPerPixel + 1) / 3 % 256) },
                    (0..<count).map { rampStart &+ UInt8($0 / bytesPerPixel / 3 % 256) }
                ),
            ]
            for (row, previous) in rows {
                let output = Self.apply(
                    { RowFilter.paeth($0, previous: $1, count: $2, bytesPerPixel: $3, output: $4) }, row: row,
                    previous: previous, bytesPerPixel: bytesPerPixel)
                // PNG specification, section 9.4.
                let filtered: [UInt8] = (0..<count).map { index in
                    let a = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
                    let b = Int(previous[index])
                    let c = index >= bytesPerPixel ? Int(previous[index - bytesPerPixel]) : 0
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                    return UInt8(truncatingIfNeeded: Int(row[index]) - predictor)
                }
                let expected: [UInt8] = [4] + filtered
                #expect(output == expected, "\(count) bytes")
            }
        }
    }
}
