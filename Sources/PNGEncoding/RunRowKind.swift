/// Rows whose filtered form is a few literal bytes followed by one long repetition, which
/// ``RunRowBlock`` codes without zlib.
enum RunRowKind: UInt8 {
    /// Identical to the previous row. Up filter: `[2, 0, 0, …]`.
    case repeated = 0
    /// One solid colour after a row that was not solid. Sub filter: `[1, pixel, 0, 0, …]`.
    case solid = 1
    /// One solid colour after another solid colour. Up filter, every pixel holding the same
    /// difference: `[2, delta, delta, …]`.
    case solidStep = 2

    /// The PNG filter type byte that starts the filtered row.
    var filterType: UInt8 { self == .solid ? 1 : 2 }
}
