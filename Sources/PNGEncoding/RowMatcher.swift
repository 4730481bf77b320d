/// Finds copies for a Sub-filtered general row in the row before it and in itself, trying only
/// the distances gradients produce: one pixel back, one dither period back, and one row back
/// shifted by up to ``maximumShift`` pixels either way.
///
/// Linear gradients at many angles make each row a shifted copy of the previous one, which
/// this finds in time proportional to the number of copies; rows it cannot describe cheaply
/// (radial gradients, noise) are left to zlib, whose general search compresses them better.
struct RowMatcher {
    /// Pixels of shift tried between successive rows.
    static let maximumShift = 4
    /// Pixels after which an ordered-dithered row of one colour repeats (the 8×8 dither tile): a
    /// dithered vertical gradient's rows are that period repeated.
    static let ditherPeriod = 8

    private let rowLength: Int
    private let distances: [Int]
    /// ``distances`` with the dither period first, for rows that repeat every ``ditherPeriod`` pixels.
    private let periodicDistances: [Int]
    /// Estimated size above which a row is refused, in bits: 1/8 bit per byte.
    private let bitBudget: Int
    /// The accepted row's tokens, for ``TokenBlock/append(_:)``.
    private(set) var tokens: [UInt32] = []

    init(format: PNGImageFormat) {
        let rowLength = format.bytesPerRow + 1
        let bytesPerPixel = format.bytesPerPixel
        let rowDistances = (-Self.maximumShift...Self.maximumShift).map { rowLength + $0 * bytesPerPixel }
        self.rowLength = rowLength
        distances = ([bytesPerPixel] + rowDistances).filter { (1...32768).contains($0) }
        periodicDistances = [Self.ditherPeriod * bytesPerPixel] + distances
        bitBudget = rowLength / 8
    }

    /// Matches the row at `rows + rowLength`, whose predecessor in the stream is at `rows`.
    ///
    /// Returns false, leaving ``tokens`` unspecified, when the estimated size exceeds the
    /// budget times `budgetFactor`. A `periodic` row (its pixels repeat every ``ditherPeriod``)
    /// is also matched one period back and always accepted: it costs one period of literals
    /// and a copy per 258 bytes.
    mutating func match(_ rows: UnsafePointer<UInt8>, budgetFactor: Int, periodic: Bool = false) -> Bool {
        let bitBudget = periodic ? Int.max : self.bitBudget * budgetFactor
        let distances = periodic ? periodicDistances : self.distances
        tokens.removeAll(keepingCapacity: true)
        let current = rows + rowLength
        var position = 0
        var estimatedBits = 0
        var lastDistance = distances.last ?? 1
        while position < rowLength {
            let limit = min(258, rowLength - position)
            var bestLength = 0
            var bestDistance = 0
            if limit >= 3 {
                for index in -1..<distances.count {
                    let distance = index < 0 ? lastDistance : distances[index]
                    guard distance <= rowLength + position else { continue }
                    let length = Self.matchLength(current + position, current + position - distance, limit: limit)
                    if length > bestLength {
                        bestLength = length
                        bestDistance = distance
                        if length == limit { break }
                    }
                }
            }
            if bestLength >= 3 {
                tokens.append(TokenBlock.match(length: bestLength, distance: bestDistance))
                estimatedBits += 8 + DeflateDistanceCode(distance: bestDistance).extraBitCount
                position += bestLength
                lastDistance = bestDistance
            } else {
                tokens.append(TokenBlock.literal(current[position]))
                estimatedBits += 8
                position += 1
            }
            if estimatedBits > bitBudget {
                return false
            }
        }
        return true
    }

    /// Length of the common prefix of `a` and `b`, at most `limit`.
    @inline(__always)
    private static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int) -> Int {
        var length = 0
        let rawA = UnsafeRawPointer(a)
        let rawB = UnsafeRawPointer(b)
        while length + 8 <= limit {
            let wordA = rawA.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            let wordB = rawB.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            if wordA != wordB {
                return length + UInt64(littleEndian: wordA ^ wordB).trailingZeroBitCount / 8
            }
            length += 8
        }
        while length < limit && a[length] == b[length] {
            length += 1
        }
        return length
    }
}
