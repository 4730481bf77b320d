import Glibc

/// Remembers how the latest rows were coded, so that a row repeating a row a whole number of dither periods above
/// takes that row's copies without being matched again. Every row of a dithered horizontal gradient after the first
/// eight repeats the row 8 above (Skia's 8×8 dither tile), which deflate's window, holding at most
/// ``FilteredRowHistory/depth`` of its rows, cannot reach: each row is coded anew as copies of the rows between,
/// the same copies as a row some periods above.
///
/// ``RowMatcher`` coding is a function of the row, of the filtered rows the history holds before it and of the
/// coder's and matcher's state (``State``). So when a row's raw bytes equal those of a row some periods above, each of
/// the rows in the history equals the row as many periods above it and was filtered alike, and the state equals the
/// one that row was matched from, matching would find the same tokens and leave the same state as it did: those are
/// replayed. Every condition is compared, never assumed, so the output is the one matching gives.
///
/// The state need not repeat with the rows: the Up-filter trial comes every ``GeneralRowCoder/filterTrialInterval``
/// rows that take it, and when one row of each period does not, the state repeats every 8 periods (64 rows).
/// ``periodsRemembered`` periods are looked back through, nearest first.
///
/// After a period of rows none of which repeats the row a period above, rows are neither kept nor compared for a
/// rest of ``shortestRest`` rows, doubling up to ``longestRest``: angled and radial gradients then pay for a
/// period's copies and compares now and then. Memory: ``period`` raw rows and the tokens of ``period`` ×
/// ``periodsRemembered`` rows.
final class PeriodRowReplay {
    /// The state a structural match starts from, besides the bytes it reads.
    struct State: Equatable {
        var matcher: RowMatcher.CarriedState
        var trial: GeneralRowCoder.TrialState
        /// Whether the raw row above was given (Up can be tried).
        var hasPreviousRow: Bool
        /// Rows of history before the row.
        var historyRows: Int
    }

    /// How a row was coded: the state its match started from and left, and its result.
    struct Entry {
        /// The stream row it was coded for.
        var row: Int
        var before: State
        /// The filter type the row was coded with.
        var filterType: UInt8
        var matcherAfter: RowMatcher.CarriedState
        var trialAfter: GeneralRowCoder.TrialState
        var tokens: [UInt32]
        var estimatedBits: Int
        var literalCount: Int
        /// The Adler-32 of the row's filtered bytes alone.
        var checksum: UInt32
    }

    /// Rows between a row and the one it repeats: the dither period.
    let period = RowMatcher.ditherPeriod
    /// Periods looked back through for a row coded from the same state: 8, the period of the state of a dithered
    /// horizontal gradient (see above).
    static let periodsRemembered = 8
    private let rowByteCount: Int
    /// The latest ``period`` raw rows coded through the general coder, each in slot `row % period`.
    private let rawRows: UnsafeMutablePointer<UInt8>
    /// The stream row each raw slot holds, −1 for none (that row was coded as a run or repeat).
    private var slotRows: [Int]
    /// Each raw slot's filter type.
    private var slotFilterTypes: [UInt8]
    /// How the latest rows were coded, each in slot `row % entries.count`; nil, or an older row's, for rows not coded
    /// by a structural match.
    private var entries: [Entry?]
    /// The stream row being coded.
    private var row = 0
    /// Whether the row being coded has the raw bytes of the row a period above (``beginRow(_:)``).
    private(set) var repeatsRowAbove = false
    /// Consecutive latest rows each with the raw bytes and filter of the row a period above.
    private var repeatingRows = 0
    /// Rows compared in a row that did not repeat the row a period above.
    private var missedRows = 0
    /// Rows left during which rows are neither kept nor compared, after a period of rows that all missed: images
    /// whose rows do not repeat (angled, radial) pay for a period of copies and compares now and then only.
    private var restingRows = 0
    /// The next rest; doubles after each, up to ``longestRest``, and starts over when a row repeats.
    private var nextRest = PeriodRowReplay.shortestRest
    static let shortestRest = 16
    static let longestRest = 256

    /// False when nothing is replayed (rows are still compared and remembered).
    private let replays: Bool
    /// Rows replayed so far.
    private(set) var replayedRowCount = 0

    /// For rows of `rowByteCount` raw bytes; with `replays` false, ``replayableEntry(from:)`` finds none.
    init(rowByteCount: Int, replays: Bool) {
        self.rowByteCount = rowByteCount
        self.replays = replays
        rawRows = .allocate(capacity: period * rowByteCount)
        slotRows = Array(repeating: -1, count: period)
        slotFilterTypes = Array(repeating: 0, count: period)
        entries = Array(repeating: nil, count: period * Self.periodsRemembered)
    }

    deinit {
        rawRows.deallocate()
    }

    private var rawSlot: Int { row % period }
    private var rowAbove: UnsafeMutablePointer<UInt8> { rawRows + rawSlot * rowByteCount }

