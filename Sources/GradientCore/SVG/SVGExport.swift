/// Writes a gradient spec as an SVG 1.1 document that draws it as vector (`format=svg`).
///
/// The document is `width` × `height` device pixels (CSS pixels times `scale`) with a `viewBox` of the same size, one
/// `<linearGradient>` or `<radialGradient>` per layer with `gradientUnits="userSpaceOnUse"`, placed exactly where the
/// spec's geometry is: a linear gradient's vector runs from its first stop to its last along the CSS gradient line;
/// a radial gradient is a circle of the ellipse's horizontal radius under a `gradientTransform` that scales it to
/// the ellipse. `repeat` and `reflect` are `spreadMethod`s over one period (a radial period that does not start at
/// the centre is unrolled over one period, or two when mirrored, and repeated). Stops are baked by
/// ``SVGStopBaker`` so that sRGB interpolation draws every space, hue method and hint. Layers are rectangles in an
/// isolated group, each blended with `mix-blend-mode`. The text holds only numbers and colours written here.
public enum SVGExport {
    /// Names the document written for a spec; part of the output version of SVG responses.
    public static let version = "svg/2"

    /// An upper bound on the document's length in bytes: 4 KiB, and 96 bytes for each stop a layer may hold (each
    /// of the ``SVGStopBaker/maximumStops`` points written at most twice, on both sides of a hard edge).
    public static func sizeBound(of spec: GradientSpec) -> Int {
        4096 + spec.layers.count * 2 * (SVGStopBaker.maximumStops + 8) * 96
    }

    /// Why `spec` has no SVG equivalent, or nil when it has one: conic and mesh gradients, grain and `spread=none`.
    public static func refusal(for spec: GradientSpec) -> NoEquivalentError? {
        let formats = "ask for format=png, format=webp or format=avif"
        if spec.grain > 0 {
            return NoEquivalentError(
                parameter: "grain", detail: "SVG gradients have no grain: leave out grain, or \(formats)")
        }
        for layer in spec.layers {
            switch layer.spec.geometry {
            case .conic:
                return NoEquivalentError(
                    parameter: "type", detail: "SVG 1.1 has no conic gradient: \(formats), which draw it")
            case .mesh:
                return NoEquivalentError(
                    parameter: "type", detail: "SVG 1.1 has no mesh gradient: \(formats), which draw it")
            case .linear, .radial: break
            }
            if layer.spec.spread == .transparent {
                return NoEquivalentError(
                    parameter: "spread",
                    detail: "SVG gradients pad, repeat or reflect: spread=none has no SVG equivalent; use pad, "
                        + "repeat or reflect, or \(formats)")
            }
        }
        return nil
    }

    /// The SVG document of `spec`, or why SVG cannot draw it.
    public static func document(for spec: GradientSpec) throws(NoEquivalentError) -> String {
        if let refusal = refusal(for: spec) { throw refusal }
        let width = SVGNumber.text(Double(spec.pixelWidth))
        let height = SVGNumber.text(Double(spec.pixelHeight))
        var definitions = ""
        var shapes: [String] = []
        let layers = spec.layers
        let blends = layers.contains { $0.blendMode != .normal }
        // Ids unique to the image, so that documents inlined side by side in one page never share a gradient.
        let idPrefix = "g" + spec.stableHash(version: version).prefix(8) + "-"
        for (index, layer) in layers.enumerated().reversed() {
            let id = idPrefix + String(layers.count - 1 - index)
            let blend =
                blends && layer.blendMode != .normal ? " style=\"mix-blend-mode:\(layer.blendMode.cssName)\"" : ""
            switch paint(of: layer.spec, id: id) {
            case .gradient(let element):
                definitions += element
                shapes.append("<rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#\(id))\"\(blend)/>")
            case .solid(let color):
                shapes.append("<rect width=\"\(width)\" height=\"\(height)\" \(SVGColor.fill(color))\(blend)/>")
            }
        }
        let body = blends ? "<g style=\"isolation:isolate\">" + shapes.joined() + "</g>" : shapes.joined()
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\">" + definitions + body + "</svg>"
    }

    /// What a layer is filled with.
    private enum Paint {
        case gradient(String)
        /// One colour, straight sRGB with its opacity.
        case solid(SIMD4<Double>)
    }

