/// A CSS `<blend-mode>` (CSS Compositing 1), as `background-blend-mode` gives one per background layer.
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
    /// Source-over: the layer covers what lies below it.
    case normal
    /// The product of the colours.
    case multiply
    /// The complement of the product of the complements.
    case screen
    /// Multiply or screen, depending on the backdrop.
    case overlay
    /// The darker of the colours, channel by channel.
    case darken
    /// The lighter of the colours, channel by channel.
    case lighten
    /// Brightens the backdrop towards the source.
    case colorDodge = "color-dodge"
    /// Darkens the backdrop towards the source.
    case colorBurn = "color-burn"
    /// Multiply or screen, depending on the source.
    case hardLight = "hard-light"
    /// Darkens or lightens, depending on the source (a softer hard-light).
    case softLight = "soft-light"
    /// The absolute difference of the colours.
    case difference
    /// As difference, with lower contrast.
    case exclusion
    /// The source's hue with the backdrop's saturation and luminosity.
    case hue
    /// The source's saturation with the backdrop's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the backdrop's luminosity.
    case color
    /// The source's luminosity with the backdrop's hue and saturation.
    case luminosity

    /// The CSS keyword, as written in `background-blend-mode`.
    public var cssName: String { rawValue }
}
