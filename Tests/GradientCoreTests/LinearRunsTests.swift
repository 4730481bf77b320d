import Testing

@testable import GradientCore

@Suite("Linear rows filled run by run")
struct LinearRunsTests {
    @Test(
        "runs give the same bytes as pixel-by-pixel evaluation",
        arguments: [
            "colors=red,blue&angle=30", "colors=red,30%25,blue@60%25,green&angle=100&dither=off",
            "colors=red@20%25,blue@20%25,lime@50%25,yellow@50%25,black&angle=-15&spread=none",
            "colors=%23f008,blue,transparent&angle=200&space=oklab",
            "colors=red,blue&angle=72&space=oklch&hue=longer&depth=16",
            "colors=white@-10px,black@400px,red@401px&angle=89.9", "colors=red,0.9,blue,0.1,lime&angle=271&space=lab",
            "colors=red,blue&start=0.3,0.3&end=0.3,0.3001", "colors=red,blue&start=1,1&end=0,0.5&spread=none",
        ])
    func sameBytes(query: String) throws {
        let spec = try GradientSpec(queryItems: try QueryString.decode(Substring(query + "&width=301&height=17")))
        var runs = Rasterizer(spec: spec)
        var pixels = Rasterizer(spec: spec)
        pixels.usesLinearRuns = false
        var a = [UInt8](repeating: 0, count: runs.bytesPerRow)
        var b = [UInt8](repeating: 1, count: runs.bytesPerRow)
        for y in 0..<spec.pixelHeight {
            a.withUnsafeMutableBytes { runs.renderRow(y, into: $0) }
            b.withUnsafeMutableBytes { pixels.renderRow(y, into: $0) }
            #expect(a == b, "row \(y)")
        }
    }
}
