/// An image shape users request, rendered for every preset of the corpus: the query without its colours.
struct CorpusShape {
    var name: String
    var query: String

    /// Social card (horizontal and 135°), phone splash at @3x, full-HD background, email banner.
    static let all = [
        CorpusShape(name: "h1200", query: "dir=horizontal&width=1200&height=630"),
        CorpusShape(name: "d135", query: "angle=135&width=1200&height=630"),
        CorpusShape(name: "v390x3", query: "dir=vertical&width=390&height=844&scale=3"),
        CorpusShape(name: "r1920", query: "type=radial&width=1920&height=1080"),
        CorpusShape(name: "h600", query: "dir=horizontal&width=600&height=200"),
    ]
}
