/// Rows of ``RunRowKind`` shape gathered into one deflate block with a Huffman code
/// built from their own symbol counts, or deflate's fixed code when that is smaller (``BlockHeader``).
///
/// Each row is coded as literals for its filter type and one pixel (the colour for
/// ``RunRowKind/solid``, the difference for a step), then the rest of the row as copies of
/// length 258 and one shorter copy (or up to two literals). Zero runs copy at distance 1, after
/// a literal 0 when the byte before is not 0; the differences of an Up-filtered step
/// (``RunRowKind/upStep``) copy at distance `bytesPerPixel`. Two choices are made per block,
/// each by the block's symbol counts: consecutive repeated rows are coded row by row or together
/// as a ``RepeatedRowSegment``, and steps are Up- or Paeth-filtered (``RunRowKind/paethStep``,
/// whose zeros share distance 1 with the repeated rows). The bytes of the run are never touched
/// one by one.
///
/// On the first 60 uiGradients presets as 1170×2532 vertical gradients without dither (a step
/// every 9 rows or so), Paeth steps take the bytes from 1.007× Pillow's `optimize=True` (median)
/// to 0.97×; on a 1920×1080 red-to-blue one (a step every other row) they would cost 2.3 %, so
/// that block keeps Up steps.
struct RunRowBlock {
    private let bytesPerPixel: Int
    /// Rows kept before the block must be written: at most 64 KiB of records and about
    /// 64 Ki symbols, so memory stays proportional to the row width, never to the image.
    private let maximumRowCount: Int
    /// One record per row: the kind, then `bytesPerPixel` bytes (colour, difference or zeros).
    private var records: [UInt8]
    private(set) var rowCount = 0
    private var literalLengthCounts = [Int](repeating: 0, count: 286)
    private var distanceCounts = [Int](repeating: 0, count: 30)
    private let repeatedRun: ByteRun
    private let solidRun: ByteRun
    private let solidRunAfterZero: ByteRun
    private let stepRun: ByteRun
    private let pixelDistance: DeflateDistanceCode
    /// Filtered bytes per row, the distance of a copy from the row above.
    private let rowLength: Int
    private let rowDistance: DeflateDistanceCode
    /// Repeated rows at the end of the block, counted in ``segmentCounts`` only once the run ends.
    private var openRepeatedRowCount = 0
    /// The symbols of the repeated rows coded row by row, and coded as segments.
    private var rowByRowCounts = SymbolCounts()
    private var segmentCounts = SymbolCounts()
    /// The symbols of the steps, Up-filtered and Paeth-filtered.
    private var upStepCounts = SymbolCounts()
    private var paethStepCounts = SymbolCounts()
    /// Step rows among the rows: without any, the two filters for steps code the block alike.
    private var stepRowCount = 0
    /// Consecutive repeated rows needed for a ``RepeatedRowSegment``.
    static let minimumSegmentRows = 2

    init(format: PNGImageFormat) {
        bytesPerPixel = format.bytesPerPixel
        let symbolsPerRow = format.bytesPerRow / DeflateLimits.maximumCopyLength + bytesPerPixel + 6
        maximumRowCount = max(1, min(65536 / (1 + bytesPerPixel), 65536 / symbolsPerRow))
        records = []
        records.reserveCapacity(maximumRowCount * (1 + bytesPerPixel))
        let bytesAfterPixel = format.bytesPerRow - bytesPerPixel
        repeatedRun = ByteRun(zeroCount: format.bytesPerRow, previousByteIsZero: false)
        solidRun = ByteRun(zeroCount: bytesAfterPixel, previousByteIsZero: false)
        solidRunAfterZero = ByteRun(zeroCount: bytesAfterPixel, previousByteIsZero: true)
        stepRun = ByteRun(copyCount: bytesAfterPixel)
        pixelDistance = DeflateDistanceCode(distance: bytesPerPixel)
        rowLength = format.bytesPerRow + 1
        rowDistance = DeflateDistanceCode(distance: min(rowLength, SlidingWindow.size))
    }

    var isEmpty: Bool { rowCount == 0 }
    var isFull: Bool { rowCount >= maximumRowCount }

