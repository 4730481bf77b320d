import Testing

@testable import PNGEncoding

/// Length and distance codes against RFC 1951 section 3.2.5.
@Suite("Deflate length and distance codes")
struct DeflateCodeTests {
    @Test(
        "distances map to the RFC's symbol, extra bit count and extra value",
        arguments: [
            (1, 0, 0, 0), (4, 3, 0, 0), (5, 4, 1, 0), (6, 4, 1, 1), (7, 5, 1, 0), (8, 5, 1, 1), (9, 6, 2, 0),
            (24, 8, 3, 7), (25, 9, 3, 0), (33, 10, 4, 0), (4096, 23, 10, 1023), (4097, 24, 11, 0), (5761, 24, 11, 1664),
            (24577, 29, 13, 0), (32768, 29, 13, 8191),
        ])
    func distances(distance: Int, symbol: Int, extraBitCount: Int, extraBits: Int) {
        let code = DeflateDistanceCode(distance: distance)
        #expect(code.symbol == symbol)
        #expect(code.extraBitCount == extraBitCount)
        #expect(Int(code.extraBits) == extraBits)
    }

    @Test(
        "lengths map to the RFC's symbol, extra bit count and extra value",
        arguments: [
            (3, 257, 0, 0), (10, 264, 0, 0), (11, 265, 1, 0), (12, 265, 1, 1), (19, 269, 2, 0), (34, 272, 2, 3),
            (35, 273, 3, 0), (131, 281, 5, 0), (257, 284, 5, 30), (258, 285, 0, 0),
        ])
    func lengths(length: Int, symbol: Int, extraBitCount: Int, extraBits: Int) {
        let code = DeflateLengthCode(length: length)
        #expect(code.symbol == symbol)
        #expect(code.extraBitCount == extraBitCount)
        #expect(Int(code.extraBits) == extraBits)
    }

    @Test("every length decodes back through the RFC's table of symbols")
    func everyLength() {
        // RFC 1951 section 3.2.5: symbols 257...285, their base lengths and extra bit counts.
        let bases = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227,
            258,
        ]
        let extraBitCounts = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        for length in 3...258 {
            let code = DeflateLengthCode(length: length)
            let index = code.symbol - 257
            #expect(code.extraBitCount == extraBitCounts[index], "length \(length)")
            #expect(bases[index] + Int(code.extraBits) == length, "length \(length)")
            #expect(Int(code.extraBits) < 1 << code.extraBitCount, "length \(length)")
        }
    }

    @Test("Huffman codes respect the length limit and stay complete", arguments: [9, 10, 15])
    func lengthLimit(limit: Int) {
        let counts = (0..<286).map { 1 << min($0 / 10, 40) }
        let code = HuffmanCode(counts: counts, maxLength: limit)
        let used = code.lengths.filter { $0 > 0 }
        #expect(used.count == 286)
        #expect(used.allSatisfy { Int($0) <= limit })
        let kraft = used.reduce(0.0) { $0 + 1.0 / Double(1 << Int($1)) }
        #expect(kraft == 1.0)
    }

    @Test("a copy length or distance deflate cannot code traps instead of writing another copy")
    func outOfRangeCopiesTrap() async {
        await #expect(processExitsWith: .failure) { _ = DeflateLengthCode(length: 259) }
        await #expect(processExitsWith: .failure) { _ = DeflateLengthCode(length: 2) }
        await #expect(processExitsWith: .failure) { _ = DeflateDistanceCode(distance: 32769) }
        await #expect(processExitsWith: .failure) { _ = DeflateDistanceCode(distance: 0) }
        await #expect(processExitsWith: .failure) { _ = TokenBlock.match(length: 600, distance: 1) }
        await #expect(processExitsWith: .failure) { _ = TokenBlock.match(length: 3, distance: 65537) }
    }

    @Test("the bit writer traps on a store past its reservation")
    func bitWriterTraps() async {
        await #expect(processExitsWith: .failure) {
            let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
            var writer = DeflateBitWriter(bits: 0, bitCount: 0, cursor: memory, end: memory + 6)
            writer.write(0, count: 32)
            writer.write(0, count: 32)
        }
    }
}
