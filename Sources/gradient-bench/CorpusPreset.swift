import Foundation

/// One named gradient of the preset corpus (uiGradients' JSON layout: a name and `#`-prefixed hex colours).
struct CorpusPreset: Decodable {
    var name: String
    var colors: [String]

    /// The `colors` query value: the hex colours without `#`, comma-separated.
    var colorsParameter: String {
        colors.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.joined(separator: ",")
    }

    /// Reads the corpus file at `path`.
    static func load(path: String) throws -> [CorpusPreset] {
        try JSONDecoder().decode([CorpusPreset].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