    /// Adds a row; `pixel` holds `bytesPerPixel` bytes (the colour for ``RunRowKind/solid``,
    /// the difference for ``RunRowKind/step``, ignored for ``RunRowKind/repeated``). Steps must be
    /// ``RunRowKind/step``: the block chooses their filter.
    mutating func append(_ kind: RunRowKind, pixel: UnsafePointer<UInt8>) {
        records.append(kind.rawValue)
        rowCount += 1
        if kind == .repeated {
            records.append(contentsOf: repeatElement(0, count: bytesPerPixel))
            Self.countRepeatedRows(1, asSegment: false, rowLength: rowLength, run: repeatedRun, into: &rowByRowCounts)
            openRepeatedRowCount += 1
            return
        }
        Self.countRepeatedRows(
            openRepeatedRowCount, asSegment: isSegment(openRepeatedRowCount), rowLength: rowLength, run: repeatedRun,
            into: &segmentCounts)
        openRepeatedRowCount = 0
        let pixelBytes = UnsafeBufferPointer(start: pixel, count: bytesPerPixel)
        records.append(contentsOf: pixelBytes)
        switch kind {
        case .solid:
            literalLengthCounts[Int(kind.filterType)] += 1
            pixelBytes.forEach { literalLengthCounts[Int($0)] += 1 }
            count(zeroRun(after: pixel), distance: 0)
        case .step:
            stepRowCount += 1
            upStepCounts.addLiteral(RunRowKind.upStep.filterType)
            paethStepCounts.addLiteral(RunRowKind.paethStep.filterType)
            for byte in pixelBytes {
                upStepCounts.addLiteral(byte)
                paethStepCounts.addLiteral(byte)
            }
            Self.countCopies(stepRun, distance: pixelDistance, into: &upStepCounts)
            for index in 0..<stepRun.trailingLiteralCount {
                upStepCounts.addLiteral(pixel[(stepRun.copiedCount + index) % bytesPerPixel])
            }
            Self.countCopies(zeroRun(after: pixel), distance: DeflateDistanceCode(distance: 1), into: &paethStepCounts)
        case .repeated, .upStep, .paethStep:
            preconditionFailure("\(kind) is not appended: repeated rows are counted above, steps as .step")
        }
    }

    /// The zeros after a solid row's colour or a Paeth step's difference.
    private func zeroRun(after pixel: UnsafePointer<UInt8>) -> ByteRun {
        pixel[bytesPerPixel - 1] == 0 ? solidRunAfterZero : solidRun
    }

    private static func countCopies(_ run: ByteRun, distance: DeflateDistanceCode, into counts: inout SymbolCounts) {
        if run.kind == .zeros {
            counts.addLiteral(0, count: run.literalZeroCount)
        }
        counts.addCopy(DeflateLengthCode(length: DeflateLimits.maximumCopyLength), distance, count: run.fullMatchCount)
        if let tail = run.tailMatch {
            counts.addCopy(tail, distance)
        }
    }

    /// Whether `rowCount` consecutive repeated rows are coded as one ``RepeatedRowSegment`` when the block codes
    /// its repeated rows as segments.
    private func isSegment(_ rowCount: Int) -> Bool {
        rowCount >= Self.minimumSegmentRows && RepeatedRowSegment.isApplicable(rowLength: rowLength)
    }

    /// Adds the symbols of `rowCount` consecutive repeated rows, one segment or row by row (each row a literal 2
    /// and `run`), to `counts`.
    private static func countRepeatedRows(
        _ rowCount: Int, asSegment: Bool, rowLength: Int, run: ByteRun, into counts: inout SymbolCounts
    ) {
        guard rowCount > 0 else { return }
        guard asSegment else {
            counts.addLiteral(RunRowKind.repeated.filterType, count: rowCount)
            counts.addLiteral(0, count: run.literalZeroCount * rowCount)
            let nearest = DeflateDistanceCode(distance: 1)
            counts.addCopy(
                DeflateLengthCode(length: DeflateLimits.maximumCopyLength), nearest,
                count: run.fullMatchCount * rowCount)
            if let tail = run.tailMatch {
                counts.addCopy(tail, nearest, count: rowCount)
            }
            return
        }
        let nearest = DeflateDistanceCode(distance: 1)
        let rowAbove = DeflateDistanceCode(distance: rowLength)
        RepeatedRowSegment.forEachSymbol(rowCount: rowCount, rowLength: rowLength) { symbol in
            switch symbol {
            case .literal(let byte):
                counts.addLiteral(byte)
            case .copy(let length, let fromRowAbove):
                counts.addCopy(DeflateLengthCode(length: length), fromRowAbove ? rowAbove : nearest)
            }
        }
    }

    private mutating func count(_ run: ByteRun, distance: Int) {
        Self.count(run, distance: distance, literals: &literalLengthCounts, distances: &distanceCounts)
    }

    private static func count(_ run: ByteRun, distance: Int, literals: inout [Int], distances: inout [Int]) {
        if run.kind == .zeros {
            literals[0] += run.literalZeroCount
        }
        literals[285] += run.fullMatchCount
        distances[distance] += run.fullMatchCount
        if let tail = run.tailMatch {
            literals[tail.symbol] += 1
            distances[distance] += 1
        }
    }

