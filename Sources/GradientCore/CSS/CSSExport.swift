/// Writes a gradient spec as the CSS `<image>` that draws it: `linear-gradient(135deg, #ff7e5f, #feb47b)`.
///
/// The text comes from the canonical spec, so equivalent queries give the same text, and parsing it as `css=` with
/// the same `width`, `height` and `scale` gives the same spec again (exactly for every spec whose linear gradient
/// line is the CSS one; `start`/`end` lines become an angle with stop positions moved onto the CSS line).
/// Colours are written in the space they were written in (hex when they are whole bytes), which Chromium converts
/// from as the spec's stops were converted; `in <space> [<hue> hue]` appears when the space is not what CSS would
/// pick for those colours.
/// Geometry is written in percentages of the image (a circle's radius in CSS pixels), keywords where they give the
/// same numbers (`to top right`, `closest-side`), and nothing for the defaults.
public enum CSSExport {
    /// Names the text written for a spec; part of the ETag of `/gradient.css` responses.
    public static let version = "css/4"

    /// The strong ETag of a `/gradient.css` body: the first 128 bits of the SHA-256 of ``version`` and the text,
    /// quoted; the same in every process and on every host, and different whenever the text is.
    public static func etag(of text: String) -> String {
        "\"" + SHA256.hexDigest(of: Array((version + "\n" + text).utf8)).prefix(32) + "\""
    }

    /// The CSS `<image>` of `request`'s gradient, or why CSS cannot draw it (a mesh, grain, `spread=reflect|none`).
    public static func text(for request: ImageRequest) throws(NoEquivalentError) -> String {
        try text(for: request.spec, scale: request.scale)
    }

    /// The CSS `<image>` of `spec`, rendered at device pixel ratio `scale`; for a layered spec whose layers all
    /// blend `normal`, the comma-separated `background-image` list, top layer first.
    public static func text(for spec: GradientSpec, scale: Double) throws(NoEquivalentError) -> String {
        if spec.grain > 0 {
            throw NoEquivalentError(
                parameter: "grain", detail: "CSS gradients have no grain: leave out grain (or set grain=0)")
        }
        if spec.isLayered {
            let layers = spec.layers
            if layers.contains(where: { $0.blendMode != .normal }) {
                let modes = layers.map(\.blendMode.cssName).joined(separator: ", ")
                throw NoEquivalentError(
                    parameter: "blend",
                    detail: "a CSS <image> list does not blend: use the layers (this query without blend) as "
                        + "background-image together with background-blend-mode: \(modes)")
            }
            var texts: [String] = []
            for layer in layers { texts.append(try text(for: layer.spec, scale: scale)) }
            return texts.joined(separator: ", ")
        }
        let repeating: Bool
        switch spec.spread {
        case .pad: repeating = false
        case .repeating: repeating = true
        case .reflect, .transparent:
            throw NoEquivalentError(
                parameter: "spread",
                detail: "spread=\(spec.spread.rawValue) has no CSS equivalent: use spread=pad or spread=repeat")
        }
        let width = Double(spec.pixelWidth)
        let height = Double(spec.pixelHeight)
        var prelude: [String] = []
        var function: String
        // Stop position p (reference units) is written as (p − offset) / factor, in %.
        var offset = 0.0
        var factor = 1.0
        switch spec.geometry {
        case .mesh:
            throw NoEquivalentError(
                parameter: "type",
                detail: "a mesh gradient has no CSS equivalent (CSS draws linear, radial and conic gradients)")
        case .linear(let start, let end, let bearing):
            if start == end { return solidText(spec) }
            function = "linear-gradient"
            let line = linearLine(start: start, end: end, bearing: bearing, width: width, height: height)
            if let direction = line.direction { prelude.append(direction) }
            offset = line.offset
            factor = line.factor
        case .radial(let center, let radiusX, let radiusY):
            function = "radial-gradient"
            var shape = radialShape(
                center: center, radiusX: radiusX, radiusY: radiusY, width: width, height: height, scale: scale)
            if !(center.x == Quantized.value(width / 2) && center.y == Quantized.value(height / 2)) {
                shape += (shape.isEmpty ? "" : " ") + "at " + position(center, width: width, height: height)
            }
            if !shape.isEmpty { prelude.append(shape) }
        case .conic(let center, let from):
            function = "conic-gradient"
            var shape = from == 0 ? "" : "from \(CSSNumber.text(from))deg"
            if !(center.x == Quantized.value(width / 2) && center.y == Quantized.value(height / 2)) {
                shape += (shape.isEmpty ? "" : " ") + "at " + position(center, width: width, height: height)
            }
            if !shape.isEmpty { prelude.append(shape) }
        }
        var colors: [String] = []
        var legacy: [Bool] = []
        for stop in spec.stops {
            let written = CSSColorText.text(
                stop.color, space: spec.space, writtenSpace: stop.writtenSpace, written: stop.writtenComponents)
            colors.append(written.text)
            legacy.append(written.isLegacy)
        }
        // When Blink keeps only the first and the last stop, it takes its default space from those two alone.
        let allLegacy: Bool
        if let first = spec.stops.first, let last = spec.stops.last,
            GradientSpec.blinkKeepsEndsOnly(first: first.position, last: last.position, spread: spec.spread)
        {
            allLegacy = legacy[0] && legacy[legacy.count - 1]
        } else {
            allLegacy = !legacy.contains(false)
        }
        let defaultSpace: ColorSpace = allLegacy ? .srgb : .oklab
        // Without `in`, Blink blends a hint's curve in sRGB whatever the default space: other spaces are written.
        let hintsNeedSpace = spec.space != .srgb && spec.stops.contains { $0.hintToNext != nil }
        if spec.space != defaultSpace || spec.hue != .shorter || hintsNeedSpace {
            var method = "in \(spec.space.rawValue)"
            if spec.space.isPolar && spec.hue != .shorter { method += " \(spec.hue.rawValue) hue" }
            if prelude.isEmpty { prelude.append(method) } else { prelude[0] += " " + method }
        }
        let writesPositions = offset != 0 || factor != 1 || !isEvenlySpaced(spec.stops)
        func written(_ position: Double) -> String {
            let value = (position - offset) / factor
            return CSSNumber.percentage(value)
        }
        var arguments = prelude
        for (index, stop) in spec.stops.enumerated() {
            arguments.append(writesPositions ? colors[index] + " " + written(stop.position) : colors[index])
            if let hint = stop.hintToNext { arguments.append(written(hint)) }
        }
        return (repeating ? "repeating-" : "") + function + "(" + arguments.joined(separator: ", ") + ")"
    }

