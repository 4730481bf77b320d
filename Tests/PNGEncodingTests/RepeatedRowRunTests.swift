import Testing

@testable import PNGEncoding

/// Short runs of repeated rows between token-coded rows stay among the tokens, so the Huffman block goes on.
///
/// The rows of a dithered area of one colour at the bottom of a narrow radial gradient (random judge seed 7, case 12:
/// 68×750) repeat every 8 rows as one dither-pattern row, one solid row and six repeated rows. Each run of repeated
/// rows went to a run-row block of its own, two deflate blocks every 8 rows: 189 blocks and 2.9× Pillow's bytes.
@Suite("Repeated rows between token rows")
struct RepeatedRowRunTests {
    /// 8-row groups of a row repeating an 8-pixel pattern, a solid row, and `repeatedRows` copies of it.
    static func groupedRows(width: Int, groups: Int, repeatedRows: Int) -> [[UInt8]] {
        let pattern: [UInt8] = (0..<8).flatMap { pixel in [209, 225, pixel % 3 == 0 ? 86 : 87] }
        let patterned = (0..<width).flatMap { pixel in pattern[(pixel % 8) * 3..<(pixel % 8) * 3 + 3] }
        let solid = [UInt8]((0..<width).flatMap { _ in [209, 226, 87] as [UInt8] })
        let group = [patterned, solid] + Array(repeating: solid, count: repeatedRows)
        return Array(Array(repeating: group, count: groups).joined())
    }

    /// Encodes `groups` groups of rows (``groupedRows(width:groups:repeatedRows:)``, 68 pixels wide), checks that
    /// they decode to the input, and returns the deflate blocks of the stream and its PNG's size.
    static func encodedBlocks(groups: Int, repeatedRows: Int) throws -> (blocks: Int, bytes: Int) {
        let rows = groupedRows(width: 68, groups: groups, repeatedRows: repeatedRows)
        let format = PNGImageFormat(width: 68, height: rows.count, colorType: .rgb)
        try expectRoundTrip(format, rows: rows)
        let png = try encodePNG(format, rows: rows)
        let blocks = try deflateBlockCount(
            Array(idatData(png).dropFirst(2)), inflatedCount: rows.count * (format.bytesPerRow + 1))
        return (blocks, png.count)
    }

    @Test("a run shorter than a run-row block needs is coded among the tokens: one block, not two a group")
    func shortRunsStayInTheTokenBlock() throws {
        let (blocks, bytes) = try Self.encodedBlocks(groups: 94, repeatedRows: 6)
        #expect(blocks <= 2, "\(blocks) deflate blocks for 94 groups of rows")
        #expect(bytes < 1500, "\(bytes) bytes")
    }

    @Test("a run as long as a run-row block needs goes to one", arguments: [0, 1, 32])
    func longRunsGoToRunRowBlocks(beyondThreshold: Int) throws {
        let groups = 12
        let (blocks, _) = try Self.encodedBlocks(
            groups: groups, repeatedRows: PNGEncoder.repeatedRowsBeforeRunBlock + beyondThreshold)
        #expect(blocks >= 2 * groups - 1, "\(blocks) deflate blocks: the runs did not go to run-row blocks")
    }

    @Test("a run one row too short for a run-row block stays among the tokens")
    func aRunJustBelowTheThresholdStays() throws {
        let (blocks, _) = try Self.encodedBlocks(groups: 12, repeatedRows: PNGEncoder.repeatedRowsBeforeRunBlock - 1)
        #expect(blocks <= 2, "\(blocks) deflate blocks")
    }
}
