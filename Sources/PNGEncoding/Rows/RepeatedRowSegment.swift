/// The deflate symbols of two or more consecutive repeated rows in one ``RunRowBlock``, coded as one stretch.
///
/// Each repeated row is Up-filtered, `[2, 0, 0, …]`, so the stretch repeats with a period of one filtered row.
/// The first row opens with literals 2 and 0; then copies of 258 bytes run straight across the row boundaries: at
/// distance 1 while they hold only zeros, and at the distance of one row when they hold a filter byte (the row
/// before is the same bytes). A row of `n` bytes then costs about `n / 258` copies of two bits and one copy with a
/// row distance's extra bits, where coding each row alone costs two literals and a shorter closing copy with five
/// extra length bits besides: on a 1200-pixel horizontal gradient without dither, 38 bits a row against 41.
///
/// Only the stretch's first row must break its copies at the second row's filter byte, whose bytes a row back
/// belong to a row outside the stretch.
enum RepeatedRowSegment {
    /// One symbol of the stretch.
    enum Symbol {
        case literal(UInt8)
        /// `length` bytes (3...258) copied from 1 byte back, or from one row back when `fromRowAbove`.
        case copy(length: Int, fromRowAbove: Bool)
    }

    /// Whether rows of `rowLength` filtered bytes can be coded as a stretch: a row back must lie inside deflate's
    /// window.
    static func isApplicable(rowLength: Int) -> Bool { rowLength <= SlidingWindow.size }

    /// Calls `body` with each symbol of `rowCount` (at least 2) repeated rows of `rowLength` filtered bytes, in order.
    static func forEachSymbol(rowCount: Int, rowLength: Int, _ body: (Symbol) -> Void) {
        let end = rowCount * rowLength
        body(.literal(2))
        body(.literal(0))
        var position = 2
        while position < end {
            var length = min(DeflateLimits.maximumCopyLength, end - position)
            var fromRowAbove = false
            // The first filter byte at or after `position - 1`.
            let nextFilterByte = (position - 1 + rowLength - 1) / rowLength * rowLength
            if nextFilterByte < position + length {
                if position < rowLength {
                    length = nextFilterByte - position
                } else {
                    fromRowAbove = true
                }
            }
            if length >= 3 {
                body(.copy(length: length, fromRowAbove: fromRowAbove))
            } else {
                for offset in 0..<length {
                    body(.literal((position + offset) % rowLength == 0 ? 2 : 0))
                }
            }
            position += length
        }
    }
}