    /// A zero-length `start`/`end` line paints one colour, as the rasterizer draws it (the last colour, or the
    /// average of a period for `repeat`): a gradient of that colour twice.
    private static func solidText(_ spec: GradientSpec) -> String {
        let ramp = ColorRamp(spec: spec)
        let color = spec.spread == .repeating ? ramp.averageColor() : ramp.toPremultipliedSRGB(ramp.lastColor)
        let alpha = color.w
        let straight = alpha > 0 ? SIMD3(color.x, color.y, color.z) / alpha : SIMD3<Double>()
        let written = CSSColorText.text(
            Quantized.color(InterpolationColor(components: straight, alpha: alpha, missing: [])), space: .srgb)
        return "linear-gradient(\(written.text), \(written.text))"
    }

    /// Whether the stops sit where CSS puts stops written without positions: evenly from 0 to 1, no hints.
    private static func isEvenlySpaced(_ stops: [GradientStop]) -> Bool {
        guard stops.count >= 2 else { return false }
        let last = Double(stops.count - 1)
        return stops.indices.allSatisfy { index in
            stops[index].hintToNext == nil && stops[index].position == Quantized.value(Double(index) / last)
        }
    }

    /// `X% Y%` of a point in device pixels.
    private static func position(_ point: PixelPoint, width: Double, height: Double) -> String {
        CSSNumber.percentage(point.x / width) + " " + CSSNumber.percentage(point.y / height)
    }

    /// The CSS direction of a linear gradient (nil for the default, `to bottom`) and the map from its stop units
    /// to the CSS gradient line's: t_css = (t − offset) / factor.
    private static func linearLine(
        start: PixelPoint, end: PixelPoint, bearing: Double?, width: Double, height: Double
    ) -> (direction: String?, offset: Double, factor: Double) {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        func matches(_ direction: GradientDescription.LinearDirection) -> Bool {
            let ends = ResolvedGeometry.linearEnds(
                direction, width: width, height: height, scale: 1, viewport: (width, height))
            return Quantized.floatPoint(ends.0) == start && Quantized.floatPoint(ends.1) == end
        }
        let corners: [(String, Double, Double)] = [
            ("to top right", 1, -1), ("to bottom right", 1, 1), ("to bottom left", -1, 1), ("to top left", -1, -1),
        ]
        for (name, x, y) in corners where matches(.corner(x: x, y: y)) { return (name, 0, 1) }
        var degrees = ElementaryMath.atan2Degrees(dx, -dy)
        if degrees < 0 { degrees += 360 }
        let sides: [(String?, Double)] = [(nil, 180), ("to top", 0), ("to right", 90), ("to left", 270)]
        for (name, angle) in sides where matches(.angle(degrees: angle)) { return (name, 0, 1) }
        // The shortest decimal of the float angle, which Blink reads back to the same float.
        if let bearing, matches(.angle(degrees: bearing)), let shortest = Double("\(Float(bearing))") {
            return (CSSNumber.text(shortest) + "deg", 0, 1)
        }
        var scale = 1.0
        for _ in 0...9 {
            let candidate = (degrees * scale).rounded() / scale
            if matches(.angle(degrees: candidate)) { return (CSSNumber.text(candidate) + "deg", 0, 1) }
            scale *= 10
        }
        // A line that is not the CSS one for its angle: the same angle, and positions moved onto the CSS line.
        let (sine, cosine) = ElementaryMath.sinCosDegrees(degrees)
        let cssLength = abs(width * sine) + abs(height * cosine)
        let length = lengthSquared.squareRoot()
        let along = (width / 2 - start.x) * sine - (height / 2 - start.y) * cosine
        return (CSSNumber.text(degrees) + "deg", (along - cssLength / 2) / length, cssLength / length)
    }

    /// The shape and size of a radial gradient: keywords when they give these radii (nothing for the default
    /// `ellipse farthest-corner`), else `circle Rpx` or `ellipse X% Y%`.
    private static func radialShape(
        center: PixelPoint, radiusX: Double, radiusY: Double, width: Double, height: Double, scale: Double
    ) -> String {
        for isCircle in [false, true] {
            for extent in [RadialSize.Extent.farthestCorner, .closestSide, .closestCorner, .farthestSide] {
                let radii = RadialSize.keywordRadii(
                    extent, isCircle: isCircle, center: center, width: width, height: height)
                guard Quantized.value(radii.0) == radiusX && Quantized.value(radii.1) == radiusY else { continue }
                if !isCircle && extent == .farthestCorner { return "" }
                return (isCircle ? "circle" : "ellipse") + (extent == .farthestCorner ? "" : " " + extent.rawValue)
            }
        }
        if radiusX == radiusY && radiusX > 0 { return "circle \(CSSNumber.text(radiusX / scale))px" }
        return "ellipse \(CSSNumber.percentage(radiusX / width)) \(CSSNumber.percentage(radiusY / height))"
    }
}
