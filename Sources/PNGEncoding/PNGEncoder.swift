#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streams a PNG image row by row, handing encoded bytes to a sink as they are produced.
///
/// Memory use is proportional to the row width, never to the whole frame: a few rows of history, deflate's 32 KiB
/// window and IDAT chunks of 64 KiB, which go to the sink while rows are still arriving. The exception is an image
/// of at most ``PNGEncoderOptions/referencePixelLimit`` pixels, which is held (``HeldImage``): its rows and its
/// PNG stay in memory until ``finish()`` writes the smaller of that PNG and the reference PNG of the same rows
/// (Pillow's `optimize=True` method, ``ReferencePNG``).
///
/// Compression is tuned for gradients, and the deflate stream is mostly built here. Each row is classified by what
/// it is:
/// - identical to the previous row, or one solid colour → ``RunRowBlock``: long copies of zeros or of the colour
///   step (Up- or Paeth-filtered, whichever codes the block smaller), never touching the row's bytes one by one;
/// - a dither period (8 pixels) repeated, as every row of a dithered vertical gradient → ``RowMatcher`` copies,
///   the row unfiltered or Up-filtered, whichever is smaller;
/// - a copy of rows before it, whole or shifted (a dithered horizontal gradient repeats the row 8 above, a dithered
///   135° gradient the row 8 above shifted by 8 pixels, undithered angled gradients the row above shifted) →
///   ``RowMatcher`` copies of the Sub-filtered row, and in rows too long for the window to reach the row a dither
///   period above, copies found through ``AnchorIndex`` where those break off;
/// - a smooth row (almost every filtered byte zero, as undithered rows are) → ``SmoothRowMatcher``: copies aligned on
///   the steps of the rows above, found by visiting the steps only (zlib level 9 for those that open the image);
/// - a flat row (one colour between a few hard edges: hard stops, stripes) → zlib, unfiltered, and up to 16
///   repeated rows after it, so that the stream does not switch coders (each switch ends a deflate block); so too
///   a row of more hard edges (repeating rings) that no copy of the rows above describes;
/// - anything else → ``HashMatcher``, an LZ77 search over hash chains keyed on several bytes, which suits dithered
///   rows: keyed on 8 bytes with long chains for the first ``GeneralRowCoder/leadingSearchBytes`` of such rows (the
///   first dither period of a horizontal or diagonal gradient), on 24 bytes with short chains after (radial and
///   conic gradients), plus second chains keyed on 12 bytes after a row that needed many literals (repeating
///   radial gradients, translucent layers).
///
/// Copies and literals are coded in Huffman blocks (``TokenBlock``, ``BlockHeader``); zlib's output and ours share one
/// stream (``IDATStream``). Each of the 382 uiGradients presets at the five benchmark shapes (the radial backgrounds:
/// the first 40), dithered or not, comes out at most Pillow's `optimize=True` PNG of the same pixels
/// (bench/README.md).
///
/// An image with grain (``PNGEncoderOptions/hasGrain``) that is neither held nor written with a palette skips all of
/// the above: its rows are noise, and it is written by Pillow's method, streamed.
///
/// An encoder that has thrown is unusable: every later call throws ``PNGError/encoderUnusable``.
public final class PNGEncoder {
    /// The layout of the rows given to ``writeRow(_:)``.
    private let inputFormat: PNGImageFormat
    /// The layout of the rows coded: `inputFormat`, or one index a pixel with a palette.
    private let format: PNGImageFormat
    /// Turns input rows into index rows when the image is written with a palette.
    private let paletteMapper: PaletteMapper?
    private let stream: IDATStream
    private var block: RunRowBlock
    /// The previous row while `isPreviousRowStored`; initially zeros, PNG's prior for row 0.
    private let previousRow: UnsafeMutablePointer<UInt8>
    /// False when the previous row was solid: its colour is then in `previousPixel` only.
    private var isPreviousRowStored = true
    private let previousPixel: UnsafeMutablePointer<UInt8>
    /// The byte-wise difference between two successive solid colours.
    private let pixelStep: UnsafeMutablePointer<UInt8>
    private let generalRows: GeneralRowCoder
    /// For a held image (``PNGEncoderOptions/referencePixelLimit``): its own PNG and the reference PNGs of the same
    /// rows, until ``finish()`` sends the smallest to `sink`.
    private let held: HeldImage?
    /// For an image with grain that is streamed without a palette (``PNGEncoderOptions/hasGrain``): every row goes
    /// through it to zlib, Pillow's method, and none to the encoder's own coders.
    private var grainRows: AdaptiveRowFilter?
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private var rowsWritten = 0
    /// Rows that repeated their predecessor while tokens were pending, not yet coded: a run shorter than
    /// ``repeatedRowsBeforeRunBlock`` joins the tokens when it ends, a longer one goes to a run-row block.
    private var deferredRepeatedRows = 0
    /// The shortest run of repeated rows after token rows that a run-row block takes (``encode(_:)``); a shorter one
    /// is coded among the tokens. On 382 dithered 1170×2532 vertical splashes, whose solid rows repeat in twos and
    /// threes where the ramp crosses a whole value, 16 takes the bytes to 0.999× (median) and 0.78× (best) of a
    /// second repeated row starting a run, whose two extra block headers per run then cost more than its cheaper
    /// rows saved.
    static let repeatedRowsBeforeRunBlock = 16
    private var isUsable = true

