import Foundation

/// One named gradient of the preset corpus (uiGradients' JSON layout: a name and `#`-prefixed hex colours).
struct CorpusPreset: Decodable {
    var name: String
    var colors: [String]

    /// The `colors` query value: the hex colours without `#`, comma-separated.
    var colorsParameter: String {
        colors.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.joined(separator: ",")
    }

    /// The `colors` value of a `columns × rows` mesh: vertex (c, r) takes the preset's colour (c + r) mod n, so
    /// that every colour appears and neighbouring vertices differ.
    func meshColorsParameter(columns: Int, rows: Int) -> String {
        let hex = colors.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        return (0..<(columns * rows)).map { hex[($0 % columns + $0 / columns) % hex.count] }.joined(separator: ",")
    }

    /// Reads the corpus file at `path`.
    static func load(path: String) throws -> [CorpusPreset] {
        try JSONDecoder().decode([CorpusPreset].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The presets of the corpus file at `path` that `options` selects (`--limit`, else `defaultLimit`; `--preset`),
    /// each with its index in the file.
    static func selected(
        path: String, options: BenchmarkOptions, defaultLimit: Int
    ) throws -> [(index: Int, preset: CorpusPreset)] {
        try load(path: path).prefix(options.presetLimit ?? defaultLimit).enumerated()
            .filter { options.presetIndices.isEmpty || options.presetIndices.contains($0.offset) }
            .map { (index: $0.offset, preset: $0.element) }
    }
}
