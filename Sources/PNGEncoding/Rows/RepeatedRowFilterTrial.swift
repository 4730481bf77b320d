import CZlib

/// Chooses the filter of RGBA rows that repeat the row a dither period above from farther back than deflate's window
/// reaches (a dithered horizontal gradient more than 1,023 pixels wide with transparency): Sub, or Average, which
/// codes some such gradients in far fewer bytes and others in more.
///
/// One period of rows is filtered both ways and each deflated at zlib's level 1; Average is chosen when its trial is
/// under ``averageShare`` of Sub's. On `bench/data/css-gradients.txt` at 1200×630 and 1920×1080 with 60 random
/// translucent horizontal ramps (2–3 stops, 300–2,400 pixels wide, dither on and off), Average for every such image
/// changed 23, 11 smaller (to 0.57× the bytes) and 12 larger (to 1.36×); with the trial 10 change, each smaller (0.57×
/// to 0.90×), and of 120 more random ramps (1,030–3,000 pixels wide) 2 change, to 0.88× and 0.99×.
/// `linear-gradient(90deg, rgba(0,0,0,0.8), rgba(255,255,255,0.2))` at 1200×630 goes from 126,179 to 100,967 bytes
/// (Pillow's `optimize=True`: 105,189), `linear-gradient(90deg, rgba(255,0,0,1), rgba(0,0,255,0.5))` from 152,586 to
/// 136,815 (150,854).
enum RepeatedRowFilterTrial {
    /// The trial size of Average against Sub's, in tenths, below which Average is chosen.
    static let averageShare = 9

    /// Whether the `rows` (each with the row above it in `rowsAbove`, `count` bytes a row) deflate in fewer bytes
    /// Average-filtered than Sub-filtered, by the margin of ``averageShare``.
    static func prefersAverage(
        rows: [UnsafePointer<UInt8>], rowsAbove: [UnsafePointer<UInt8>], count: Int, bytesPerPixel: Int
    ) -> Bool {
        let filteredLength = count + 1
        let total = rows.count * filteredLength
        let sub = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        let average = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        defer {
            sub.deallocate()
            average.deallocate()
        }
        for index in rows.indices {
            let offset = index * filteredLength
            RowFilter.sub(rows[index], count: count, bytesPerPixel: bytesPerPixel, output: sub + offset)
            RowFilter.average(
                rows[index], previous: rowsAbove[index], count: count, bytesPerPixel: bytesPerPixel,
                output: average + offset)
        }
        guard let subSize = deflatedSize(sub, count: total), let averageSize = deflatedSize(average, count: total)
        else { return false }
        return averageSize * 10 < subSize * averageShare
    }

    /// The size of `count` bytes deflated at level 1; nil if zlib fails.
    private static func deflatedSize(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
        var size = compressBound(uLong(count))
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(size))
        defer { output.deallocate() }
        guard compress2(output, &size, bytes, uLong(count), 1) == Z_OK else { return nil }
        return Int(size)
    }
}
