/// Filtered rows that are a short prefix followed only by zeros, gathered into one deflate
/// block with a dynamic Huffman code built from their own symbol counts.
///
/// Two row shapes qualify:
/// - a row identical to the previous one, filtered with Up: `[2, 0, 0, …]`;
/// - a row of one solid colour, filtered with Sub: `[1, first pixel, 0, 0, …]`.
///
/// Each row is coded as literals for its prefix, a literal 0 when the prefix does not end in
/// 0, then distance-1 matches of length 258 and one shorter match (or up to two literal zeros)
/// for the rest. Zero bytes are never touched one by one.
struct ZeroRowBlock {
    /// PNG filter type of a row identical to the previous one.
    static let repeatedRowFilter: UInt8 = 2
    /// PNG filter type of a solid-colour row.
    static let solidRowFilter: UInt8 = 1

    private let bytesPerPixel: Int
    /// Rows kept before the block must be written; bounds memory independently of the image.
    private let maximumRowCount: Int
    /// One record per row: the filter type, then `bytesPerPixel` bytes of the first pixel.
    private var records: [UInt8]
    private(set) var rowCount = 0
    private var literalLengthCounts = [Int](repeating: 0, count: 286)
    private var matchCount = 0
    private let repeatedRun: ZeroRun
    private let solidRun: ZeroRun
    private let solidRunAfterZero: ZeroRun

    init(format: PNGImageFormat) {
        bytesPerPixel = format.bytesPerPixel
        maximumRowCount = max(1, 65536 / (1 + bytesPerPixel))
        records = []
        records.reserveCapacity(maximumRowCount * (1 + bytesPerPixel))
        repeatedRun = ZeroRun(zeroCount: format.bytesPerRow, previousByteIsZero: false)
        solidRun = ZeroRun(zeroCount: format.bytesPerRow - bytesPerPixel, previousByteIsZero: false)
        solidRunAfterZero = ZeroRun(zeroCount: format.bytesPerRow - bytesPerPixel, previousByteIsZero: true)
    }

    var isEmpty: Bool { rowCount == 0 }
    var isFull: Bool { rowCount >= maximumRowCount }

    /// Adds a row with `filterType` (Up or Sub); `firstPixel` is read only for Sub rows.
    mutating func append(filterType: UInt8, firstPixel: UnsafeRawPointer) {
        records.append(filterType)
        literalLengthCounts[Int(filterType)] += 1
        let run: ZeroRun
        if filterType == Self.solidRowFilter {
            let pixel = UnsafeRawBufferPointer(start: firstPixel, count: bytesPerPixel)
            records.append(contentsOf: pixel)
            for byte in pixel {
                literalLengthCounts[Int(byte)] += 1
            }
            run = pixel[bytesPerPixel - 1] == 0 ? solidRunAfterZero : solidRun
        } else {
            records.append(contentsOf: repeatElement(0, count: bytesPerPixel))
            run = repeatedRun
        }
        literalLengthCounts[0] += run.literalZeroCount
        literalLengthCounts[285] += run.fullMatchCount
        matchCount += run.fullMatchCount
        if let tail = run.tailMatch {
            literalLengthCounts[tail.symbol] += 1
            matchCount += 1
        }
        rowCount += 1
    }

    /// Forgets every row.
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        rowCount = 0
        for index in literalLengthCounts.indices {
            literalLengthCounts[index] = 0
        }
        matchCount = 0
    }

    /// An upper bound on the bytes ``encode(into:)`` writes.
    var maximumEncodedByteCount: Int {
        let bitsPerRow = (2 + bytesPerPixel + 2) * 15 + (repeatedRun.fullMatchCount + 2) * 35
        return (rowCount * bitsPerRow) / 8 + 1024
    }

    /// Writes one non-final dynamic-Huffman block holding every row.
    func encode(into writer: inout DeflateBitWriter) {
        var counts = literalLengthCounts
        counts[256] = 1
        let literals = HuffmanCode(counts: counts, maxLength: 15)
        var distanceCounts = [Int](repeating: 0, count: 30)
        distanceCounts[0] = matchCount
        let distances = HuffmanCode(counts: distanceCounts, maxLength: 15)
        DynamicBlockHeader.write(literals: literals, distances: distances, into: &writer)

        let literalCodes = literals.codes
        let literalLengths = literals.lengths.map { Int($0) }
        let distanceCode = distances.codes[0]
        let distanceLength = Int(distances.lengths[0])
        let longMatchCode = literalCodes[285] | (distanceCode << UInt32(literalLengths[285]))
        let longMatchLength = literalLengths[285] + distanceLength
        let zeroCode = literalCodes[0]
        let zeroLength = literalLengths[0]

        func writeRun(_ run: ZeroRun, _ writer: inout DeflateBitWriter) {
            if run.hasLeadingLiteral {
                writer.write(zeroCode, count: zeroLength)
            }
            for _ in 0..<run.fullMatchCount {
                writer.write(longMatchCode, count: longMatchLength)
            }
            if let tail = run.tailMatch {
                writer.write(literalCodes[tail.symbol], count: literalLengths[tail.symbol])
                writer.write(tail.extraBits, count: tail.extraBitCount)
                writer.write(distanceCode, count: distanceLength)
            }
            for _ in 0..<run.trailingLiteralCount {
                writer.write(zeroCode, count: zeroLength)
            }
        }

        records.withUnsafeBufferPointer { records in
            let stride = 1 + bytesPerPixel
            for row in 0..<rowCount {
                let record = row * stride
                let filterType = records[record]
                writer.write(literalCodes[Int(filterType)], count: literalLengths[Int(filterType)])
                guard filterType == Self.solidRowFilter else {
                    writeRun(repeatedRun, &writer)
                    continue
                }
                for offset in 1...bytesPerPixel {
                    let byte = Int(records[record + offset])
                    writer.write(literalCodes[byte], count: literalLengths[byte])
                }
                writeRun(records[record + bytesPerPixel] == 0 ? solidRunAfterZero : solidRun, &writer)
            }
        }
        writer.write(literalCodes[256], count: literalLengths[256])
    }
}

/// How a run of zero bytes is coded: optional literal 0 (when the byte before is not 0),
/// matches of length 258 at distance 1, then one shorter match or up to two literal zeros.
struct ZeroRun {
    let hasLeadingLiteral: Bool
    let fullMatchCount: Int
    let tailMatch: DeflateLengthCode?
    let trailingLiteralCount: Int

    init(zeroCount: Int, previousByteIsZero: Bool) {
        var remaining = zeroCount
        hasLeadingLiteral = remaining > 0 && !previousByteIsZero
        if hasLeadingLiteral {
            remaining -= 1
        }
        fullMatchCount = remaining / 258
        remaining %= 258
        tailMatch = remaining >= 3 ? DeflateLengthCode(length: remaining) : nil
        trailingLiteralCount = remaining >= 3 ? 0 : remaining
    }

    var literalZeroCount: Int { (hasLeadingLiteral ? 1 : 0) + trailingLiteralCount }
}
