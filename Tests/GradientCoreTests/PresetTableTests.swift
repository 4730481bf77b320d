import Foundation
import Testing

@testable import GradientCore

/// The compiled-in preset table against its source, `bench/data/uigradients.json`.
@Suite("Preset table")
struct PresetTableTests {
    /// The collection as the JSON file holds it: names and colours, in order.
    static func collection() throws -> [(name: String, colors: [String])] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("bench/data/uigradients.json")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        return try entries.map { entry in
            (try #require(entry["name"] as? String), try #require(entry["colors"] as? [String]))
        }
    }

    /// `text` (`#rgb` or `#rrggbb`, any case) as lower-case `#rrggbb`.
    static func sixDigitHex(_ text: String) -> String {
        let digits = text.dropFirst().lowercased()
        return "#" + (digits.count == 3 ? digits.map { "\($0)\($0)" }.joined() : digits)
    }

    @Test("the table is the JSON file, entry for entry (rerun scripts/generate-presets.py when this fails)")
    func tableMatchesJSON() throws {
        let source = try Self.collection()
        #expect(source.count == 382)
        #expect(GradientPreset.all.count == source.count)
        for (preset, entry) in zip(GradientPreset.all, source) {
            #expect(preset.name == entry.name)
            #expect(preset.colors == entry.colors.map(Self.sixDigitHex), "\(entry.name)")
        }
    }

    @Test("slugs are the names in lower case with spaces as '-', and unique")
    func slugs() {
        for preset in GradientPreset.all {
            #expect(preset.slug == String(preset.name.lowercased().map { $0 == " " ? "-" : $0 }))
        }
        #expect(Set(GradientPreset.all.map(\.slug)).count == GradientPreset.all.count)
    }

    @Test("every colour is lower-case #rrggbb")
    func colourForm() {
        let hexDigits = Set("0123456789abcdef")
        for preset in GradientPreset.all {
            #expect(preset.colors.count >= 2, "\(preset.name)")
            for color in preset.colors {
                #expect(color.count == 7 && color.first == "#" && color.dropFirst().allSatisfy(hexDigits.contains))
            }
        }
    }

    @Test("the licence travels with the data")
    func licenceBesideData() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let licence = try String(
            contentsOf: directory.appendingPathComponent("bench/data/uigradients-LICENSE.md"), encoding: .utf8)
        let table = try String(
            contentsOf: directory.appendingPathComponent("Sources/GradientCore/Spec/PresetTable.swift"),
            encoding: .utf8)
        #expect(licence.hasPrefix("MIT License"))
        #expect(table.contains("// Copyright (c) 2017 Indrashish Ghosh"))
    }
}
