/// One benchmark workload of the original set: a named /gradient query with saturated colours.
struct Workload {
    var name: String
    var query: String

    /// The original workloads, timed with and without dither.
    static let all = [
        Workload(name: "v2_1080", query: "colors=ff0000,0000ff&dir=vertical&width=1920&height=1080"),
        Workload(name: "h2_1080", query: "colors=ff0000,0000ff&dir=horizontal&width=1920&height=1080"),
        Workload(name: "d3_1080", query: "colors=ff0000,00ff00,0000ff&angle=45&width=1920&height=1080"),
        Workload(name: "r2_1080", query: "type=radial&shape=circle&colors=ff0000,0000ff&width=1920&height=1080"),
        Workload(
            name: "c6_1080", query: "type=conic&colors=red,yellow,lime,aqua,blue,magenta,red&width=1920&height=1080"),
        Workload(name: "v2_4096", query: "colors=ff0000,0000ff&dir=vertical&width=4096&height=4096"),
        Workload(name: "v2_256", query: "colors=ff0000,0000ff&dir=vertical&width=256&height=256"),
    ]
}
