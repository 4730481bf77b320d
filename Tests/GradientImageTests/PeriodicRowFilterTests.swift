import Foundation
import GradientCore
import GradientImage
import PNGEncoding
import Testing

/// A dithered vertical gradient's rows each repeat one period of 8 pixels. They are coded unfiltered, their first
/// period copied from the periodic rows above, unless the first 16 leave too many literals: the colour then moves too
/// fast for periods to recur, and the rows after are Up-filtered.
@Suite("Up-filtered periodic rows")
struct PeriodicRowFilterTests {
    @Test(
        "rows decode to the rasterizer's samples; Up after the trial rows only where the colour moves fast",
        arguments: [
            // A full turn of hue over 630 rows.
            ("linear-gradient(in hsl longer hue, red, red)", true),
            ("linear-gradient(180deg in lab, #12c2e9, #f64f59)", true),
            // Close colours: the periods recur.
            ("linear-gradient(180deg, #fbed96, #abecd6)", false),
        ])
    func verticalGradients(css: String, upFiltered: Bool) throws {
        let image = try DecodedGradient(css: css, width: 1200, height: 630)
        try #require(image.decoded.colorType == .rgb)
        let filters = try image.expectRasterizedRows(channels: 3)
        #expect(filters[..<16].allSatisfy { $0 == 0 }, "\(filters[..<16])")
        let upRows = filters[16...].filter { $0 == 2 }.count
        if upFiltered {
            #expect(upRows == image.height - 16)
        } else {
            #expect(upRows < 8, "\(upRows) Up-filtered rows")
        }
    }
}
