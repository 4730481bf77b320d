import Foundation
import Testing

@testable import GradientCore

/// The fuzzers' checked-in corpora (seeds and every input that ever failed) replayed through the parsers with the
/// fuzz targets' properties, so a past crash stays fixed.
@Suite("Fuzz corpus replay")
struct FuzzCorpusReplayTests {
    static func corpus(_ name: String) -> [(name: String, bytes: [UInt8])] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fuzz/corpus/\(name)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.sorted().compactMap { file in
            (try? Data(contentsOf: directory.appendingPathComponent(file))).map { (file, [UInt8]($0)) }
        }
    }

    @Test("every query-string input gives a spec within the limits or an error naming a parameter")
    func specCorpus() {
        let inputs = Self.corpus("spec")
        #expect(inputs.count >= 10)
        for (name, bytes) in inputs {
            let text = String(decoding: bytes, as: UTF8.self)
            guard let items = try? QueryString.decode(Substring(text)) else { continue }
            do {
                let spec = try GradientSpec(queryItems: items)
                #expect(spec.pixelWidth * spec.pixelHeight <= SpecLimits.standard.maxPixels, "\(name)")
            } catch {
                #expect(!error.parameter.isEmpty && !error.detail.isEmpty, "\(name)")
            }
        }
    }

    @Test("every colour input gives a colour with finite components or an error inside the text")
    func colorCorpus() {
        let inputs = Self.corpus("color")
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
    func cssCorpus() {
        let inputs = Self.corpus("css")
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
