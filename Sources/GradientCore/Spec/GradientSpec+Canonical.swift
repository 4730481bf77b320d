extension GradientSpec {
    /// A text that is byte-identical for every request meaning the same image, and different otherwise: the cache
    /// key of the service. Numbers are the spec's own (already on a 1e-6 grid), printed in Swift's shortest
    /// round-trip form, which is the same on every host.
    ///
    /// Example: `1920x1080 d8 dither linear(960 0, 960 1080) pad srgb stops(srgb 1 0 0 / 1 @0; srgb 0 0 1 / 1 @1)`;
    /// grain adds ` grain(0.25 seed 7)` at the end, and only when there is grain, so grainless forms are unchanged;
    /// ` gamut display-p3` follows it for a Display P3 image (sRGB adds nothing). A stop whose colour was written in
    /// another space than sRGB names it (` from oklch`): Chromium converts it from there.
    /// Each layer below the top one of a layered spec follows as ` over ` and its own geometry, spread, space and
    /// stops; a layer's ` blend multiply` follows it when its mode is not `normal`.
    public var canonicalForm: String {
        var text = "\(pixelWidth)x\(pixelHeight) d\(depth.rawValue) \(dither ? "dither" : "nodither") "
        text += layerText(geometry: geometry, stops: stops, spread: spread, space: space, hue: hue)
        if blendMode != .normal { text += " blend \(blendMode.cssName)" }
        for layer in layersBelow {
            text += " over "
            text += layerText(
                geometry: layer.geometry, stops: layer.stops, spread: layer.spread, space: layer.space, hue: layer.hue)
            if layer.blendMode != .normal { text += " blend \(layer.blendMode.cssName)" }
        }
        if grain > 0 { text += " grain(\(number(grain)) seed \(seed))" }
        if gamut != .srgb { text += " gamut \(gamut.rawValue)" }
        return text
    }

    /// One layer's geometry, spread, space (and hue when polar) and stops.
    private func layerText(
        geometry: GradientGeometry, stops: [GradientStop], spread: Spread, space: ColorSpace, hue: HueInterpolation
    ) -> String {
        var text = ""
        switch geometry {
        case .linear(let start, let end, let bearing):
            text += "linear(\(number(start.x)) \(number(start.y)), \(number(end.x)) \(number(end.y)))"
            if let bearing { text += " bearing \(number(bearing))deg" }
        case .radial(let center, let radiusX, let radiusY):
            text += "radial(\(number(center.x)) \(number(center.y)), \(number(radiusX)) \(number(radiusY)))"
        case .conic(let center, let from):
            text += "conic(\(number(center.x)) \(number(center.y)), \(number(from))deg)"
        case .mesh(let mesh):
            text += "mesh(\(mesh.columns)x\(mesh.rows) \(mesh.smoothsColors ? "smooth" : "bilinear"), "
            text += mesh.points.map { "\(number($0.x)) \(number($0.y))" }.joined(separator: "; ") + ")"
        }
        text += " \(spread.rawValue) \(space.rawValue)"
        if space.isPolar { text += " \(hue.rawValue)" }
        text += " stops("
        for (index, stop) in stops.enumerated() {
            if index > 0 { text += "; " }
            let c = stop.color
            text += "\(component(c.components.x, c.missing.contains(.c0))) "
            text += "\(component(c.components.y, c.missing.contains(.c1))) "
            text += "\(component(c.components.z, c.missing.contains(.c2))) / "
            text += "\(component(c.alpha, c.missing.contains(.alpha))) @\(number(stop.position))"
            if let hint = stop.hintToNext { text += " ~\(number(hint))" }
            if let written = stop.writtenComponents {
                let components = [written.x, written.y, written.z].map(number).joined(separator: " ")
                text += " from \(stop.writtenSpace.rawValue)(\(components))"
            } else if stop.writtenSpace != .srgb {
                text += " from \(stop.writtenSpace.rawValue)"
            }
        }
        return text + ")"
    }

    /// The SHA-256 of the canonical form prefixed by `version` (which must change whenever the bytes rendered for
    /// the same spec would change), as 64 lowercase hex digits: the same in every process and on every host.
    public func stableHash(version: String) -> String {
        SHA256.hexDigest(of: Array((version + "\n" + canonicalForm).utf8))
    }
}

private func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return value.description
}

private func component(_ value: Double, _ isMissing: Bool) -> String { isMissing ? "none" : number(value) }