    /// The gradient element (or solid colour) of a single-layer spec.
    private static func paint(of spec: GradientSpec, id: String) -> Paint {
        let ramp = ColorRamp(spec: spec)
        if let solid = ramp.solidColor { return .solid(SVGStopBaker.straight(solid, neighbour: solid)) }
        let baker = SVGStopBaker(ramp: ramp)
        let degenerate = spec.spread == .pad ? ramp.toPremultipliedSRGB(ramp.lastColor) : ramp.degenerateAverage
        switch spec.geometry {
        case .linear(let start, let end, _):
            guard start != end else { return .solid(SVGStopBaker.straight(degenerate, neighbour: degenerate)) }
            let period = ramp.last - ramp.first
            let domain = period > 0 ? ramp.first...ramp.last : (ramp.first - 1)...(ramp.first + 1)
            let stops = baker.stops(for: pieces(of: ramp, over: domain, tiled: false), domain: domain)
            let point = { (t: Double) in (start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t) }
            let (x1, y1) = point(domain.lowerBound)
            let (x2, y2) = point(domain.upperBound)
            let attributes =
                "x1=\"\(SVGNumber.text(x1))\" y1=\"\(SVGNumber.text(y1))\" x2=\"\(SVGNumber.text(x2))\" "
                + "y2=\"\(SVGNumber.text(y2))\"" + spreadAttribute(spec.spread)
            return .gradient(element("linearGradient", id: id, attributes: attributes, stops: stops))
        case .radial(let center, let radiusX, let radiusY):
            guard radiusX > 0 && radiusY > 0 else {
                return .solid(SVGStopBaker.straight(degenerate, neighbour: degenerate))
            }
            let period = ramp.last - ramp.first
            let domain: ClosedRange<Double>
            var spread = spec.spread
            var tiled = false
            switch spec.spread {
            case .pad, .transparent:
                guard ramp.last > 0 else {
                    let last = ramp.toPremultipliedSRGB(ramp.lastColor)
                    return .solid(SVGStopBaker.straight(last, neighbour: last))
                }
                domain = 0...ramp.last
            case .repeating, .reflect:
                if ramp.first == 0 {
                    domain = 0...period
                } else {
                    domain = 0...(spec.spread == .reflect ? 2 * period : period)
                    spread = .repeating
                    tiled = true
                }
            }
            let stops = baker.stops(
                for: pieces(of: ramp, over: domain, tiled: tiled, mirrored: spec.spread == .reflect), domain: domain)
            let scaleY = radiusY / radiusX
            var attributes =
                "cx=\"\(SVGNumber.text(center.x))\" cy=\"\(SVGNumber.text(center.y))\" "
                + "r=\"\(SVGNumber.text(radiusX * domain.upperBound))\""
            if scaleY != 1 {
                attributes +=
                    " gradientTransform=\"matrix(1 0 0 \(SVGNumber.text(scaleY)) 0 "
                    + "\(SVGNumber.text(center.y * (1 - scaleY))))\""
            }
            attributes += spreadAttribute(spread)
            return .gradient(element("radialGradient", id: id, attributes: attributes, stops: stops))
        case .conic, .mesh:
            preconditionFailure("refusal(for:) turns conic and mesh layers away before they are painted")
        }
    }

    /// The ramp's intervals laid over `domain`: as they are (clipped to it, the first and last colours padding it),
    /// or, `tiled`, repeated period after period across it (every other period reversed when `mirrored`), as
    /// `repeat` and `reflect` draw them.
    static func pieces(
        of ramp: ColorRamp, over domain: ClosedRange<Double>, tiled: Bool, mirrored: Bool = false
    ) -> [SVGStopBaker.Piece] {
        var laid: [SVGStopBaker.Piece] = []
        if tiled {
            let period = ramp.last - ramp.first
            let lowest = Int(((domain.lowerBound - ramp.first) / period).rounded(.down))
            let highest = Int(((domain.upperBound - ramp.first) / period).rounded(.down))
            for tile in lowest...highest {
                let shift = Double(tile) * period
                let reversed = mirrored && tile % 2 != 0
                let tilePieces = ramp.segments.map { segment in
                    reversed
                        ? SVGStopBaker.Piece(
                            start: shift + ramp.first + ramp.last - segment.end,
                            end: shift + ramp.first + ramp.last - segment.start, from: segment.to, to: segment.from)
                        : SVGStopBaker.Piece(
                            start: shift + segment.start, end: shift + segment.end, from: segment.from,
                            to: segment.to)
                }
                laid += reversed ? tilePieces.reversed() : tilePieces
            }
        } else {
            laid.append(
                SVGStopBaker.Piece(
                    start: -.greatestFiniteMagnitude, end: ramp.first, from: ramp.firstColor, to: ramp.firstColor))
            laid += ramp.segments.map {
                SVGStopBaker.Piece(start: $0.start, end: $0.end, from: $0.from, to: $0.to)
            }
            laid.append(
                SVGStopBaker.Piece(
                    start: ramp.last, end: .greatestFiniteMagnitude, from: ramp.lastColor, to: ramp.lastColor))
        }
        return laid.compactMap { clipped($0, to: domain) }
    }

    /// `piece` cut to `domain`, its end colours moved along with its ends; nil when it lies outside.
    private static func clipped(_ piece: SVGStopBaker.Piece, to domain: ClosedRange<Double>) -> SVGStopBaker.Piece? {
        let start = max(piece.start, domain.lowerBound)
        let end = min(piece.end, domain.upperBound)
        guard end >= start, !(end == start && (piece.end > end || piece.start < start)) else { return nil }
        let length = piece.end - piece.start
        guard piece.from != piece.to, start != piece.start || end != piece.end, length > 0, length.isFinite else {
            return SVGStopBaker.Piece(start: start, end: end, from: piece.from, to: piece.to)
        }
        let delta = piece.to - piece.from
        return SVGStopBaker.Piece(
            start: start, end: end, from: piece.from + delta * ((start - piece.start) / length),
            to: piece.from + delta * ((end - piece.start) / length))
    }

    private static func spreadAttribute(_ spread: Spread) -> String {
        switch spread {
        case .pad, .transparent: return ""
        case .repeating: return " spreadMethod=\"repeat\""
        case .reflect: return " spreadMethod=\"reflect\""
        }
    }

    private static func element(_ name: String, id: String, attributes: String, stops: [SVGStopBaker.Stop]) -> String {
        var text = "<\(name) id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" \(attributes)>"
        for stop in stops {
            text += "<stop offset=\"\(SVGNumber.offset(stop.offset))\" \(SVGColor.stop(stop.color))/>"
        }
        return text + "</\(name)>"
    }
}
