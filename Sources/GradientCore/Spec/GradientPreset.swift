/// A named gradient of the preset collection (uiGradients, MIT): what `preset=` names and `GET /presets` lists.
///
/// The collection is ``all``, generated from `bench/data/uigradients.json` by `scripts/generate-presets.py`.
public struct GradientPreset: Sendable, Hashable {
    /// The collection's own name: `Radioactive Heat`.
    public let name: String
    /// The name in lower case with spaces as `-`: `radioactive-heat`. Unique in the collection.
    public let slug: String
    /// The colours, first to last, as lower-case `#rrggbb`.
    public let colors: [String]

    /// A preset; ``all`` holds the collection.
    public init(name: String, slug: String, colors: [String]) {
        self.name = name
        self.slug = slug
        self.colors = colors
    }

    /// How many names an unknown one is offered in its error.
    static let suggestionCount = 3

    /// The longest text compared when looking for the nearest names: longer input is cut here, so a refusal costs
    /// the same whatever its length (the longest name is far shorter).
    static let suggestionInputLimit = 64

    /// `text` as a slug: lower case, spaces as `-`.
    static func slug(of text: some StringProtocol) -> String {
        String(text.lowercased().map { $0 == " " ? "-" : $0 })
    }

    /// The indices of ``all`` by slug.
    private static let indexBySlug: [String: Int] = Dictionary(
        uniqueKeysWithValues: all.enumerated().map { ($0.element.slug, $0.offset) })

    /// The preset named `text`: its slug or its name, case-insensitively (spaces and `-` alike).
    public static func named(_ text: some StringProtocol) -> GradientPreset? {
        indexBySlug[slug(of: text)].map { all[$0] }
    }

    /// The names of the presets whose slugs are nearest to `text`'s by edit distance, nearest first (ties in the
    /// collection's order).
    static func nearestNames(to text: some StringProtocol) -> [String] {
        let typed = slug(of: text.prefix(suggestionInputLimit))
        return Spelling.nearest(suggestionCount, to: typed, in: all.map(\.slug)).map { all[$0].name }
    }
}
