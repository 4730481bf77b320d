/// The latest filtered rows of the stream, contiguous and in order, followed by room for the row being coded, so a
/// matcher can copy from up to ``depth`` rows back (as far as deflate's 32 KiB window reaches) with plain pointer
/// arithmetic.
///
/// Rows coded as runs (``RunRowKind``) are only recorded; their bytes are written out when a general row next needs
/// them as history, so long runs of solid or repeated rows cost nothing here. Memory is a few rows: O(width).
final class FilteredRowHistory {
    /// Rows kept behind the current one: up to eight (one period of the 8×8 dither tile) while they fit in deflate's
    /// window; none when a single row is longer than the window.
    let depth: Int
    let rowLength: Int
    private let bytesPerPixel: Int
    /// Room for `4 × (depth + 1)` rows; history slides back to the start when the current row would not fit (after
    /// every `3 × (depth + 1)` rows: the bytes moved are a third of the rows'; with room for twice the rows they
    /// equalled them, 1 % of a dithered radial 1080p frame's instructions).
    private let storage: UnsafeMutablePointer<UInt8>
    private let capacityRows: Int
    /// Index (in rows) of the current row's slot.
    private var currentSlot = 0
    /// Rows of real history before the current slot.
    private(set) var rowCount = 0
    /// Rows of the stream before the current one, whether kept, coded as runs or slid out of the history.
    private var streamRowCount = 0
    /// Run rows recorded since the last general row, oldest first: at most ``depth`` kinds, and their pixels
    /// (`bytesPerPixel` each) in ``pendingPixels``.
    private var pendingKinds: [RunRowKind] = []
    private let pendingPixels: UnsafeMutablePointer<UInt8>
    /// The anchors of the rows in the history, once ``indexAnchors()`` asked for them.
    private(set) var anchors: AnchorIndex?

    init(format: PNGImageFormat) {
        rowLength = format.bytesPerRow + 1
        bytesPerPixel = format.bytesPerPixel
        depth = min(8, SlidingWindow.size / rowLength)
        capacityRows = 4 * (depth + 1)
        storage = .allocate(capacity: capacityRows * rowLength)
        pendingKinds.reserveCapacity(depth)
        pendingPixels = .allocate(capacity: max(1, depth) * bytesPerPixel)
    }

    deinit {
        storage.deallocate()
        pendingPixels.deallocate()
    }

    /// Where the row being coded goes; the history precedes it.
    var current: UnsafeMutablePointer<UInt8> { storage + currentSlot * rowLength }

    /// Bytes of history directly before ``current``.
    var historyByteCount: Int { rowCount * rowLength }

    /// The position of ``current`` in the filtered stream, once pending runs are materialized.
    var currentStreamOffset: Int { streamRowCount * rowLength }

    /// Makes the row at ``current`` part of the history and opens a slot for the next one.
    func commitCurrent() {
        streamRowCount += 1
        keepCurrent(streamOffset: currentStreamOffset - rowLength)
    }

    /// Makes the row at ``current``, at `streamOffset` in the stream, part of the history.
    private func keepCurrent(streamOffset: Int) {
        anchors?.insert(current, length: rowLength, streamOffset: streamOffset)
        rowCount = min(rowCount + 1, depth)
        advance()
    }

    /// Stops keeping anchors (``indexAnchors()`` starts again from the rows then in the history).
    func dropAnchors() {
        anchors = nil
    }

    /// Keeps an ``AnchorIndex`` of the history's rows from now on, starting with those already in it.
    func indexAnchors() {
        guard anchors == nil else { return }
        let index = AnchorIndex(streamOffset: currentStreamOffset - rowCount * rowLength)
        for back in stride(from: rowCount, to: 0, by: -1) {
            index.insert(
                current - back * rowLength, length: rowLength, streamOffset: currentStreamOffset - back * rowLength)
        }
        anchors = index
    }

    /// Records a row coded as a run; its filtered bytes are produced by ``materializePendingRuns()`` when needed.
    /// `pixel` is the row's pixel, or for a step its difference.
    func recordRun(_ kind: RunRowKind, pixel: UnsafePointer<UInt8>) {
        streamRowCount += 1
        guard depth > 0 else { return }
        if pendingKinds.count == depth {
            pendingKinds.removeFirst()
            pendingPixels.update(from: pendingPixels + bytesPerPixel, count: (depth - 1) * bytesPerPixel)
        }
        (pendingPixels + pendingKinds.count * bytesPerPixel).update(from: pixel, count: bytesPerPixel)
        pendingKinds.append(kind)
    }

    /// Gives the ``RunRowKind/step`` rows recorded so far the filter their block chose, `stepKind`.
    func resolvePendingSteps(as stepKind: RunRowKind) {
        for index in pendingKinds.indices {
            pendingKinds[index] = pendingKinds[index].resolved(steps: stepKind)
        }
    }

    /// Writes the recorded run rows into the history, so that the next row can copy from them.
    func materializePendingRuns() {
        guard !pendingKinds.isEmpty else { return }
        for (index, kind) in pendingKinds.enumerated() {
            let pixel = pendingPixels + index * bytesPerPixel
            let row = current
            row[0] = kind.filterType
            let body = row + 1
            let count = rowLength - 1
            switch kind {
            case .repeated:
                body.update(repeating: 0, count: count)
            case .solid, .paethStep:
                body.update(repeating: 0, count: count)
                body.update(from: pixel, count: bytesPerPixel)
            case .upStep:
                for offset in stride(from: 0, to: count, by: bytesPerPixel) {
                    (body + offset).update(from: pixel, count: bytesPerPixel)
                }
            case .step:
                preconditionFailure("step rows are resolved when their block is written")
            }
            keepCurrent(streamOffset: currentStreamOffset - (pendingKinds.count - index) * rowLength)
        }
        pendingKinds.removeAll(keepingCapacity: true)
    }

    private func advance() {
        if currentSlot + 1 < capacityRows {
            currentSlot += 1
            return
        }
        let kept = rowCount * rowLength
        storage.update(from: storage + (currentSlot + 1) * rowLength - kept, count: kept)
        currentSlot = rowCount
    }
}
