/// Codes rows that are neither repeated nor solid: Sub filter, then either ``RowMatcher``
/// copies in a ``TokenBlock`` or zlib, whichever the matcher judges right for the row.
final class GeneralRowCoder {
    /// Changes between token and zlib coding after which the matcher is switched off for
    /// the image: each change back to zlib costs a dictionary reload of up to 32 KiB.
    static let maximumCoderChanges = 32
    /// While rows are token-coded, the next row may cost this many times the matcher's budget
    /// before zlib takes over. Measured on the 1080p 45° gradient: 1 → 7.1 ms, 52.1 KB
    /// (rounding glitches make rows flip between coders); 2 → 4.6 ms, 50.3 KB. On the radial
    /// gradient 2 gives 120.2 KB (118.2 KB with 1); 3 and 4 let poorly matched radial rows
    /// stay (126.7 KB, 183.5 KB).
    static let stayingBudgetFactor = 2

    private let rowLength: Int
    private let bytesPerPixel: Int
    /// The previous filtered row, then the current one, contiguous so copies can span both.
    private let filteredRows: UnsafeMutablePointer<UInt8>
    /// True when the first half of `filteredRows` is the stream's latest row.
    private var isPreviousRowGeneral = false
    private var matcher: RowMatcher
    private var tokenBlock = TokenBlock()
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
        matcher = RowMatcher(format: format)
    }

    deinit {
        filteredRows.deallocate()
    }

    /// Codes `row` (raw pixels). Any pending run rows must already be written.
    func encode(_ row: UnsafePointer<UInt8>, into stream: IDATStream) throws(PNGError) {
        let current = filteredRows + rowLength
        RowFilter.sub(row, count: rowLength - 1, bytesPerPixel: bytesPerPixel, output: current)
        let currentBytes = UnsafeRawBufferPointer(start: current, count: rowLength)
        let usesTokens = isPreviousRowGeneral && coderChanges < Self.maximumCoderChanges && tryMatcher()
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

    /// Notes that a row coded elsewhere now precedes the next general row.
    func rowCodedElsewhere() {
        isPreviousRowGeneral = false
    }

    /// Writes any pending token rows.
    func flush(into stream: IDATStream) throws(PNGError) {
        guard !tokenBlock.isEmpty else { return }
        try stream.writeTokenBlock(tokenBlock)
        tokenBlock.removeAll()
    }
}
