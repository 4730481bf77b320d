/// A mesh gradient as the query writes it (`mesh`, `points`, `smooth`), validated, before it is resolved against
/// the image size: vertices in unit coordinates of the image.
struct MeshDescription: Hashable {
    /// Vertices per row and per column, 2…8 each.
    var columns: Int
    var rows: Int
    /// The vertices row by row in unit coordinates, (0, 0) top-left; the even grid when `points` is absent.
    var points: [SIMD2<Double>]
    var smoothsColors: Bool

    /// The parameters that only a mesh takes.
    static let parameters = ["mesh", "points", "smooth"]
    /// The geometry parameters of the other types, which a mesh refuses.
    static let refusedParameters = ["dir", "angle", "start", "end", "center", "shape", "size", "from", "spread"]
    /// The side lengths a mesh may have, in vertices.
    static let sideRange = 2...8
    /// Samples per patch side of the fold check: the Jacobian is checked on a (n + 1) × (n + 1) grid of (u, v).
    static let foldCheckSamples = 16

    /// Parses `mesh`, `points` and `smooth`, checks that `entries` (from `colors`) are `columns × rows` plain
    /// colours, that edge vertices stay on their edge and that no patch folds over itself.
    init(parameters: QueryParameters, entries: [RawStopEntry]) throws(SpecError) {
        try parameters.refuse(
            Self.refusedParameters, because: "type=mesh",
            reason: "a mesh's shape is given by mesh and points, not by the geometry of the other types")
        try parameters.refuse(
            ["base", "percentage"], because: "type=mesh", reason: "a mesh takes one colour per vertex in colors")
        guard let meshText = parameters["mesh"] else {
            throw .missingParameter(parameter: "mesh", reason: "type=mesh needs the grid size, e.g. mesh=3x3")
        }
        let sides = meshText.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let columns = NumberSyntax.integer(sides[0]), let rows = NumberSyntax.integer(sides[1]),
            Self.sideRange.contains(columns), Self.sideRange.contains(rows)
        else {
            throw .invalidValue(
                parameter: "mesh", token: String(meshText),
                expected: "COLUMNSxROWS with each from 2 to 8, e.g. 3x3")
        }
        self.columns = columns
        self.rows = rows
        smoothsColors = try parameters.keyword(
            "smooth", ["on": true, "true": true, "1": true, "off": false, "false": false, "0": false], default: true)
        try Self.checkColors(entries, count: columns * rows, mesh: String(meshText))
        points = Self.evenGrid(columns: columns, rows: rows)
        if let text = parameters["points"] {
            points = try Self.parsePoints(text, columns: columns, rows: rows)
            try checkFolds()
        }
    }

    /// The even grid in unit coordinates: vertex (c, r) at (c/(columns−1), r/(rows−1)).
    static func evenGrid(columns: Int, rows: Int) -> [SIMD2<Double>] {
        (0..<(columns * rows)).map { index in
            SIMD2(Double(index % columns) / Double(columns - 1), Double(index / columns) / Double(rows - 1))
        }
    }

    private static func checkColors(_ entries: [RawStopEntry], count: Int, mesh: String) throws(SpecError) {
        for entry in entries {
            switch entry {
            case .hint(_, let token):
                throw .invalidMesh(
                    parameter: "colors",
                    reason: "a mesh takes one colour per vertex, without hints: \(quoted(String(token))) is a hint")
            case .stop(_, let positions, let token) where !positions.isEmpty:
                throw .invalidMesh(
                    parameter: "colors",
                    reason: "a mesh takes one colour per vertex, without positions: \(quoted(String(token))) has one")
            case .stop: break
            }
        }
        guard entries.count == count else {
            throw .invalidMesh(
                parameter: "colors",
                reason:
                    "mesh=\(mesh) needs \(count) colours (one per vertex, row by row, top row first), got "
                    + "\(entries.count)")
        }
    }

