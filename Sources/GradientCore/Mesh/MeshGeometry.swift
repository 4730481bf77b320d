/// The grid of a mesh gradient (`type=mesh`), resolved to device pixels: as SwiftUI's `MeshGradient`, a grid of
/// `columns × rows` vertices, each with a colour (the spec's stops, row by row), joined by bicubic patches.
public struct MeshGeometry: Sendable, Hashable {
    /// Vertices per row, 2…8.
    public var columns: Int
    /// Vertices per column, 2…8.
    public var rows: Int
    /// The vertices row by row, top row first, in device pixels (quantised as every spec number).
    public var points: [PixelPoint]
    /// Whether colours interpolate bicubically across patches (`smooth=on`) rather than bilinearly in each.
    public var smoothsColors: Bool

    /// Creates a mesh from resolved parts; `points` holds `columns × rows` vertices.
    public init(columns: Int, rows: Int, points: [PixelPoint], smoothsColors: Bool) {
        self.columns = columns
        self.rows = rows
        self.points = points
        self.smoothsColors = smoothsColors
    }

    /// The even grid of `columns × rows` vertices over an image of `width × height` device pixels: vertex
    /// (c, r) at (c·width/(columns−1), r·height/(rows−1)), quantised.
    public static func evenGrid(columns: Int, rows: Int, width: Int, height: Int) -> [PixelPoint] {
        var points: [PixelPoint] = []
        points.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                points.append(
                    Quantized.point(
                        PixelPoint(
                            x: Double(column) * Double(width) / Double(columns - 1),
                            y: Double(row) * Double(height) / Double(rows - 1))))
            }
        }
        return points
    }

    /// Whether the vertices are the even grid, so that each patch maps (u, v) to the image affinely.
    public func isEvenGrid(width: Int, height: Int) -> Bool {
        points == Self.evenGrid(columns: columns, rows: rows, width: width, height: height)
    }

    /// The position patches, row by row (`(columns − 1) × (rows − 1)`): each edge is the cubic Hermite curve
    /// between its two vertices with Catmull-Rom tangents along its grid line, each interior the bicubic Hermite
    /// surface of its corners with zero twist (see ``BicubicPatch/catmullRom(_:)``). x and y are lanes 0 and 1.
    static func positionPatches(_ points: [SIMD2<Double>], columns: Int, rows: Int) -> [BicubicPatch] {
        var patches: [BicubicPatch] = []
        patches.reserveCapacity((columns - 1) * (rows - 1))
        for row in 0..<(rows - 1) {
            for column in 0..<(columns - 1) {
                patches.append(
                    BicubicPatch.catmullRom { dc, dr in
                        let c = column + dc
                        let r = row + dr
                        guard c >= 0, c < columns, r >= 0, r < rows else { return nil }
                        let point = points[r * columns + c]
                        return SIMD4(point.x, point.y, 0, 0)
                    })
            }
        }
        return patches
    }
}
