/// Every ``spacing``-th position of the filtered rows in a ``FilteredRowHistory``, and of the row being matched,
/// keyed on the 8 bytes there, so that ``RowMatcher`` can look up a copy at any distance where its ranked distances
/// break off.
///
/// A dithered angled gradient's rows repeat in pieces at distances no ranking predicts: a row 3 rows up shifted by a
/// few hundred pixels, or the same row 200 pixels and one byte back, where a saturated ramp's channels trade places
/// (the 45° red, lime and blue of the `d3_1080` workload). zlib finds those by hashing every position; here only
/// positions at multiples of ``spacing`` in the stream are kept, and a lookup hashes the ``spacing`` positions from
/// the one searched, one of which lies on an anchor's bytes in any copy at least `spacing + 7` bytes long. Inserting
/// costs one hash and store per ``spacing`` bytes of history; a lookup twice ``spacing`` hashed loads.
///
/// Each history slot holds the latest position inserted with its hash, so what a lookup finds inside the history
/// depends on the history's bytes alone (a later position with the same hash is also in the history), and the row's
/// own anchors are tagged with the match they belong to: matching stays a function of the rows it reads and of the
/// row itself (see ``PeriodRowReplay``). Memory: 2^``hashBits`` positions of each kind (192 KiB).
final class AnchorIndex {
    /// Bytes between anchors, and the bytes hashed at each.
    static let spacing = 8
    /// log2 of the number of slots: 16,384, four times the anchors a full 32 KiB window holds.
    static let hashBits = 14

    /// The stream position of the latest history anchor with each hash, or −1.
    private let slots: UnsafeMutablePointer<Int32>
    /// The anchors of the row being matched: each slot holds its match's ``generation`` in the high 32 bits and the
    /// anchor's position in the row in the low 32, so a slot written by an earlier match (an earlier row, or the same
    /// row filtered otherwise) is never read.
    private let rowSlots: UnsafeMutablePointer<UInt64>
    private var generation: UInt64 = 0
    /// The next position of the row being matched whose anchor is yet to be added.
    private var nextRowAnchor = 0
    /// The length and stream position of the row being matched: the position of the next row to be inserted.
    private var rowLength = 0
    private var rowStart: Int

    /// An index with no anchors, whose next row starts at `streamOffset` in the stream.
    init(streamOffset: Int) {
        rowStart = streamOffset
        slots = .allocate(capacity: 1 << Self.hashBits)
        slots.initialize(repeating: -1, count: 1 << Self.hashBits)
        rowSlots = .allocate(capacity: 1 << Self.hashBits)
        rowSlots.initialize(repeating: 0, count: 1 << Self.hashBits)
    }

    deinit {
        slots.deallocate()
        rowSlots.deallocate()
    }

    @inline(__always)
    private static func slot(_ pointer: UnsafePointer<UInt8>) -> Int {
        let word = UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
        return Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - hashBits))
    }

    /// Starts a match of the row of `rowLength` bytes that follows the last row inserted: its own anchors are added
    /// as the match goes along, each once the position searched has passed it.
    func beginRow(rowLength: Int) {
        generation &+= 1
        self.rowLength = rowLength
        nextRowAnchor = (Self.spacing - rowStart % Self.spacing) % Self.spacing
    }

    /// Adds the anchors of the filtered row of `length` bytes at `row`, which starts at `streamOffset` in the
    /// stream; rows are added in stream order.
    func insert(_ row: UnsafePointer<UInt8>, length: Int, streamOffset: Int) {
        var position = (Self.spacing - streamOffset % Self.spacing) % Self.spacing
        while position + 8 <= length {
            slots[Self.slot(row + position)] = Int32(truncatingIfNeeded: streamOffset + position)
            position += Self.spacing
        }
        rowStart = streamOffset + length
    }

    /// The longest copy for the bytes at `current + position` (at most `limit` of them) from the row before them or
    /// the `available` bytes of history before `current`, the row begun last; the nearest of equally long ones;
    /// length 0 when no anchor matches.
    func longestCopy(
        _ current: UnsafePointer<UInt8>, at position: Int, limit: Int, available: Int
    ) -> (length: Int, distance: Int) {
        // The row's anchors before the position join first (their bytes may run past it: the row is whole).
        let tag = generation << 32
        while nextRowAnchor < position && nextRowAnchor + 8 <= rowLength {
            rowSlots[Self.slot(current + nextRowAnchor)] = tag | UInt64(nextRowAnchor)
            nextRowAnchor += Self.spacing
        }
        var bestLength = 0
        var bestDistance = 0
        let oldest = rowStart - available
        let farthest = min(available + position, SlidingWindow.size)
        let scan = current + position
        var offset = 0
        func consider(_ distance: Int) {
            guard distance >= 1, distance <= farthest, distance != bestDistance else { return }
            // A longer copy must match the byte at the best length so far; a whole one must be nearer.
            if bestLength < limit {
                guard scan[bestLength] == (scan - distance)[bestLength] else { return }
            } else {
                guard distance < bestDistance else { return }
            }
            let length = RowMatcher.matchLength(scan, scan - distance, limit: limit)
            if length > bestLength || length == bestLength && distance < bestDistance {
                bestLength = length
                bestDistance = distance
            }
        }
        while offset < Self.spacing && offset + 8 <= limit {
            let slot = Self.slot(scan + offset)
            let rowEntry = rowSlots[slot]
            if rowEntry >> 32 == generation {
                consider(position + offset - Int(truncatingIfNeeded: rowEntry & 0xFFFF_FFFF))
            }
            let anchor = Int(slots[slot])
            if anchor >= oldest {
                consider(rowStart + position + offset - anchor)
            }
            offset += 1
        }
        return (bestLength, bestDistance)
    }
}
