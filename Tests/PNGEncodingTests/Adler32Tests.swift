import CPNG
import CZlib
import SeededRandom
import Testing

@Suite("Adler-32")
struct Adler32Tests {
    @Test(
        "equals zlib's adler32 across block and modulo boundaries, from any starting checksum",
        arguments: [0, 1, 15, 16, 17, 31, 5551, 5552, 5553, 11_104, 11_119, 70_000])
    func matchesZlib(length: Int) {
        var generator = SeededGenerator(seed: UInt64(length))
        let random = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let saturated = [UInt8](repeating: 0xFF, count: length)
        for bytes in [random, saturated] {
            for start: UInt32 in [1, 0xFFF0_FFF0, 0x1234_5678 % 65521 | (0x0ABC << 16)] {
                let ours = bytes.withUnsafeBufferPointer { cpng_adler32(start, $0.baseAddress, $0.count) }
                let zlib = bytes.withUnsafeBufferPointer { adler32(UInt(start), $0.baseAddress, UInt32($0.count)) }
                #expect(UInt(ours) == zlib, "length \(length), start \(start)")
            }
        }
    }
}
