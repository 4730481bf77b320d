/// Rows whose filtered form is a few literal bytes followed by one long repetition, which
/// ``RunRowBlock`` codes without zlib.
enum RunRowKind: UInt8 {
    /// Identical to the previous row. Up filter: `[2, 0, 0, …]`.
    case repeated = 0
    /// One solid colour after a row that was not solid. Sub filter: `[1, pixel, 0, 0, …]`.
    case solid = 1
    /// One solid colour after another solid colour, its filter not chosen yet: ``RunRowBlock`` codes each block's
    /// steps as ``upStep`` or ``paethStep``, whichever its symbol counts make smaller, when it writes the block.
    case step = 2
    /// A step Up-filtered, every pixel holding the same difference: `[2, delta, delta, …]`. Its copies one pixel
    /// back need a distance code of their own.
    case upStep = 3
    /// A step Paeth-filtered: `[4, delta, 0, 0, …]` (each pixel after the first is predicted by its left
    /// neighbour, since the left, upper and upper-left pixels differ by the same step). Its zeros share distance
    /// 1 with the repeated rows, which pays when those are many.
    case paethStep = 4

    /// The PNG filter type byte that starts the filtered row; undefined for ``step``, whose filter is not chosen.
    var filterType: UInt8 {
        switch self {
        case .repeated, .upStep: PNGFilterType.up.rawValue
        case .solid: PNGFilterType.sub.rawValue
        case .paethStep: PNGFilterType.paeth.rawValue
        case .step: preconditionFailure("a step row's filter is chosen when its block is written")
        }
    }

    /// This kind once a block has chosen `stepKind` for its steps.
    func resolved(steps stepKind: RunRowKind) -> RunRowKind { self == .step ? stepKind : self }
}
