import Glibc

/// Codes rows that are neither repeated nor solid: Sub filter, then either ``RowMatcher``
/// copies in a ``TokenBlock`` or zlib, whichever the matcher judges right for the row.
final class GeneralRowCoder {
    /// Changes between token and zlib coding after which the matcher is switched off for
    /// the image: each change back to zlib costs a dictionary reload of up to 32 KiB.
    static let maximumCoderChanges = 32
    /// While rows are token-coded, the next row may cost this many times the matcher's budget
    /// before zlib takes over. On synthetic 45° rows 2 was fastest (4.6 ms, 50.3 KB), but on the
    /// rasterizer's own 1080p 45° gradient, whose exact ties at rounding boundaries leave a few
    /// differing pixels in every row, 2 gives 80.9 KB (14.9 ms) and 1 gives 64.5 KB (28.6 ms):
    /// 1 keeps the output no larger than libpng's defaults (65.3 KB).
    static let stayingBudgetFactor = 1

    private let rowLength: Int
    private let bytesPerPixel: Int
    /// The previous filtered row, then the current one, contiguous so copies can span both.
    private let filteredRows: UnsafeMutablePointer<UInt8>
    /// True when the first half of `filteredRows` holds the stream's latest row (general or run).
    private var isPreviousRowGeneral = false
    private var matcher: RowMatcher
    private var tokenBlock = TokenBlock()
    /// A run row coded since the last general row, whose filtered bytes are not yet in `filteredRows`.
    private var pendingRunRow: RunRowKind?
    private let pendingRunPixel: UnsafeMutablePointer<UInt8>
    private var lastRowUsedTokens: Bool?
    private var coderChanges = 0
    /// Rows to leave to zlib before trying the matcher again; doubles after each refusal
    /// (up to ``maximumBackoff``) so images the matcher cannot describe pay almost nothing.
    private var rowsUntilRetry = 0
    private var backoff = 1
    static let maximumBackoff = 64

    init(format: PNGImageFormat) {
        rowLength = format.bytesPerRow + 1
        bytesPerPixel = format.bytesPerPixel
        filteredRows = .allocate(capacity: 2 * rowLength)
        pendingRunPixel = .allocate(capacity: format.bytesPerPixel)
        matcher = RowMatcher(format: format)
    }

    deinit {
        filteredRows.deallocate()
        pendingRunPixel.deallocate()
    }

    /// Codes `row` (raw pixels). Any pending run rows must already be written.
    func encode(_ row: UnsafePointer<UInt8>, into stream: IDATStream) throws(PNGError) {
        materializePendingRunRow()
        let current = filteredRows + rowLength
        RowFilter.sub(row, count: rowLength - 1, bytesPerPixel: bytesPerPixel, output: current)
        let currentBytes = UnsafeRawBufferPointer(start: current, count: rowLength)
        let period = RowMatcher.ditherPeriod * bytesPerPixel
        let isPeriodic = rowLength - 1 > period && memcmp(row, row + period, rowLength - 1 - period) == 0
        let usesTokens =
            isPreviousRowGeneral
            && (isPeriodic
                ? matcher.match(filteredRows, budgetFactor: 1, periodic: true)
                : coderChanges < Self.maximumCoderChanges && tryMatcher())
        if usesTokens {
            if tokenBlock.isFull(adding: matcher.tokens.count) {
                try flush(into: stream)
            }
            try stream.noteTokenRow(currentBytes)
            tokenBlock.append(matcher.tokens)
        } else {
            try flush(into: stream)
            try stream.writeGeneralRow(currentBytes)
        }
        if let last = lastRowUsedTokens, last != usesTokens {
            coderChanges += 1
        }
        lastRowUsedTokens = usesTokens
        filteredRows.update(from: current, count: rowLength)
        isPreviousRowGeneral = true
    }

    private func tryMatcher() -> Bool {
        if rowsUntilRetry > 0 {
            rowsUntilRetry -= 1
            return false
        }
        let factor = lastRowUsedTokens == true ? Self.stayingBudgetFactor : 1
        if matcher.match(filteredRows, budgetFactor: factor) {
            backoff = 1
            return true
        }
        rowsUntilRetry = backoff
        backoff = min(backoff * 2, Self.maximumBackoff)
        return false
    }

    /// Notes that a run row now precedes the next general row. Its filtered bytes are rebuilt as
    /// the previous row only if a general row follows, so that the matcher can still copy from
    /// it (a dithered vertical gradient mixes solid and dithered rows; without this every solid
    /// row would send the next row to zlib). `pixel` is the row's pixel, or for
    /// ``RunRowKind/solidStep`` its step.
    func rowCodedElsewhere(_ kind: RunRowKind, pixel: UnsafePointer<UInt8>) {
        pendingRunRow = kind
        pendingRunPixel.update(from: pixel, count: bytesPerPixel)
        isPreviousRowGeneral = true
    }

    /// Writes the filtered form of the pending run row into the first half of `filteredRows`.
    private func materializePendingRunRow() {
        guard let kind = pendingRunRow else { return }
        pendingRunRow = nil
        filteredRows[0] = kind.filterType
        let body = filteredRows + 1
        let count = rowLength - 1
        switch kind {
        case .repeated:
            body.update(repeating: 0, count: count)
        case .solid:
            body.update(from: pendingRunPixel, count: bytesPerPixel)
            (body + bytesPerPixel).update(repeating: 0, count: count - bytesPerPixel)
        case .solidStep:
            for offset in stride(from: 0, to: count, by: bytesPerPixel) {
                (body + offset).update(from: pendingRunPixel, count: bytesPerPixel)
            }
        }
    }

    /// Whether token-coded rows are waiting to be written: the encoder is inside a run of copy-coded rows.
    var hasPendingTokens: Bool { !tokenBlock.isEmpty }

    /// Writes any pending token rows.
    func flush(into stream: IDATStream) throws(PNGError) {
        guard !tokenBlock.isEmpty else { return }
        try stream.writeTokenBlock(tokenBlock)
        tokenBlock.removeAll()
    }
}