    /// Starts an image and sends its signature and IHDR to `sink`.
    ///
    /// - Parameters:
    ///   - format: The shape of the rows given to ``writeRow(_:)``: RGB or RGBA. Bit depth must be 8 or 16; width
    ///     and height must fit in 32 bits. libpng rejects zero and values above 2³¹ − 1 with
    ///     ``PNGError/libpng(message:)``.
    ///   - palette: When given, the image is written with indexed colour, one byte a pixel, these colours in PLTE
    ///     (and their alpha in tRNS). Needs 8-bit rows of as many samples a pixel as the palette has a colour;
    ///     every pixel must be one of its colours (``PNGPaletteCensus`` finds them).
    ///   - options: What the caller knows about the rows (``PNGEncoderOptions``).
    ///   - ancillaryChunks: Chunks written right after IHDR, such as the colour space's `cICP` and `iCCP`.
    ///   - sink: Receives encoded bytes in order; the buffer is valid only during the call.
    ///     If it throws, the encoder throws ``PNGError/sinkFailed(message:)``.
    public convenience init(
        format: PNGImageFormat, palette: PNGPalette? = nil, options: PNGEncoderOptions = PNGEncoderOptions(),
        ancillaryChunks: [PNGChunk] = [], sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws(PNGError) {
        try self.init(
            format: format, palette: palette, options: options, ancillaryChunks: ancillaryChunks,
            replaysPeriodRows: true, sink: sink)
    }

    /// ``init(format:palette:options:sink:)``, with ``PeriodRowReplay`` off when `replaysPeriodRows` is false: the
    /// same bytes, every row matched.
    init(
        format: PNGImageFormat, palette: PNGPalette?, options: PNGEncoderOptions = PNGEncoderOptions(),
        ancillaryChunks: [PNGChunk] = [], replaysPeriodRows: Bool,
        sink givenSink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws(PNGError) {
        let sink =
            ancillaryChunks.isEmpty ? givenSink : HeaderChunkSplicer(chunks: ancillaryChunks, sink: givenSink).send
        guard format.bitDepth == 8 || format.bitDepth == 16 else {
            throw .invalidFormat(reason: "bit depth \(format.bitDepth) is not 8 or 16")
        }
        guard format.colorType != .indexed else {
            throw .invalidFormat(reason: "rows are RGB or RGBA; indexed colour is written from them with a palette")
        }
        guard (0...Int(UInt32.max)).contains(format.width), (0...Int(UInt32.max)).contains(format.height) else {
            throw .invalidFormat(reason: "dimensions \(format.width)×\(format.height) do not fit in 32 bits")
        }
        inputFormat = format
        if let palette {
            guard format.bitDepth == 8, palette.bytesPerColor == format.bytesPerPixel else {
                throw .invalidFormat(
                    reason: "a palette of \(palette.bytesPerColor)-byte colours needs 8-bit rows of as many samples")
            }
            self.format = PNGImageFormat(width: format.width, height: format.height, colorType: .indexed)
            paletteMapper = PaletteMapper(palette: palette, width: format.width)
        } else {
            self.format = format
            paletteMapper = nil
        }
        let format = self.format
        self.sink = sink
        let (pixelCount, overflows) = inputFormat.height.multipliedReportingOverflow(by: inputFormat.width)
        if !overflows && pixelCount <= options.referencePixelLimit {
            let held = HeldImage(format: inputFormat, byteCount: inputFormat.height * (1 + inputFormat.bytesPerRow))
            self.held = held
            stream = try IDATStream(format: format, palette: palette, tuning: .gradient) { held.own.append($0) }
        } else {
            held = nil
            let streamsPillowMethod = options.hasGrain && palette == nil
            stream = try IDATStream(
                format: format, palette: palette, tuning: streamsPillowMethod ? .pillow : .gradient, sink: sink)
            grainRows = streamsPillowMethod ? AdaptiveRowFilter(format: format) : nil
        }
        block = RunRowBlock(format: format)
        previousRow = .allocate(capacity: format.bytesPerRow)
        previousRow.initialize(repeating: 0, count: format.bytesPerRow)
        previousPixel = .allocate(capacity: format.bytesPerPixel)
        previousPixel.initialize(repeating: 0, count: format.bytesPerPixel)
        pixelStep = .allocate(capacity: format.bytesPerPixel)
        generalRows = GeneralRowCoder(format: format, replaysPeriodRows: replaysPeriodRows, options: options)
    }

    /// Rows coded by replaying the match of a row some dither periods above (``PeriodRowReplay``).
    var replayedRowCount: Int { generalRows.replayedRowCount }

    deinit {
        previousRow.deallocate()
        previousPixel.deallocate()
        pixelStep.deallocate()
    }

    /// Encodes the next row.
    ///
    /// - Parameter row: `format.bytesPerRow` bytes of raw pixels, samples in R, G, B(, A) order;
    ///   16-bit samples are big-endian, as in the PNG file.
    /// - Throws: ``PNGError/wrongRowLength(expected:got:)`` for a row of another size,
    ///   ``PNGError/wrongRowCount(expected:got:)`` past the last row,
    ///   ``PNGError/colorOutsidePalette(row:)`` for a colour the palette lacks, and any zlib, libpng or
    ///   sink failure.
    public func writeRow(_ row: UnsafeRawBufferPointer) throws(PNGError) {
        guard isUsable else { throw .encoderUnusable }
        do throws(PNGError) {
            guard row.count == inputFormat.bytesPerRow else {
                throw PNGError.wrongRowLength(expected: inputFormat.bytesPerRow, got: row.count)
            }
            guard rowsWritten < format.height else {
                throw PNGError.wrongRowCount(expected: format.height, got: rowsWritten + 1)
            }
            let samples = row.baseAddress!.assumingMemoryBound(to: UInt8.self)
            held?.writeRow(samples)
            if grainRows != nil {
                try stream.writeGeneralRow(grainRows!.filter(samples))
            } else if let paletteMapper {
                guard let indices = paletteMapper.map(samples, addingColors: false) else {
                    throw PNGError.colorOutsidePalette(row: rowsWritten)
                }
                try encode(indices)
            } else {
                try encode(samples)
            }
            rowsWritten += 1
        } catch {
            isUsable = false
            throw error
        }
    }

    /// Ends the image: sends the rest of IDAT and IEND. The encoder cannot be used afterwards.
    ///
    /// - Throws: ``PNGError/wrongRowCount(expected:got:)`` unless exactly `format.height` rows
    ///   were written, and any zlib, libpng or sink failure.
    public func finish() throws(PNGError) {
        guard isUsable else { throw .encoderUnusable }
        isUsable = false
        guard rowsWritten == format.height else {
            throw .wrongRowCount(expected: format.height, got: rowsWritten)
        }
        try codeDeferredRepeatedRows()
        try writeRunRowBlock()
        try generalRows.flush(into: stream)
        try stream.finish()
        try held?.finish { bytes throws(PNGError) in try send(bytes) }
    }

    /// Hands a held image's chosen bytes to the sink.
    private func send(_ bytes: UnsafeRawBufferPointer) throws(PNGError) {
        do {
            try sink(bytes)
        } catch {
            throw .sinkFailed(message: String(describing: error))
        }
    }

    private func encode(_ row: UnsafePointer<UInt8>) throws(PNGError) {
        let bytesPerRow = format.bytesPerRow
        let bytesPerPixel = format.bytesPerPixel
        let isRepeated = isPreviousRowStored && memcmp(row, previousRow, bytesPerRow) == 0
        if isRepeated && generalRows.keepsRepeatedRowInZlib {
            try generalRows.encodeRepeatedInZlib(into: stream)
            return
        }
        if generalRows.hasPendingTokens {
            // Inside a run of copy-coded rows, a short run of repeated rows is coded there as Up-filtered zeros and a
            // solid row as a few copies: one Huffman block goes on instead of closing it for a run-row block, whose
            // two headers (it and the token block after it) would cost more than its cheaper rows save. Repeated
            // rows wait until their run is known to be short (it ends) or long (it reaches
            // ``repeatedRowsBeforeRunBlock``, and goes on in a run-row block).
            if isRepeated {
                deferredRepeatedRows += 1
                if deferredRepeatedRows == Self.repeatedRowsBeforeRunBlock {
                    for _ in 0..<deferredRepeatedRows {
                        try addRunRow(.repeated, pixel: row, color: nil)
                    }
                    deferredRepeatedRows = 0
                }
                return
            }
            try codeDeferredRepeatedRows()
            try encodeGeneral(row)
            return
        }
        if isRepeated {
            try addRunRow(.repeated, pixel: row, color: nil)
            return
        }
        if memcmp(row, row + bytesPerPixel, bytesPerRow - bytesPerPixel) == 0 {
            if isPreviousRowStored {
                try addRunRow(.solid, pixel: row, color: row)
            } else if memcmp(row, previousPixel, bytesPerPixel) == 0 {
                try addRunRow(.repeated, pixel: row, color: nil)
            } else {
                for index in 0..<bytesPerPixel {
                    pixelStep[index] = row[index] &- previousPixel[index]
                }
                try addRunRow(.step, pixel: pixelStep, color: row)
            }
            previousPixel.update(from: row, count: bytesPerPixel)
            isPreviousRowStored = false
            return
        }
        try encodeGeneral(row)
    }

    /// Codes the repeated rows waiting after token rows among the tokens.
    private func codeDeferredRepeatedRows() throws(PNGError) {
        for _ in 0..<deferredRepeatedRows {
            try generalRows.encodeRepeated(into: stream)
        }
        deferredRepeatedRows = 0
    }

    private func encodeGeneral(_ row: UnsafePointer<UInt8>) throws(PNGError) {
        try writeRunRowBlock()
        try generalRows.encode(row, previousRow: isPreviousRowStored ? UnsafePointer(previousRow) : nil, into: stream)
        previousRow.update(from: row, count: format.bytesPerRow)
        isPreviousRowStored = true
    }

    /// `color` is the row's colour when it is solid, nil when the row repeats the previous one.
    private func addRunRow(
        _ kind: RunRowKind, pixel: UnsafePointer<UInt8>, color: UnsafePointer<UInt8>?
    ) throws(PNGError) {
        try generalRows.flush(into: stream)
        generalRows.rowCodedElsewhere(kind, pixel: pixel, solidColor: color)
        block.append(kind, pixel: pixel)
        try stream.beginRunRow()
        if block.isFull {
            try writeRunRowBlock()
        }
    }

    /// Writes the pending run rows, if any, and tells the row history which filter their steps took.
    private func writeRunRowBlock() throws(PNGError) {
        guard !block.isEmpty else { return }
        let stepKind = try stream.writeRunRowBlock(block, format: format)
        generalRows.resolvePendingSteps(as: stepKind)
        block.removeAll()
    }
}
