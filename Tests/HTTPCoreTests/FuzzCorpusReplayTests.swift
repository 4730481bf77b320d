import Foundation
import Testing

@testable import HTTPCore

/// The HTTP fuzzer's checked-in corpus replayed through the request parser in the same pieces the fuzz target
/// uses (the first byte picks the piece size): each input ends in requests or a typed error with a 4xx/5xx status.
@Suite("HTTP fuzz corpus replay")
struct HTTPFuzzCorpusReplayTests {
    @Test("every corpus input parses or is refused with an error status")
    func httpCorpus() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz/corpus/http")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files.count >= 10)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
            guard let first = bytes.first else { continue }
            let piece = Int(first % 64) + 1
            var parser = HTTPRequestParser(limits: HTTPLimits())
            var offset = 1
            parsing: while offset < bytes.count {
                let end = min(bytes.count, offset + piece)
                parser.feed(bytes[offset..<end])
                offset = end
                do {
                    while try parser.nextRequest(receivedAt: .now) != nil {}
                } catch {
                    #expect((400..<600).contains(error.statusCode), "\(file)")
                    break parsing
                }
            }
        }
    }
}
