/// Where each phase of the dither period starts in the latest periodic rows (rows that repeat one period of 8 pixels
/// after their filter byte), by the 4 bytes there, so that a periodic row's first period can be copied from wherever
/// those rows hold it, as zlib's hash chains would find it.
///
/// A dithered vertical gradient's row is its first period repeated; that period is most of what the row costs beyond
/// its copies a period back, and its bytes recur in the rows above at other phases (those rows hold other lines of
/// the dither tile, but nearly the same colour). Every phase of a periodic row starts within its first period, so a
/// row is indexed by its filter byte and one period of starts; a copy found there is then moved as far along its row
/// as its length allows, the same bytes recurring every period to the row's end, which shortens its distance.
///
/// On the first 40 presets as 1170×2532 dithered splashes, against ranked row distances with the Up-filtered trial
/// (before): the 30 of more than 256 colours (RGB) take 0.916–0.957× the bytes, median 0.931×, the parse's lazy
/// step (``RowMatcher``) included (preset 0, "Omolon": 39,151 bytes → 36,634; zlib level 9 codes its rows
/// unfiltered in 36,656 bytes, Pillow's `optimize=True` in 41,675). Before the lazy step: 0.927–0.956×, and with the
/// Up-filtered trial kept 0.966–0.989× (Up-filtered rows hold no source for the unfiltered ones); with ranked
/// distances as well, the same bytes; keyed on 3 bytes, 0.3 % more; 8 chain steps, 0.04 % more, 32 or 64 the same
/// as 16. Palette rows keep the ranked distances and the Up trial: the index took their bytes to 0.998–1.007×.
final class PeriodicRowIndex {
    /// log2 of the number of chain heads.
    static let hashBits = 8
    /// Rows whose positions are kept: more than ``FilteredRowHistory`` keeps (at most 8), whose rows are the sources.
    static let keptRows = 16
    /// Chain entries examined per search.
    static let maximumChainSteps = 16

    /// A copy found in the index, and the bits it is estimated to save over literals.
    typealias Copy = (length: Int, distance: Int, saving: Int)

    private let rowLength: Int
    /// The dither period in bytes.
    let period: Int
    /// Positions indexed per row: the filter byte and one period of starts.
    private let entriesPerRow: Int
    private let capacity: Int
    /// Absolute stream position of each entry (a ring of ``keptRows`` rows).
    private let positions: UnsafeMutablePointer<Int>
    /// The entry indexed before each entry under the same hash, or -1.
    private let links: UnsafeMutablePointer<Int32>
    /// The latest entry under each hash, or -1.
    private let heads: UnsafeMutablePointer<Int32>
    private var nextEntry = 0

    /// An index for rows of `format` whose period is `period` bytes.
    init(format: PNGImageFormat, period: Int) {
        rowLength = format.bytesPerRow + 1
        self.period = period
        entriesPerRow = period + 1
        capacity = Self.keptRows * entriesPerRow
        positions = .allocate(capacity: capacity)
        positions.initialize(repeating: -1, count: capacity)
        links = .allocate(capacity: capacity)
        links.initialize(repeating: -1, count: capacity)
        heads = .allocate(capacity: 1 << Self.hashBits)
        heads.initialize(repeating: -1, count: 1 << Self.hashBits)
    }

    deinit {
        positions.deallocate()
        links.deallocate()
        heads.deallocate()
    }

    /// Whether rows of this length can be indexed: each indexed start needs 4 bytes after it.
    var isUsable: Bool { rowLength >= entriesPerRow + 4 }

    @inline(__always)
    private static func hash(_ pointer: UnsafePointer<UInt8>) -> Int {
        let key = UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> UInt32(32 - hashBits))
    }

    /// Indexes the periodic filtered row at `row`, which starts at `streamOffset` in the filtered stream.
    func insert(_ row: UnsafePointer<UInt8>, streamOffset: Int) {
        guard isUsable else { return }
        for offset in 0..<entriesPerRow {
            let entry = nextEntry
            nextEntry = nextEntry + 1 == capacity ? 0 : nextEntry + 1
            let slot = Self.hash(row + offset)
            positions[entry] = streamOffset + offset
            links[entry] = heads[slot]
            heads[slot] = Int32(truncatingIfNeeded: entry)
        }
    }

    /// The copy for `position` of the row at `current` (which starts at `streamOffset`) that saves the most over
    /// literals of `literalBits` each, among the indexed positions at most `available` bytes back; nil when none
    /// saves anything. A copy is at most 258 bytes and ends within the row.
    func bestCopy(
        _ current: UnsafePointer<UInt8>, at position: Int, streamOffset: Int, available: Int, literalBits: Int
    ) -> Copy? {
        guard isUsable, position + 4 <= rowLength else { return nil }
        let limit = min(DeflateLimits.maximumCopyLength, rowLength - position)
        let absolute = streamOffset + position
        let oldest = streamOffset - available
        var best: Copy?
        var entry = Int(heads[Self.hash(current + position)])
        var newerPosition = Int.max
        var steps = 0
        while entry >= 0 && steps < Self.maximumChainSteps {
            let source = positions[entry]
            // Entries are linked newest first; a newer one means the ring reused the slot.
            guard source >= oldest, source < newerPosition, absolute - source <= SlidingWindow.size else { break }
            newerPosition = source
            let length = RowMatcher.matchLength(current + position, current + (source - streamOffset), limit: limit)
            if length >= 3 {
                // The same bytes recur every period to the end of the source's row: copy from the last recurrence
                // that still holds the whole copy.
                let sourceOffset = source % rowLength
                var nearest = source
                if sourceOffset >= 1 {
                    let room = rowLength - sourceOffset - length
                    if room >= period { nearest += room / period * period }
                }
                let distance = absolute - nearest
                let saving =
                    length * literalBits - RowMatcher.copyBitsEstimate
                    - DeflateDistanceCode(distance: distance).extraBitCount
                if saving > (best?.saving ?? 0) {
                    best = (length, distance, saving)
                }
            }
            entry = Int(links[entry])
            steps += 1
        }
        return best
    }
}
