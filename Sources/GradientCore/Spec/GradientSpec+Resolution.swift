extension GradientSpec {
    /// Resolves a description against the image size: geometry into device pixels, stop positions into reference
    /// units with CSS fix-up, colours into the interpolation space, and every number onto the quantisation grid.
    init(description: GradientDescription, size: ImageSize, dither: Bool, depth: BitDepth) throws(SpecError) {
        let geometry = ResolvedGeometry(description.shape, size: size)
        var items: [StopFixup.Item<CSSColor>] = []
        items.reserveCapacity(description.entries.count + 2)
        for entry in description.entries {
            switch entry {
            case .stop(let color, let positions, let token):
                if positions.isEmpty { items.append(.stop(color, position: nil)) }
                for position in positions {
                    items.append(.stop(color, position: try geometry.resolve(position, token: token)))
                }
            case .hint(let position, let token):
                items.append(.hint(position: try geometry.resolve(position, token: token)))
            }
        }
        let fixedUp = StopFixup.fixUp(items)
        let space = Self.blinkSpace(description, stops: fixedUp)
        var stops = fixedUp.indices.map { index in
            let stop = fixedUp[index]
            var hint = stop.hintToNext.map(Quantized.value)
            if let position = hint, index + 1 < fixedUp.count,
                position == Quantized.value((stop.position + fixedUp[index + 1].position) / 2)
            {
                hint = nil  // a hint half-way is a linear blend
            }
            return GradientStop(
                position: Quantized.value(stop.position), color: stop.color, space: space, hintToNext: hint)
        }
        if description.hintsBlendInSRGB && space != .srgb {
            var written = Self.hintsReplaced(stops, colors: fixedUp.map(\.color), space: space)
            if geometry.kind == .radial && description.spread == .pad {
                Self.clampNegativePositions(&written, space: space)
            }
            stops = written.map(\.stop)
        }
        self.init(
            pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight, geometry: Quantized.geometry(geometry.geometry),
            stops: stops, spread: description.spread, space: space, hue: space.isPolar ? description.hue : .shorter,
            dither: dither && depth == .eight, depth: depth)
    }

    /// The interpolation space Chromium draws in. Where `css=` names none, Blink takes the space of the first stop
    /// not written in a legacy sRGB syntax among the stops it keeps (`Gradient::CreateShaderInternal`), and of
    /// stops that all lie at one position outside 0…1 it keeps only the first and the last
    /// (`NormalizeAndAddStops`): when both of those are legacy colours, it draws in sRGB.
    private static func blinkSpace(
        _ description: GradientDescription, stops: [StopFixup.Stop<CSSColor>]
    ) -> ColorSpace {
        guard description.hintsBlendInSRGB, let first = stops.first, let last = stops.last,
            blinkKeepsEndsOnly(first: first.position, last: last.position, spread: description.spread)
        else { return description.space }
        return first.color.isLegacy && last.color.isLegacy ? .srgb : description.space
    }

    /// Whether Blink keeps only the first and the last of a padded gradient's stops (`NormalizeAndAddStops`): they
    /// all lie at one position outside 0…1.
    static func blinkKeepsEndsOnly(first: Double, last: Double, spread: Spread) -> Bool {
        spread == .pad && first == last && (first < 0 || first > 1)
    }

    /// `stops` with every hint that Blink replaces by nine stops replaced by them, coloured in sRGB as Blink colours
    /// them (``BlinkHintStops/legacyBlend(_:_:weight:)``) and converted into
    /// `space`; `colors` are the stops' colours as written. Hints that Blink drops or turns into a stop of one colour
    /// stay, as they blend nothing.
    private static func hintsReplaced(
        _ stops: [GradientStop], colors: [CSSColor], space: ColorSpace
    ) -> [(stop: GradientStop, color: CSSColor)] {
        var result: [(stop: GradientStop, color: CSSColor)] = []
        result.reserveCapacity(stops.count)
        for (index, stop) in stops.enumerated() {
            guard let hint = stop.hintToNext, index + 1 < stops.count,
                case .stops(let extra) = BlinkHintStops.replacement(
                    start: stop.position, hint: hint, end: stops[index + 1].position)
            else {
                result.append((stop, colors[index]))
                continue
            }
            var withoutHint = stop
            withoutHint.hintToNext = nil
            result.append((withoutHint, colors[index]))
            for (position, weight) in extra {
                let color = BlinkHintStops.legacyBlend(colors[index], colors[index + 1], weight: weight)
                result.append((GradientStop(position: Quantized.value(position), color: color, space: space), color))
            }
        }
        return result
    }

    /// Blink's `ClampNegativeOffsets` for a radial gradient that does not repeat, when no space is written: stops
    /// before 0 move to 0, and the last of them takes the colour at 0, blended in sRGB (`kSRGBLegacy`) between it
    /// and the first stop at or past 0.
    private static func clampNegativePositions(
        _ stops: inout [(stop: GradientStop, color: CSSColor)], space: ColorSpace
    ) {
        var lastNegative = 0.0
        for index in stops.indices {
            let position = stops[index].stop.position
            if position >= 0 {
                guard index > 0 else { return }
                let ratio = -lastNegative / (position - lastNegative)
                let color = BlinkHintStops.legacyBlend(stops[index - 1].color, stops[index].color, weight: ratio)
                stops[index - 1].color = color
                stops[index - 1].stop = GradientStop(position: 0, color: color, space: space)
                return
            }
            stops[index].stop.position = 0
            lastNegative = position
        }
    }
}

extension GradientStop {
    /// A stop of `color` at `position`, converted into `space`, with the colour as written when that is another
    /// space and no component written `none` carries into it (every number on the quantisation grid): Blink resolves
    /// any other `none` to 0 as it converts.
    init(position: Double, color: CSSColor, space: ColorSpace, hintToNext: Double? = nil) {
        let written = color.writtenSpace
        let keepsWritten = written != space && color.missingComponentsCarried(into: space).isEmpty
        self.init(
            position: position, color: Quantized.color(color.interpolationColor(in: space)), hintToNext: hintToNext,
            writtenSpace: written,
            writtenComponents: keepsWritten ? Quantized.components(color.writtenComponents) : nil)
    }
}

extension CSSColor {
    /// The space Chromium converts the colour from before it interpolates (``GradientStop/writtenSpace``): its own,
    /// but sRGB for `hsl()` and `hwb()`, which Blink turns into sRGB first (`HSLToSRGB`, `HWBToSRGB`).
    var writtenSpace: ColorSpace { space == .hsl || space == .hwb ? .srgb : space }

    /// The colour's components in ``writtenSpace``.
    var writtenComponents: SIMD3<Double> { writtenSpace == space ? components : space.toSRGB(components) }
}
