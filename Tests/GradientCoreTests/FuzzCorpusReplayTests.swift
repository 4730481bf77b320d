import Foundation
import Testing

@testable import GradientCore

/// The fuzzers' checked-in corpora (seeds and every input that ever failed) replayed through the parsers with the
/// fuzz targets' properties, so a past crash stays fixed.
@Suite("Fuzz corpus replay")
struct FuzzCorpusReplayTests {
    /// Every file of `fuzz/corpus/<name>`, by name; a file that cannot be read fails the test.
    static func corpus(_ name: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz/corpus/\(name)")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map { file in
            (file, [UInt8](try Data(contentsOf: directory.appendingPathComponent(file))))
        }
    }

    @Test("every query-string input gives a spec within the limits, or an error naming a parameter")
    func specCorpus() throws {
        let inputs = try Self.corpus("spec")
        #expect(inputs.count >= 10)
        for (name, bytes) in inputs {
            let text = String(decoding: bytes, as: UTF8.self)
            let items: [(name: String, value: String)]
            do {
                items = try QueryString.decode(Substring(text))
            } catch {
                #expect(!error.detail.isEmpty, "\(name)")
                continue
            }
            do {
                let spec = try GradientSpec(queryItems: items)
                #expect(spec.pixelWidth * spec.pixelHeight <= SpecLimits.standard.maxPixels, "\(name)")
            } catch {
                #expect(!error.parameter.isEmpty && !error.detail.isEmpty, "\(name)")
            }
        }
    }

    @Test("every colour input gives a colour with finite components or an error inside the text")
    func colorCorpus() throws {
        let inputs = try Self.corpus("color")
        #expect(inputs.count >= 10)
        for (name, bytes) in inputs {
            bytes.withUnsafeBufferPointer { buffer in
                do {
                    let (color, end) = try CSSColor.parse(buffer, at: 0, allowsBareHex: true)
                    #expect(end <= bytes.count && color.components.x.isFinite && color.alpha <= 1, "\(name)")
                } catch let error as ColorSyntaxError {
                    #expect(error.offset <= bytes.count, "\(name)")
                } catch {
                    Issue.record("\(name): untyped error \(error)")
                }
            }
        }
    }

    @Test("every css input gives a spec or an error naming css")
    func cssCorpus() throws {
        let inputs = try Self.corpus("css")
        #expect(inputs.count >= 10)
        for (name, bytes) in inputs {
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let spec = try GradientSpec(queryItems: [("css", text), ("width", "33"), ("height", "17")])
                #expect(!spec.stops.isEmpty, "\(name)")
            } catch {
                #expect(error.parameter == "css", "\(name): \(error.detail)")
            }
        }
    }
}