    /// Whether rows are being kept and compared (not resting): only then is a match worth ``record``ing.
    var isWatching: Bool { restingRows == 0 }

    /// Starts a row coded through the general coder: compares it with the row a period above.
    func beginRow(_ raw: UnsafePointer<UInt8>) {
        repeatsRowAbove = keeps(row - period) && memcmp(raw, rowAbove, rowByteCount) == 0
    }

    /// Whether the raw slot of stream row `source` holds that row. Rows before the first have no slot (an empty slot
    /// is marked −1, which row −1 would otherwise match, and its memory was never written).
    private func keeps(_ source: Int) -> Bool {
        source >= 0 && slotRows[source % period] == source
    }

    /// The raw row `rowsAbove` (1 … ``period``) rows above the row begun, when it is kept.
    func keptRow(rowsAbove: Int) -> UnsafePointer<UInt8>? {
        let source = row - rowsAbove
        guard (1...period).contains(rowsAbove), keeps(source) else { return nil }
        return UnsafePointer(rawRows + (source % period) * rowByteCount)
    }

    /// The entry to replay for the row begun, whose match would start from `state`; nil unless every condition holds.
    ///
    /// For the row `periods` periods above, the rows from it to this one must each repeat the row a period above
    /// (the row itself then equals it) and so must the rows of history before each: `repeatingRows` covers
    /// `historyRows` rows (at least the row above, which Up reads) and `periods − 1` periods more.
    func replayableEntry(from state: State) -> Entry? {
        guard replays, repeatsRowAbove else { return nil }
        let historyRows = max(state.historyRows, 1)
        for periods in 1...Self.periodsRemembered {
            let source = row - periods * period
            guard source >= 0, repeatingRows >= historyRows + (periods - 1) * period else { return nil }
            if let entry = entries[source % entries.count], entry.row == source, entry.before == state {
                return entry
            }
        }
        return nil
    }

    /// Notes that the row begun was coded by a structural match from `before`, with the matcher's tokens, filtered
    /// with `filterType`.
    func record(
        before: State, matcher: RowMatcher, filterType: UInt8, trialAfter: GeneralRowCoder.TrialState,
        checksum: UInt32
    ) {
        let slot = row % entries.count
        var entry =
            entries[slot]
            ?? Entry(
                row: row, before: before, filterType: filterType, matcherAfter: matcher.carriedState,
                trialAfter: trialAfter, tokens: [], estimatedBits: 0, literalCount: 0, checksum: checksum)
        // Taken out while it is refilled, so that its token storage is reused in place.
        entries[slot] = nil
        entry.row = row
        entry.before = before
        entry.filterType = filterType
        entry.matcherAfter = matcher.carriedState
        entry.trialAfter = trialAfter
        entry.tokens.removeAll(keepingCapacity: true)
        entry.tokens.append(contentsOf: matcher.tokens)
        entry.estimatedBits = matcher.estimatedBits
        entry.literalCount = matcher.literalCount
        entry.checksum = checksum
        entries[slot] = entry
    }

    /// Notes that the row begun was coded as `entry`, found by ``replayableEntry(from:)``, says.
    func noteReplayed(_ entry: Entry) {
        var replayed = entry
        replayed.row = row
        entries[row % entries.count] = replayed
        replayedRowCount += 1
    }

    /// Ends the row begun, filtered with `filterType`, and keeps its raw bytes for the row a period below.
    func endRow(_ raw: UnsafePointer<UInt8>, filterType: UInt8) {
        // Up and Paeth need the row above to repeat too; the other filters read the row alone.
        let readsRowAbove = filterType == PNGFilterType.up.rawValue || filterType == PNGFilterType.paeth.rawValue
        let repeatsFiltered =
            repeatsRowAbove && slotFilterTypes[rawSlot] == filterType && (!readsRowAbove || repeatingRows > 0)
        repeatingRows = repeatsFiltered ? repeatingRows + 1 : 0
        if repeatsRowAbove {
            missedRows = 0
            nextRest = Self.shortestRest
        } else if keeps(row - period) {
            missedRows += 1
            if missedRows == period {
                missedRows = 0
                restingRows = nextRest
                nextRest = min(2 * nextRest, Self.longestRest)
            }
        }
        if restingRows > 0 {
            restingRows -= 1
            slotRows[rawSlot] = -1
        } else {
            if !repeatsRowAbove {
                rowAbove.update(from: raw, count: rowByteCount)
            }
            slotRows[rawSlot] = row
            slotFilterTypes[rawSlot] = filterType
        }
        repeatsRowAbove = false
        row += 1
    }

    /// Notes a row coded otherwise (a run, or a repeat of the row before): no row replays until the history has
    /// moved past it.
    func skipRow() {
        slotRows[rawSlot] = -1
        repeatingRows = 0
        repeatsRowAbove = false
        row += 1
    }
}
