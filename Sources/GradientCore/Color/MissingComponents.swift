/// Components of a colour that CSS treats as missing (`none`).
public struct MissingComponents: OptionSet, Sendable, Hashable {
    /// The raw bit set: bits 0–2 for the three colour components, bit 3 for alpha.
    public var rawValue: UInt8

    /// Creates a set from its raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The first component (`components.x`).
    public static let c0 = MissingComponents(rawValue: 1 << 0)
    /// The second component (`components.y`).
    public static let c1 = MissingComponents(rawValue: 1 << 1)
    /// The third component (`components.z`).
    public static let c2 = MissingComponents(rawValue: 1 << 2)
    /// The alpha channel.
    public static let alpha = MissingComponents(rawValue: 1 << 3)

    /// The member for colour component `index` (0, 1 or 2).
    static func component(_ index: Int) -> MissingComponents {
        MissingComponents(rawValue: 1 << UInt8(index))
    }
}
