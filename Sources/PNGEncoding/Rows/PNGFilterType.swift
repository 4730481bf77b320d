/// PNG's row filter types (filter method 0, PNG specification section 9.2): the byte that opens each filtered row.
enum PNGFilterType: UInt8 {
    /// The row as it is.
    case none = 0
    /// Each byte minus the byte a pixel to its left.
    case sub = 1
    /// Each byte minus the byte above it.
    case up = 2
    /// Each byte minus the mean of the bytes to its left and above.
    case average = 3
    /// Each byte minus whichever of left, above and above-left is nearest left + above − above-left.
    case paeth = 4
}