    /// `x,y;x,y;…` row by row, each coordinate a fraction or a percentage; edge vertices on their edge.
    private static func parsePoints(
        _ text: Substring, columns: Int, rows: Int
    ) throws(SpecError) -> [SIMD2<Double>] {
        let items = text.split(separator: ";", omittingEmptySubsequences: false)
        guard items.count == columns * rows else {
            throw .invalidMesh(
                parameter: "points",
                reason:
                    "mesh=\(columns)x\(rows) needs \(columns * rows) vertices x,y separated by ';' (row by row, top "
                    + "row first), got \(items.count)")
        }
        var points: [SIMD2<Double>] = []
        for (index, item) in items.enumerated() {
            let column = index % columns
            let row = index / columns
            let parts = item.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = unitCoordinate(parts[0]), let y = unitCoordinate(parts[1]) else {
                throw .invalidMesh(
                    parameter: "points",
                    reason:
                        "vertex (\(column),\(row)) must be x,y with each a fraction (0.25) or a percentage (25%), "
                        + "got \(quoted(String(item)))")
            }
            guard (0...1).contains(x), (0...1).contains(y) else {
                throw .invalidMesh(
                    parameter: "points",
                    reason: "vertex (\(column),\(row)) must lie in the image (0…1 each), got \(quoted(String(item)))")
            }
            let fixedX: Double? = column == 0 ? 0 : column == columns - 1 ? 1 : nil
            let fixedY: Double? = row == 0 ? 0 : row == rows - 1 ? 1 : nil
            if let fixedX, x != fixedX {
                throw .invalidMesh(
                    parameter: "points",
                    reason:
                        "vertex (\(column),\(row)) is on the \(fixedX == 0 ? "left" : "right") edge and must keep "
                        + "x=\(Int(fixedX)), got \(quoted(String(item)))")
            }
            if let fixedY, y != fixedY {
                throw .invalidMesh(
                    parameter: "points",
                    reason:
                        "vertex (\(column),\(row)) is on the \(fixedY == 0 ? "top" : "bottom") edge and must keep "
                        + "y=\(Int(fixedY)), got \(quoted(String(item)))")
            }
            points.append(SIMD2(Quantized.value(x), Quantized.value(y)))
        }
        return points
    }

    private static func unitCoordinate(_ text: Substring) -> Double? {
        guard let value = GeometryParameters.coordinate(StopListSyntax.trimmed(text)), value.cssPixels == 0 else {
            return nil
        }
        return value.fraction
    }

    /// Refuses a mesh whose mapping from (u, v) to the image is not one-to-one: the Jacobian determinant
    /// ∂S/∂u × ∂S/∂v must be positive at every sample of every patch. With the border fixed on the image's edges,
    /// a positive Jacobian everywhere also rules out edges that cross (the mapping is then a bijection onto the
    /// image), so this one check covers both.
    private func checkFolds() throws(SpecError) {
        let patches = MeshGeometry.positionPatches(points, columns: columns, rows: rows)
        let samples = BicubicPatch.sampleGrid(Self.foldCheckSamples)
        for (index, patch) in patches.enumerated() {
            for (u, v) in samples {
                let (_, du, dv) = patch.valueAndDerivatives(u: u, v: v)
                guard du.x * dv.y - du.y * dv.x <= 0 else { continue }
                let column = index % (columns - 1)
                let row = index / (columns - 1)
                let (vc, vr) = culprit(patchColumn: column, patchRow: row, u: u, v: v)
                throw .invalidMesh(
                    parameter: "points",
                    reason:
                        "vertex (\(vc),\(vr)) folds the mesh over itself: the patch between vertices "
                        + "(\(column),\(row)) and (\(column + 1),\(row + 1)) turns inside out near its "
                        + "(u,v)=(\(Self.decimal(u)),\(Self.decimal(v))); move the vertex back between its "
                        + "neighbours")
            }
        }
    }

    /// The vertex to blame for a fold at (u, v) of a patch: its nearest corner that was moved from the even grid,
    /// else its nearest corner.
    private func culprit(patchColumn: Int, patchRow: Int, u: Double, v: Double) -> (Int, Int) {
        let even = Self.evenGrid(columns: columns, rows: rows)
        let corners = [(0, 0), (1, 0), (0, 1), (1, 1)].map { (patchColumn + $0.0, patchRow + $0.1) }
        let ordered = corners.sorted { a, b in
            let da =
                (Double(a.0 - patchColumn) - u) * (Double(a.0 - patchColumn) - u)
                + (Double(a.1 - patchRow) - v) * (Double(a.1 - patchRow) - v)
            let db =
                (Double(b.0 - patchColumn) - u) * (Double(b.0 - patchColumn) - u)
                + (Double(b.1 - patchRow) - v) * (Double(b.1 - patchRow) - v)
            return da < db
        }
        return ordered.first { points[$0.1 * columns + $0.0] != even[$0.1 * columns + $0.0] } ?? ordered[0]
    }

    private static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}

extension MeshDescription {
    /// The mesh in device pixels of a `pixelWidth × pixelHeight` image: the even grid exactly as
    /// ``MeshGeometry/evenGrid(columns:rows:width:height:)`` computes it when every vertex is within the spec's
    /// rounding (1e-6) of it, so that `points` spelling out the even grid and no `points` give one spec.
    func resolved(pixelWidth: Int, pixelHeight: Int) -> MeshGeometry {
        let even = Self.evenGrid(columns: columns, rows: rows)
        let isEven = zip(points, even).allSatisfy { abs($0.x - $1.x) <= 1e-6 && abs($0.y - $1.y) <= 1e-6 }
        let devicePoints =
            isEven
            ? MeshGeometry.evenGrid(columns: columns, rows: rows, width: pixelWidth, height: pixelHeight)
            : points.map {
                Quantized.point(PixelPoint(x: $0.x * Double(pixelWidth), y: $0.y * Double(pixelHeight)))
            }
        return MeshGeometry(columns: columns, rows: rows, points: devicePoints, smoothsColors: smoothsColors)
    }
}
