import Foundation
import Testing

/// The `png` fuzzer's checked-in corpus (seeds and every input that ever failed) replayed through the same
/// round-trip check as the fuzz target, so a past failure stays fixed.
@Suite("PNG fuzz corpus replay")
struct PNGFuzzCorpusReplayTests {
    @Test("every corpus input encodes to a file that libpng and zlib read back exactly")
    func pngCorpus() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz/corpus/png")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files.count >= 8)
        for file in files {
            let program = FuzzRowProgram([UInt8](try Data(contentsOf: directory.appendingPathComponent(file))))
            #expect(RoundTripCheck.mismatch(program.format, rows: program.rows) == nil, "\(file)")
        }
    }
}
