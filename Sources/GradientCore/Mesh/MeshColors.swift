/// The colour surfaces of a mesh gradient, one per patch, in the interpolation space.
///
/// Each vertex's colour is premultiplied (a hue is not), with components missing (`none`, or a powerless hue)
/// taken from the nearest vertex that has them (grid distance |Δc| + |Δr|, the first in row-major order on a tie;
/// zero when none has). In a polar space, hues are unwrapped per patch relative to its top-left vertex: the other
/// three corners by the `hue` method (CSS Color 4 §12.4, as between two stops), the vertices around the patch
/// (used only for tangents) by `shorter`.
enum MeshColors {
    /// `colors` are the vertices' colours row by row. With `smooth`, each patch is the bicubic Hermite patch of its
    /// corners with Catmull-Rom tangents of the colours along each grid line and zero twist (as the positions);
    /// without it, the bilinear patch of its four corners.
    static func patches(
        _ colors: [InterpolationColor], columns: Int, rows: Int, space: ColorSpace, hue: HueInterpolation,
        smooth: Bool
    ) -> [BicubicPatch] {
        let hueIndex = space.hueIndex ?? -1
        let vertices = filled(colors, columns: columns, rows: rows).map { vector in
            premultiplied(space == .srgb ? snappedToBytes(vector) : vector, hueIndex: hueIndex)
        }
        var patches: [BicubicPatch] = []
        for row in 0..<(rows - 1) {
            for column in 0..<(columns - 1) {
                let reference = vertices[row * columns + column]
                let neighbour = { (dc: Int, dr: Int) -> SIMD4<Double>? in
                    let c = column + dc
                    let r = row + dr
                    guard c >= 0, c < columns, r >= 0, r < rows else { return nil }
                    var value = vertices[r * columns + c]
                    if hueIndex >= 0 {
                        let isCorner = (0...1).contains(dc) && (0...1).contains(dr)
                        value[hueIndex] = unwrapped(
                            value[hueIndex], relativeTo: reference[hueIndex], method: isCorner ? hue : .shorter)
                    }
                    return value
                }
                if smooth {
                    patches.append(BicubicPatch.catmullRom(neighbour))
                } else {
                    patches.append(
                        BicubicPatch(bilinear: neighbour(0, 0)!, neighbour(1, 0)!, neighbour(0, 1)!, neighbour(1, 1)!))
                }
            }
        }
        return patches
    }

    /// `hue` moved by whole turns so that going from `reference` to it follows `method`.
    static func unwrapped(_ hue: Double, relativeTo reference: Double, method: HueInterpolation) -> Double {
        var from = reference
        var to = hue
        ColorRamp.fixHues(&from, &to, method: method)
        return to - from + reference
    }

    /// Components within the spec's rounding (1e-6) of a byte value k/255 become exactly k/255, so that 8-bit
    /// colours mix exactly.
    static func snappedToBytes(_ color: SIMD4<Double>) -> SIMD4<Double> {
        var result = color
        for index in 0..<4 {
            let byte = (color[index] * 255).rounded()
            if abs(color[index] - byte / 255) <= 0.6e-6, byte >= 0, byte <= 255 { result[index] = byte / 255 }
        }
        return result
    }

    /// The colours as vectors (components, alpha), missing components filled from the nearest vertex with them.
    static func filled(_ colors: [InterpolationColor], columns: Int, rows: Int) -> [SIMD4<Double>] {
        let flags: [MissingComponents] = [.c0, .c1, .c2, .alpha]
        return colors.indices.map { index in
            let color = colors[index]
            var vector = SIMD4(color.components.x, color.components.y, color.components.z, color.alpha)
            for (channel, flag) in flags.enumerated() where color.missing.contains(flag) {
                let column = index % columns
                let row = index / columns
                var best: (distance: Int, value: Double) = (Int.max, 0)
                for (other, candidate) in colors.enumerated() where !candidate.missing.contains(flag) {
                    let distance = abs(other % columns - column) + abs(other / columns - row)
                    if distance < best.distance {
                        let c = candidate.components
                        best = (distance, [c.x, c.y, c.z, candidate.alpha][channel])
                    }
                }
                vector[channel] = best.value
            }
            return vector
        }
    }
}
