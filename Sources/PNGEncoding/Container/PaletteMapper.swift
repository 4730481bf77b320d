#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns rows of RGB or RGBA samples into rows of palette indices, optionally adding each new colour to the palette.
///
/// Gradients repeat themselves, and the mapper looks only where a row can hold something new: a row identical to
/// the row before or to the row a dither period (8 rows) before takes that row's indices (undithered vertical and
/// dithered horizontal gradients); a row that repeats its first 8 pixels maps those and repeats them (dithered
/// vertical gradients); elsewhere a pixel equal to its left neighbour takes its index. Other pixels cost one table
/// lookup. Memory: the last 8 rows of samples and of indices, O(width); nothing is allocated per row.
final class PaletteMapper {
    /// The dither period, in rows and in pixels.
    static let period = 8

    private let width: Int
    let bytesPerPixel: Int
    private let bytesPerRow: Int
    private let table = ColorTable()
    /// The colours in index order, `bytesPerPixel` samples each.
    private(set) var samples: [UInt8] = []
    /// The last ``period`` rows of samples and of indices, a ring indexed by row number modulo ``period``.
    private let recentSamples: UnsafeMutablePointer<UInt8>
    private let recentIndices: UnsafeMutablePointer<UInt8>
    private var rowCount = 0

    /// A mapper for rows of `width` pixels of `bytesPerPixel` (3 or 4) samples, with an empty palette.
    init(width: Int, bytesPerPixel: Int) {
        self.width = width
        self.bytesPerPixel = bytesPerPixel
        bytesPerRow = width * bytesPerPixel
        recentSamples = .allocate(capacity: Self.period * max(1, bytesPerRow))
        recentIndices = .allocate(capacity: Self.period * max(1, width))
        samples.reserveCapacity(PNGPalette.maximumCount * bytesPerPixel)
    }

    /// A mapper whose palette is `palette`, for rows of `width` pixels.
    convenience init(palette: PNGPalette, width: Int) {
        self.init(width: width, bytesPerPixel: palette.bytesPerColor)
        for start in stride(from: 0, to: palette.samples.count, by: bytesPerPixel) {
            _ = table.insert(ColorTable.key(of: palette.samples, at: start, bytesPerColor: bytesPerPixel))
        }
        samples = palette.samples
    }

    deinit {
        recentSamples.deallocate()
        recentIndices.deallocate()
    }

    /// The number of colours in the palette.
    var colorCount: Int { table.count }

    /// Forgets the rows seen (not the palette), for a new pass over the image.
    func restart() {
        rowCount = 0
    }

    /// Maps the next row: returns its `width` indices (valid until the next call), or nil when a colour is not in
    /// the palette and `addingColors` is false, or would be the palette's 257th.
    func map(_ row: UnsafePointer<UInt8>, addingColors: Bool) -> UnsafePointer<UInt8>? {
        let slot = rowCount % Self.period
        let samplesOut = recentSamples + slot * bytesPerRow
        let indicesOut = recentIndices + slot * width
        defer { rowCount += 1 }
        if rowCount >= 1 {
            let above = (rowCount - 1) % Self.period
            if memcmp(row, recentSamples + above * bytesPerRow, bytesPerRow) == 0 {
                samplesOut.update(from: row, count: bytesPerRow)
                indicesOut.update(from: recentIndices + above * width, count: width)
                return UnsafePointer(indicesOut)
            }
        }
        // The row a period above sits in this row's slot of the ring.
        if rowCount >= Self.period && memcmp(row, samplesOut, bytesPerRow) == 0 {
            return UnsafePointer(indicesOut)
        }
        samplesOut.update(from: row, count: bytesPerRow)
        let periodBytes = Self.period * bytesPerPixel
        let isPeriodic = width > 2 * Self.period && memcmp(row, row + periodBytes, bytesPerRow - periodBytes) == 0
        let mappedCount = isPeriodic ? Self.period : width
        guard mapPixels(row, count: mappedCount, into: indicesOut, addingColors: addingColors) else {
            return nil
        }
        if isPeriodic {
            var filled = Self.period
            while filled < width {
                let chunk = min(filled, width - filled)
                (indicesOut + filled).update(from: indicesOut, count: chunk)
                filled += chunk
            }
        }
        return UnsafePointer(indicesOut)
    }

    private func mapPixels(
        _ row: UnsafePointer<UInt8>, count: Int, into indices: UnsafeMutablePointer<UInt8>, addingColors: Bool
    ) -> Bool {
        var previousKey = ColorTable.key(of: row, bytesPerColor: bytesPerPixel)
        guard var previousIndex = index(of: previousKey, at: row, addingColors: addingColors) else { return false }
        indices[0] = previousIndex
        var pixel = row + bytesPerPixel
        for x in 1..<max(1, count) {
            let key = ColorTable.key(of: pixel, bytesPerColor: bytesPerPixel)
            if key != previousKey {
                guard let index = index(of: key, at: pixel, addingColors: addingColors) else { return false }
                previousKey = key
                previousIndex = index
            }
            indices[x] = previousIndex
            pixel += bytesPerPixel
        }
        return true
    }

    @inline(__always)
    private func index(of key: UInt32, at pixel: UnsafePointer<UInt8>, addingColors: Bool) -> UInt8? {
        if let index = table.index(of: key) {
            return index
        }
        guard addingColors, add(key, at: pixel) else { return nil }
        return UInt8(truncatingIfNeeded: table.count - 1)
    }

    private func add(_ key: UInt32, at pixel: UnsafePointer<UInt8>) -> Bool {
        guard table.insert(key) else { return false }
        samples.append(contentsOf: UnsafeBufferPointer(start: pixel, count: bytesPerPixel))
        return true
    }
}
