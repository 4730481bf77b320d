import Foundation
import Testing

/// The `png` and `png-palette` fuzzers' checked-in corpora (seeds and every input that ever failed) replayed
/// through the same round-trip checks as the fuzz targets, so a past failure stays fixed.
@Suite("PNG fuzz corpus replay")
struct PNGFuzzCorpusReplayTests {
    /// The inputs of `fuzz/corpus/<target>`, by file name.
    private func corpus(_ target: String) throws -> [(String, [UInt8])] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz/corpus/\(target)")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map { file in
            (file, [UInt8](try Data(contentsOf: directory.appendingPathComponent(file))))
        }
    }

    @Test("every corpus input encodes to a file that libpng and zlib read back exactly")
    func pngCorpus() throws {
        let inputs = try corpus("png")
        #expect(inputs.count >= 8)
        for (file, bytes) in inputs {
            let program = FuzzRowProgram(bytes)
            #expect(RoundTripCheck.mismatch(program.format, rows: program.rows) == nil, "\(file)")
        }
    }

    @Test("every palette corpus input encodes to indexed files whose pixels, palette and indices read back exactly")
    func paletteCorpus() throws {
        let inputs = try corpus("png-palette")
        #expect(inputs.count >= 10)
        for (file, bytes) in inputs {
            #expect(PaletteRoundTripCheck.mismatch(FuzzPaletteProgram(bytes)) == nil, "\(file)")
        }
    }
}
