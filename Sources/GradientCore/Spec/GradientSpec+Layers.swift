extension GradientSpec {
    /// Whether the spec has more than one layer.
    public var isLayered: Bool { !layersBelow.isEmpty }

    /// Every layer as a single-layer spec of this size, dither and depth, without grain (grain goes onto the
    /// composite), with the mode it is blended with: top first, as CSS lists them. A single gradient is its own
    /// only layer (grain removed).
    public var layers: [(spec: GradientSpec, blendMode: BlendMode)] {
        var top = self
        top.layersBelow = []
        top.blendMode = .normal
        top.grain = 0
        top.seed = 0
        var result = [(spec: top, blendMode: blendMode)]
        for layer in layersBelow {
            var spec = top
            spec.geometry = layer.geometry
            spec.stops = layer.stops
            spec.spread = layer.spread
            spec.space = layer.space
            spec.hue = layer.hue
            result.append((spec, layer.blendMode))
        }
        return result
    }

    /// Stacks single-layer specs (top first, as CSS lists them; each without layers of its own) into one layered
    /// spec with the size and output settings of the first; `modes` are the layers' blend modes, top first, one
    /// per layer. The bottom layer's mode becomes `normal`: over the transparent backdrop of an isolated group,
    /// every mode draws the layer itself.
    static func stacking(_ specs: [GradientSpec], modes: [BlendMode]) -> GradientSpec {
        precondition(!specs.isEmpty && specs.count == modes.count, "one blend mode per layer")
        var result = specs[0]
        result.blendMode = specs.count > 1 ? modes[0] : .normal
        result.layersBelow = specs.indices.dropFirst().map { index in
            let spec = specs[index]
            return GradientLayer(
                geometry: spec.geometry, stops: spec.stops, spread: spec.spread, space: spec.space, hue: spec.hue,
                blendMode: index == specs.count - 1 ? .normal : modes[index])
        }
        return result
    }
}
