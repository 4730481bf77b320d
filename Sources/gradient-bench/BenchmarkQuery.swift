/// A named /gradient query that the benchmark renders: a whole workload, or a corpus shape without its colours.
struct BenchmarkQuery {
    var name: String
    var query: String
    /// For a mesh shape, its vertices per row and per column: the preset's colours are spread over the vertices
    /// (``CorpusPreset/meshColorsParameter(columns:rows:)``) instead of prepended as stops.
    var meshGrid: (columns: Int, rows: Int)? = nil

    /// The query of this corpus shape for `preset`.
    func corpusQuery(_ preset: CorpusPreset) -> String {
        guard let meshGrid else { return "colors=\(preset.colorsParameter)&\(query)" }
        return "colors=\(preset.meshColorsParameter(columns: meshGrid.columns, rows: meshGrid.rows))&\(query)"
    }

    /// The original workloads (saturated two- and three-colour ramps), timed with and without dither.
    static let workloads = [
        BenchmarkQuery(name: "v2_1080", query: "colors=ff0000,0000ff&dir=vertical&width=1920&height=1080"),
        BenchmarkQuery(name: "h2_1080", query: "colors=ff0000,0000ff&dir=horizontal&width=1920&height=1080"),
        BenchmarkQuery(name: "d3_1080", query: "colors=ff0000,00ff00,0000ff&angle=45&width=1920&height=1080"),
        BenchmarkQuery(
            name: "r2_1080", query: "type=radial&shape=circle&colors=ff0000,0000ff&width=1920&height=1080"),
        BenchmarkQuery(
            name: "c6_1080", query: "type=conic&colors=red,yellow,lime,aqua,blue,magenta,red&width=1920&height=1080"),
        BenchmarkQuery(name: "v2_4096", query: "colors=ff0000,0000ff&dir=vertical&width=4096&height=4096"),
        BenchmarkQuery(name: "v2_256", query: "colors=ff0000,0000ff&dir=vertical&width=256&height=256"),
    ]

    /// The shapes users request, rendered for every corpus preset (the preset's colours are prepended): social
    /// card (horizontal and 135°), phone splash at @3x, full-HD background, email banner.
    static let corpusShapes = [
        BenchmarkQuery(name: "h1200", query: "dir=horizontal&width=1200&height=630"),
        BenchmarkQuery(name: "d135", query: "angle=135&width=1200&height=630"),
        BenchmarkQuery(name: "v390x3", query: "dir=vertical&width=390&height=844&scale=3"),
        BenchmarkQuery(name: "r1920", query: "type=radial&width=1920&height=1080"),
        BenchmarkQuery(name: "h600", query: "dir=horizontal&width=600&height=200"),
        BenchmarkQuery(
            name: "m4x4",
            query: "type=mesh&mesh=4x4&points=\(meshPoints)&width=1920&height=1080", meshGrid: (4, 4)),
    ]

    /// The `m4x4` shape's vertices: every vertex but the corners moved, edge vertices along their edge, as a
    /// designer drags them.
    static let meshPoints =
        "0,0;0.3,0;0.7,0;1,0;0,0.35;0.4,0.25;0.75,0.4;1,0.3;0,0.7;0.25,0.6;0.6,0.75;1,0.65;0,1;0.35,1;0.65,1;1,1"
}

extension BenchmarkOptions {
    /// The corpus shapes `--shape` names (every one when none is named), the mesh shape left out unless
    /// `includingMesh`.
    func selectedCorpusShapes(includingMesh: Bool) -> [BenchmarkQuery] {
        BenchmarkQuery.corpusShapes.filter {
            (includingMesh || $0.meshGrid == nil) && (shapes.isEmpty || shapes.contains($0.name))
        }
    }
}