    /// Forgets every row.
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        rowCount = 0
        openRepeatedRowCount = 0
        rowByRowCounts.removeAll()
        segmentCounts.removeAll()
        upStepCounts.removeAll()
        paethStepCounts.removeAll()
        stepRowCount = 0
        for index in literalLengthCounts.indices {
            literalLengthCounts[index] = 0
        }
        for index in distanceCounts.indices {
            distanceCounts[index] = 0
        }
    }

    /// An upper bound on the bytes ``encode(into:)`` writes.
    var maximumEncodedByteCount: Int {
        let bitsPerRow = (2 + bytesPerPixel + 3) * 15 + (repeatedRun.fullMatchCount + 3) * 48
        return (rowCount * bitsPerRow) / 8 + 1024
    }

    /// Writes one non-final Huffman block (``BlockHeader``) holding every row; returns the filter chosen for its steps,
    /// ``RunRowKind/upStep`` or ``RunRowKind/paethStep``.
    func encode(into writer: inout DeflateBitWriter) -> RunRowKind {
        var segments = segmentCounts
        Self.countRepeatedRows(
            openRepeatedRowCount, asSegment: isSegment(openRepeatedRowCount), rowLength: rowLength, run: repeatedRun,
            into: &segments)
        let base = (literalLengths: literalLengthCounts, distances: distanceCounts)
        var best: (bits: Int, usesSegments: Bool, steps: RunRowKind)?
        for usesSegments in [false, true]
        where !usesSegments || segments.literalLengths != rowByRowCounts.literalLengths {
            for steps in stepRowCount > 0 ? [RunRowKind.upStep, .paethStep] : [.upStep] {
                let counts = (usesSegments ? segments : rowByRowCounts).adding(
                    steps == .upStep ? upStepCounts : paethStepCounts)
                let bits = counts.codedBits(after: base)
                if best == nil || bits < best!.bits {
                    best = (bits, usesSegments, steps)
                }
            }
        }
        let (usesSegments, stepKind) = (best!.usesSegments, best!.steps)
        let counts = (usesSegments ? segments : rowByRowCounts).adding(
            stepKind == .upStep ? upStepCounts : paethStepCounts
        ).added(to: base)
        let (literals, distances) = BlockHeader.begin(
            literalLengthCounts: counts.literalLengths, distanceCounts: counts.distances, into: &writer)
        let coder = RunRowCoder(
            literals: literals, distances: distances, pixelDistance: pixelDistance, rowDistance: rowDistance,
            bytesPerPixel: bytesPerPixel)
        records.withUnsafeBufferPointer { records in
            let stride = 1 + bytesPerPixel
            var row = 0
            while row < rowCount {
                let record = records.baseAddress! + row * stride
                let pixel = record + 1
                row += 1
                switch RunRowKind(rawValue: record.pointee)! {
                case .repeated:
                    var repeatedCount = 1
                    while row < rowCount, records[row * stride] == RunRowKind.repeated.rawValue {
                        repeatedCount += 1
                        row += 1
                    }
                    if usesSegments && isSegment(repeatedCount) {
                        RepeatedRowSegment.forEachSymbol(rowCount: repeatedCount, rowLength: rowLength) { symbol in
                            coder.write(symbol, into: &writer)
                        }
                    } else {
                        for _ in 0..<repeatedCount {
                            coder.writeLiteral(2, into: &writer)
                            coder.writeZeros(repeatedRun, into: &writer)
                        }
                    }
                case .step where stepKind == .upStep:
                    coder.writeLiteral(Int(RunRowKind.upStep.filterType), into: &writer)
                    coder.writeLiterals(pixel, count: bytesPerPixel, into: &writer)
                    coder.writeCopies(stepRun, pattern: pixel, into: &writer)
                case .solid, .step:
                    let kind = RunRowKind(rawValue: record.pointee)!.resolved(steps: stepKind)
                    coder.writeLiteral(Int(kind.filterType), into: &writer)
                    coder.writeLiterals(pixel, count: bytesPerPixel, into: &writer)
                    coder.writeZeros(zeroRun(after: pixel), into: &writer)
                case .upStep, .paethStep:
                    preconditionFailure("a block records steps unresolved")
                }
            }
        }
        coder.writeLiteral(256, into: &writer)
        return stepKind
    }

    /// Calls `body` with each row's kind, its steps given the filter `stepKind` chosen by ``encode(into:)``, and
    /// its pixel, in order.
    func forEachRow(steps stepKind: RunRowKind, _ body: (RunRowKind, UnsafePointer<UInt8>) -> Void) {
        records.withUnsafeBufferPointer { records in
            let stride = 1 + bytesPerPixel
            for row in 0..<rowCount {
                let record = records.baseAddress! + row * stride
                body(RunRowKind(rawValue: record.pointee)!.resolved(steps: stepKind), record + 1)
            }
        }
    }
}
