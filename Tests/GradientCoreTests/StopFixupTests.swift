import Testing

@testable import GradientCore

@Suite("CSS colour stop fix-up")
struct StopFixupTests {
    @Test(
        "positions are fixed up as CSS Images 4 §3.5.3",
        arguments: [
            ("red,blue", [0.0, 1]), ("red@20%25,blue", [0.2, 1]), ("red,green,blue", [0, 0.5, 1]),
            ("red@40%25,green@20%25,blue", [0.4, 0.4, 1]), ("red,green,blue@50%25,yellow", [0, 0.25, 0.5, 1]),
            ("red@10%25@30%25,blue", [0.1, 0.3, 1]),
            ("red,orange,yellow@40%25,green,blue@80%25,purple", [0, 0.2, 0.4, 0.6, 0.8, 1]),
            ("red@-50%25,blue@150%25", [-0.5, 1.5]), ("red@0.8,green,blue@0.2", [0.8, 0.8, 0.8]),
            ("red,green@30px,blue", [0, 0.3, 1]), ("red", [0]), ("red@50%25", [0.5]),
            ("red,green@60%25,blue,yellow@20%25", [0, 0.6, 0.6, 0.6]),
        ])
    func positions(colors: String, expected: [Double]) throws {
        let spec = try GradientSpec(
            queryItems: try QueryString.decode(Substring("colors=\(colors)&dir=to-right&width=100&height=10")))
        #expect(spec.stops.map(\.position) == expected)
    }

    @Test(
        "hints take part in the no-going-backwards rule",
        arguments: [
            ("red,30%25,blue", 0.3), ("red@50%25,20%25,blue", 0.5), ("red,0.25,blue@10%25", 0.25),
        ])
    func hints(colors: String, hint: Double) throws {
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring("colors=\(colors)")))
        #expect(spec.stops[0].hintToNext == hint)
    }

    @Test(
        "a run of stops without positions is spread from or to a hint beside it, as Chromium spreads it",
        arguments: [
            ("red,blue@40%25,60%25,black,white", [0.0, 0.4, 0.8, 1]),
            ("red,blue,30%25,green,white", [0, 0.15, 0.65, 1]),
        ])
    func runsStartAtHints(colors: String, expected: [Double]) throws {
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring("colors=\(colors)")))
        #expect(spec.stops.map(\.position) == expected)
    }

    @Test("a stop after a hint is raised to the hint")
    func stopAfterHint() throws {
        let spec = try GradientSpec(queryItems: [("colors", "red,0.5,blue 0.2")])
        #expect(spec.stops.map(\.position) == [0, 0.5])
    }
}
