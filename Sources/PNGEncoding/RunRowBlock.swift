/// Rows of ``RunRowKind`` shape gathered into one deflate block with a dynamic Huffman code
/// built from their own symbol counts.
///
/// Each row is coded as literals for its filter type and one pixel (the colour for
/// ``RunRowKind/solid``, the difference for ``RunRowKind/solidStep``), then the rest of the row
/// as copies of length 258 and one shorter copy (or up to two literals). Zero runs copy at
/// distance 1, after a literal 0 when the byte before is not 0; the differences of a
/// ``RunRowKind/solidStep`` row copy at distance `bytesPerPixel`. The bytes of the run are
/// never touched one by one.
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

    init(format: PNGImageFormat) {
        bytesPerPixel = format.bytesPerPixel
        let symbolsPerRow = format.bytesPerRow / 258 + bytesPerPixel + 6
        maximumRowCount = max(1, min(65536 / (1 + bytesPerPixel), 65536 / symbolsPerRow))
        records = []
        records.reserveCapacity(maximumRowCount * (1 + bytesPerPixel))
        let bytesAfterPixel = format.bytesPerRow - bytesPerPixel
        repeatedRun = ByteRun(zeroCount: format.bytesPerRow, previousByteIsZero: false)
        solidRun = ByteRun(zeroCount: bytesAfterPixel, previousByteIsZero: false)
        solidRunAfterZero = ByteRun(zeroCount: bytesAfterPixel, previousByteIsZero: true)
        stepRun = ByteRun(copyCount: bytesAfterPixel)
        pixelDistance = DeflateDistanceCode(distance: bytesPerPixel)
    }

    var isEmpty: Bool { rowCount == 0 }
    var isFull: Bool { rowCount >= maximumRowCount }

    /// Adds a row; `pixel` holds `bytesPerPixel` bytes (the colour for ``RunRowKind/solid``,
    /// the difference for ``RunRowKind/solidStep``, ignored for ``RunRowKind/repeated``).
    mutating func append(_ kind: RunRowKind, pixel: UnsafePointer<UInt8>) {
        records.append(kind.rawValue)
        literalLengthCounts[Int(kind.filterType)] += 1
        let pixelBytes = UnsafeBufferPointer(start: pixel, count: bytesPerPixel)
        switch kind {
        case .repeated:
            records.append(contentsOf: repeatElement(0, count: bytesPerPixel))
            count(repeatedRun, distance: 0)
        case .solid:
            records.append(contentsOf: pixelBytes)
            pixelBytes.forEach { literalLengthCounts[Int($0)] += 1 }
            count(pixel[bytesPerPixel - 1] == 0 ? solidRunAfterZero : solidRun, distance: 0)
        case .solidStep:
            records.append(contentsOf: pixelBytes)
            pixelBytes.forEach { literalLengthCounts[Int($0)] += 1 }
            count(stepRun, distance: pixelDistance.symbol)
            for index in 0..<stepRun.trailingLiteralCount {
                literalLengthCounts[Int(pixel[(stepRun.copiedCount + index) % bytesPerPixel])] += 1
            }
        }
        rowCount += 1
    }

    private mutating func count(_ run: ByteRun, distance: Int) {
        if run.kind == .zeros {
            literalLengthCounts[0] += run.literalZeroCount
        }
        literalLengthCounts[285] += run.fullMatchCount
        distanceCounts[distance] += run.fullMatchCount
        if let tail = run.tailMatch {
            literalLengthCounts[tail.symbol] += 1
            distanceCounts[distance] += 1
        }
    }

    /// Forgets every row.
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        rowCount = 0
        for index in literalLengthCounts.indices {
            literalLengthCounts[index] = 0
        }
        for index in distanceCounts.indices {
            distanceCounts[index] = 0
        }
    }

    /// An upper bound on the bytes ``encode(into:)`` writes.
    var maximumEncodedByteCount: Int {
        let bitsPerRow = (2 + bytesPerPixel + 3) * 15 + (repeatedRun.fullMatchCount + 2) * 32
        return (rowCount * bitsPerRow) / 8 + 1024
    }

    /// Writes one non-final dynamic-Huffman block holding every row.
    func encode(into writer: inout DeflateBitWriter) {
        let (literals, distances) = DynamicBlockHeader.begin(
            literalLengthCounts: literalLengthCounts, distanceCounts: distanceCounts, into: &writer)
        let coder = RunRowCoder(
            literals: literals, distances: distances, pixelDistance: pixelDistance, bytesPerPixel: bytesPerPixel)
        records.withUnsafeBufferPointer { records in
            let stride = 1 + bytesPerPixel
            for row in 0..<rowCount {
                let record = records.baseAddress! + row * stride
                let pixel = record + 1
                switch RunRowKind(rawValue: record.pointee)! {
                case .repeated:
                    coder.writeLiteral(2, into: &writer)
                    coder.writeZeros(repeatedRun, into: &writer)
                case .solid:
                    coder.writeLiteral(1, into: &writer)
                    coder.writeLiterals(pixel, count: bytesPerPixel, into: &writer)
                    coder.writeZeros(pixel[bytesPerPixel - 1] == 0 ? solidRunAfterZero : solidRun, into: &writer)
                case .solidStep:
                    coder.writeLiteral(2, into: &writer)
                    coder.writeLiterals(pixel, count: bytesPerPixel, into: &writer)
                    coder.writeCopies(stepRun, pattern: pixel, into: &writer)
                }
            }
        }
        coder.writeLiteral(256, into: &writer)
    }
}
