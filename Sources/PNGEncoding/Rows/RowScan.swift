import Glibc

/// Scans of a row's bytes that ``GeneralRowCoder/classify(_:previousRow:)`` reads its kind from, 16 bytes at a time.
enum RowScan {
    /// Blocks of 16 bytes ``nonzeroCount(_:count:limit:)`` counts between checks against its limit (each lane counts
    /// under 256, so none wraps).
    static let nonzeroCheckBlocks = 32
    /// Periods up to this many dither periods are tried by ``repeatsPeriodsWithFewBreaks(_:count:periodLength:)``.
    static let widestRepeatingPeriods = 16
    /// At most one in this many 16-byte blocks of a row that repeats one period on may break the repetition…
    static let brokenBlockShare = 8
    /// …in at most this many stretches of consecutive blocks (a bar's two edges make one or two).
    static let breakStretchLimit = 4

    /// The nonzero bytes of the filtered row after its filter byte, counted until there are more than `limit` (then
    /// `limit + 1`).
    static func nonzeroCount(_ row: UnsafePointer<UInt8>, count: Int, limit: Int) -> Int {
        var nonzero = 0
        var index = 1
        let raw = UnsafeRawPointer(row)
        let zero = SIMD16<UInt8>(repeating: 0)
        let one = SIMD16<UInt8>(repeating: 1)
        while index + 16 <= count {
            // Each lane counts its nonzero bytes over at most ``nonzeroCheckBlocks`` blocks of 16 (under 256, so no lane
            // wraps), then the lanes are summed.
            var lanes = zero
            let blocksEnd = min(count, index + nonzeroCheckBlocks * 16)
            while index + 16 <= blocksEnd {
                let bytes = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                lanes &+= one.replacing(with: 0, where: bytes .== zero)
                index += 16
            }
            nonzero += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
            if nonzero > limit { return limit + 1 }
        }
        while index < count {
            if row[index] != 0 { nonzero += 1 }
            index += 1
        }
        return min(nonzero, limit + 1)
    }

    /// The bytes of the filtered row after its filter byte that step by more than 7 either way: a hard edge between
    /// two colours, where a ramp's steps are ±1 or ±2.
    static func steepCount(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        var steep = 0
        var index = 1
        let raw = UnsafeRawPointer(row)
        let bias = SIMD16<UInt8>(repeating: 8)
        let limit = SIMD16<UInt8>(repeating: 16)
        let one = SIMD16<UInt8>(repeating: 1)
        while index + 16 <= count {
            var lanes = SIMD16<UInt8>(repeating: 0)
            let blocksEnd = min(count, index + nonzeroCheckBlocks * 16)
            while index + 16 <= blocksEnd {
                let bytes = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                lanes &+= one.replacing(with: 0, where: (bytes &+ bias) .< limit)
                index += 16
            }
            steep += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while index < count {
            if row[index] &+ 8 >= 16 { steep += 1 }
            index += 1
        }
        return steep
    }

    /// Whether the raw row (not periodic) repeats 2 to ``widestRepeatingPeriods`` dither periods on, or one period on
    /// but for at most ``breakStretchLimit`` stretches of at most one in ``brokenBlockShare`` of its 16-byte blocks: a
    /// grid, stripes or a thin bar drawn over a vertical ramp. A row whose bytes step along a ramp breaks the
    /// repetition at every step and is refused within a few blocks.
    static func repeatsPeriodsWithFewBreaks(_ row: UnsafePointer<UInt8>, count: Int, periodLength: Int) -> Bool {
        var period = 2 * periodLength
        let raw = UnsafeRawPointer(row)
        while period <= Self.widestRepeatingPeriods * periodLength && period * 2 <= count {
            // Most rows differ within their first 8 bytes: compared here, without a call, when the row holds them.
            let differsEarly =
                count - period >= 8
                && raw.loadUnaligned(as: UInt64.self) != raw.loadUnaligned(fromByteOffset: period, as: UInt64.self)
            if !differsEarly && memcmp(row, row + period, count - period) == 0 { return true }
            period += periodLength
        }
        let end = count - periodLength
        let brokenLimit = end / 16 / Self.brokenBlockShare
        var broken = 0
        var stretches = 0
        var isPreviousBroken = false
        var index = 0
        while index + 16 <= end {
            let bytes = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let later = raw.loadUnaligned(fromByteOffset: index + periodLength, as: SIMD16<UInt8>.self)
            let isBroken = any(bytes .!= later)
            if isBroken {
                broken += 1
                if !isPreviousBroken {
                    stretches += 1
                    if stretches > Self.breakStretchLimit { return false }
                }
                if broken > brokenLimit { return false }
            }
            isPreviousBroken = isBroken
            index += 16
        }
        return broken > 0
    }
}
