import Foundation
import GradientImage
import Testing

@testable import GradientCore

/// Pins the bytes of every output format to the output version that names them.
///
/// `output-manifest.tsv` lists queries (every type, spread, space, depth, scale and format) with the output
/// version and the SHA-256 of the bytes it produced. When a query's bytes change while its version did not, the
/// ETag would name two different images: this test fails and says which version to bump. After a version bump it
/// fails too, until the manifest is re-recorded:
/// `GRADIENTD_RECORD_MANIFEST=1 swift test --filter OutputManifestTests` (a recording run always fails, so it
/// cannot pass unnoticed), then commit the file.
@Suite struct OutputManifestTests {
    static let manifestURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("output-manifest.tsv")
    static let isRecording = ProcessInfo.processInfo.environment["GRADIENTD_RECORD_MANIFEST"] == "1"
    static let recordCommand = "GRADIENTD_RECORD_MANIFEST=1 swift test --filter OutputManifestTests"

    struct Entry {
        var query: String
        var outputVersion: String
        var sha256: String
    }

    /// The identity `gradient render` writes for a manifest query (each names its format).
    static func identity(of query: String) throws -> ImageIdentity {
        let request = try ImageRequest(queryItems: QueryString.decode(Substring(query)))
        return ImageIdentity(request: request, format: request.candidateFormats[0])
    }

    static func entries() throws -> [Entry] {
        let text = try String(contentsOf: manifestURL, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Entry(query: fields[0], outputVersion: fields[1], sha256: fields.count > 2 ? fields[2] : "")
        }
    }

    @Test func coversEveryTypeSpreadSpaceDepthScaleAndFormat() throws {
        let queries = try Self.entries().map(\.query)
        #expect(queries.count >= 60)
        #expect(Set(queries).count == queries.count)
        let specs = try queries.map { try Self.identity(of: $0) }
        let kinds = Set(
            specs.map { identity -> String in
                switch identity.spec.geometry {
                case .linear: "linear"
                case .radial: "radial"
                case .conic: "conic"
                case .mesh: "mesh"
                }
            })
        #expect(kinds == ["linear", "radial", "conic", "mesh"])
        #expect(Set(specs.map(\.spec.spread)) == Set(Spread.allCases))
        #expect(Set(specs.map(\.spec.space)) == Set(ColorSpace.allCases))
        #expect(Set(specs.map(\.spec.depth)) == Set(BitDepth.allCases))
        #expect(Set(specs.map(\.format)) == Set(ImageFormat.allCases))
        #expect(Set(specs.map(\.spec.gamut)) == Set(OutputGamut.allCases))
        #expect(Set(specs.filter { $0.spec.gamut == .displayP3 }.map(\.format)) == [.png, .webp, .avif])
        #expect(Set(specs.map(\.spec.dither)) == [true, false])
        #expect(Set(specs.map { $0.spec.hintsOrNil }).count == 2)
        for scale in ["scale=2", "scale=3", "scale=4"] {
            #expect(queries.contains { $0.contains(scale) }, "no query with \(scale)")
        }
        #expect(queries.contains { $0.contains("css=") })
    }

    @Test func bytesChangeOnlyWithTheOutputVersion() throws {
        let entries = try Self.entries()
        var recorded: [String] = ["# query\toutput version\tSHA-256 of the bytes; re-record: \(Self.recordCommand)"]
        for entry in entries {
            let identity = try Self.identity(of: entry.query)
            let bytes = try ImageRenderer.renderImage(identity)
            let digest = SHA256.hexDigest(of: bytes)
            recorded.append("\(entry.query)\t\(identity.outputVersion)\t\(digest)")
            guard !Self.isRecording else { continue }
            if entry.outputVersion != identity.outputVersion {
                Issue.record(
                    """
                    \(entry.query): the output version is now "\(identity.outputVersion)" (recorded: \
                    "\(entry.outputVersion)"); re-record with \(Self.recordCommand)
                    """)
            } else if entry.sha256 != digest {
                Issue.record(
                    """
                    \(entry.query): its bytes changed but its output version "\(identity.outputVersion)" did not, so \
                    the same ETag would name different bytes. Bump Rasterizer.version (pixels), the png/webp/avif \
                    version in GradientPNG.outputVersion or ImageEncoderSettings.outputVersion (encoding), then \
                    re-record with \(Self.recordCommand)
                    """)
            }
        }
        if Self.isRecording {
            try (recorded.joined(separator: "\n") + "\n").write(to: Self.manifestURL, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded \(entries.count) queries into \(Self.manifestURL.path); unset the variable and rerun")
        }
    }
}

extension GradientSpec {
    /// Whether any stop has a colour hint, as a value that sets can count.
    fileprivate var hintsOrNil: Bool { stops.contains { $0.hintToNext != nil } }
}
