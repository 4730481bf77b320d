import Testing

@testable import GradientCore

/// Mesh gradients (`type=mesh`) against closed forms computed here, independently of the renderer's patches.
@Suite struct MeshGradientTests {
    static let colors = [
        "ff0000", "ffa500", "ffff00", "800080", "ffffff", "00ff00", "0000ff", "00ffff", "008080",
        "123456", "fedcba", "7f7f7f",
    ]

    /// A byte as the encoders write it from an exact value: the value in 32-bit floats, times 255, rounded to the
    /// nearest (ties to even).
    static func byte(_ value: Double) -> Double {
        Double((min(max(Float(value), 0), 1) * 255).rounded(.toNearestOrEven))
    }

    static func rgb(_ hex: String) -> SIMD3<Double> {
        let value = Int(hex, radix: 16)!
        return SIMD3(Double(value >> 16 & 255), Double(value >> 8 & 255), Double(value & 255)) / 255
    }

    @Test func anEvenGridWithoutSmoothingIsTheBilinearMixOfEachPatchsCorners() throws {
        let (columns, rows, width, height) = (4, 3, 203, 101)
        let query =
            "type=mesh&mesh=\(columns)x\(rows)&smooth=off&dither=off&width=\(width)&height=\(height)&colors="
            + Self.colors.joined(separator: ",")
        let image = try RenderedImage(query: query)
        let vertex = Self.colors.map(Self.rgb)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width {
                let gridU = (Double(x) + 0.5) / Double(width) * Double(columns - 1)
                let gridV = (Double(y) + 0.5) / Double(height) * Double(rows - 1)
                let c = min(Int(gridU), columns - 2)
                let r = min(Int(gridV), rows - 2)
                let u = gridU - Double(c)
                let v = gridV - Double(r)
                let top: SIMD3<Double> =
                    vertex[r * columns + c] * ((1 - u) * (1 - v))
                    + vertex[r * columns + c + 1] * (u * (1 - v))
                let bottom: SIMD3<Double> =
                    vertex[(r + 1) * columns + c] * ((1 - u) * v)
                    + vertex[(r + 1) * columns + c + 1] * (u * v)
                let mix = top + bottom
                let expected = SIMD4(Self.byte(mix.x), Self.byte(mix.y), Self.byte(mix.z), 255)
                if image.pixel(x, y) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// Moved vertices sit on pixel centres (800 × 600: x = (k + 0.5)/800), so the pixel holding each vertex is
    /// sampled at the vertex, up to half a pixel for vertices on the image's edges.
    @Test(arguments: ["on", "off"])
    func theColourAtEachMovedVertexIsThatVertexsColour(smooth: String) throws {
        let (width, height) = (800, 600)
        let points: [SIMD2<Double>] = [
            SIMD2(0, 0), SIMD2(0.30125, 0), SIMD2(0.62625, 0), SIMD2(1, 0),
            SIMD2(0, 0.455833), SIMD2(0.40125, 0.605833), SIMD2(0.75125, 0.389167), SIMD2(1, 0.535833),
            SIMD2(0, 1), SIMD2(0.45125, 1), SIMD2(0.70125, 1), SIMD2(1, 1),
        ]
        let pointsText = points.map { "\($0.x),\($0.y)" }.joined(separator: ";")
        let query =
            "type=mesh&mesh=4x3&smooth=\(smooth)&dither=off&width=\(width)&height=\(height)&points=\(pointsText)"
            + "&colors=" + Self.colors.joined(separator: ",")
        let image = try RenderedImage(query: query)
        for (index, point) in points.enumerated() {
            let x = min(Int(point.x * Double(width)), width - 1)
            let y = min(Int(point.y * Double(height)), height - 1)
            let expected = Self.rgb(Self.colors[index]) * 255
            let difference = maxDifference(image.pixel(x, y), SIMD4(expected.x, expected.y, expected.z, 255))
            #expect(difference <= 1, "vertex \(index % 4),\(index / 4) at pixel \(x),\(y)")
        }
    }

    @Test(arguments: ["on", "off"])
    func aTwoByTwoMeshWithEqualColumnsIsTheVerticalLinearGradient(smooth: String) throws {
        let mesh = try RenderedImage(
            query:
                "type=mesh&mesh=2x2&smooth=\(smooth)&colors=e96443,e96443,904e95,904e95&dither=off&width=64&height=300")
        let linear = try RenderedImage(query: "colors=e96443,904e95&dither=off&width=64&height=300")
        var worst = 0.0
        for y in 0..<300 {
            for x in stride(from: 0, to: 64, by: 7) {
                worst = max(worst, maxDifference(mesh.pixel(x, y), linear.pixel(x, y)))
            }
        }
        #expect(worst <= 1)
    }

    @Test(arguments: [
        ("type=mesh&mesh=2x2&colors=red,blue,lime", "colors", "needs 4 colours"),
        ("type=mesh&mesh=2x2&colors=red,blue,lime,white@0.5", "colors", "without positions"),
        ("type=mesh&mesh=2x2&colors=red,blue,30%25,lime,white", "colors", "without hints"),
        ("type=mesh&mesh=1x3&colors=red,blue,lime", "mesh", "from 2 to 8"),
        ("type=mesh&mesh=9x2&colors=red", "mesh", "from 2 to 8"),
        ("type=mesh&mesh=3&colors=red", "mesh", "COLUMNSxROWS"),
        ("type=mesh&colors=red,blue,lime,white", "mesh", "grid size"),
        ("type=mesh&mesh=2x2&colors=red,blue,lime,white&points=0,0;1,0;0,1", "points", "needs 4 vertices"),
        ("type=mesh&mesh=2x2&colors=red,blue,lime,white&points=0,0;1,0.1;0,1;1,1", "points", "vertex (1,0)"),
        (
            "type=mesh&mesh=3x2&colors=red,blue,lime,white,red,red&points=0,0;0.5,0.2;1,0;0,1;0.5,1;1,1", "points",
            "vertex (1,0) is on the top edge"
        ),
        ("type=mesh&mesh=2x2&colors=red,blue,lime,white&points=0,0;1,0;0,1;1,x", "points", "vertex (1,1)"),
        (
            "type=mesh&mesh=3x3&colors=red,red,red,red,red,red,red,red,red&points=0,0;0.5,0;1,0;0,0.5;1.2,0.5;1,0.5;0,1;0.5,1;1,1",
            "points", "vertex (1,1) must lie in the image"
        ),
        (
            "type=mesh&mesh=3x3&colors=red,red,red,red,red,red,red,red,red&points=0,0;0.5,0;1,0;0,0.5;0.95,0.5;1,0.5;0,1;0.5,1;1,1",
            "points", "vertex (1,1) folds the mesh"
        ),
        ("type=mesh&mesh=2x2&colors=red,blue,lime,white&dir=to-right", "dir", "type=mesh"),
        ("type=mesh&mesh=2x2&colors=red,blue,lime,white&spread=repeat", "spread", "type=mesh"),
        ("type=mesh&mesh=2x2&colors=red,blue,lime,white&smooth=maybe", "smooth", "one of"),
        ("colors=red,blue&mesh=2x2", "mesh", "type=mesh"),
        ("type=radial&colors=red,blue&smooth=off", "smooth", "type=mesh"),
        ("type=mesh&mesh=2x2&base=red&percentage=5%25", "base", "one colour per vertex"),
    ])
    func anInvalidMeshIsRefusedNamingTheParameterAndVertex(query: String, parameter: String, fragment: String) {
        #expect {
            _ = try GradientSpec(queryItems: QueryString.decode(Substring(query)))
        } throws: { error in
            guard let error = error as? SpecError else { return false }
            #expect(error.parameter == parameter)
            #expect(error.detail.contains(fragment), "\(error.detail)")
            return error.parameter == parameter && error.detail.contains(fragment)
        }
    }

    @Test func equivalentMeshQueriesShareACanonicalSpec() throws {
        func canonical(_ query: String) throws -> String {
            try GradientSpec(queryItems: QueryString.decode(Substring(query))).canonicalForm
        }
        let base = "type=mesh&mesh=3x2&colors=red,blue,lime,white,black,gray&width=90&height=40"
        #expect(try canonical(base) == canonical(base + "&smooth=on"))
        #expect(try canonical(base) == canonical(base + "&space=srgb"))
        #expect(try canonical(base) == canonical(base + "&points=0,0;50%25,0;1,0;0,1;0.5,1;1,1"))
        #expect(try canonical(base) != canonical(base + "&smooth=off"))
        #expect(try canonical(base) != canonical(base + "&points=0,0;0.4,0;1,0;0,1;0.5,1;1,1"))
        #expect(try canonical(base).contains("mesh(3x2 smooth, 0 0; 45 0; 90 0; 0 40; 45 40; 90 40)"))
    }

    @Test func aTranslucentPolarMeshRendersEveryLane() throws {
        let image = try RenderedImage(
            query: "type=mesh&mesh=2x2&colors=red,transparent,oklch(70%25+0.2+250),white&space=oklch&hue=longer"
                + "&width=33&height=9")
        #expect(!image.isOpaque)
        // Pixel centres half a pixel in from the corners: nearly red and opaque, nearly transparent.
        #expect(image.pixel(0, 0).x >= 250 && image.pixel(0, 0).w >= 240)
        #expect(image.pixel(32, 0).w <= 24)
    }
}
