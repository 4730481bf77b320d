/// Writes the symbols of ``RunRowBlock`` rows with a block's Huffman codes.
///
/// The codes come from the block's predicted symbol counts, not from the symbols written: a symbol the prediction
/// missed has no code, and writing it traps rather than writing no bits.
struct RunRowCoder {
    private let literalCodes: [UInt32]
    private let literalLengths: [Int]
    private let zeroCopyCode: UInt32
    private let zeroCopyLength: Int
    private let pixelCopyCode: UInt32
    private let pixelCopyLength: Int
    private let zeroDistanceCode: UInt32
    private let zeroDistanceLength: Int
    private let pixelDistanceCode: UInt32
    private let pixelDistanceLength: Int
    private let rowDistanceCode: UInt32
    private let rowDistanceLength: Int
    /// Whether the copies of zeros, of the pixel and of the row above have codes (length and distance).
    private let hasZeroCopyCode: Bool
    private let hasPixelCopyCode: Bool
    private let hasRowCopyDistance: Bool
    private let bytesPerPixel: Int

    init(
        literals: HuffmanCode, distances: HuffmanCode, pixelDistance: DeflateDistanceCode,
        rowDistance: DeflateDistanceCode, bytesPerPixel: Int
    ) {
        literalCodes = literals.codes
        literalLengths = literals.lengths.map { Int($0) }
        self.bytesPerPixel = bytesPerPixel
        zeroDistanceCode = distances.codes[0]
        zeroDistanceLength = Int(distances.lengths[0])
        let symbol = pixelDistance.symbol
        pixelDistanceCode =
            distances.codes[symbol] | (pixelDistance.extraBits << UInt32(distances.lengths[symbol]))
        pixelDistanceLength = Int(distances.lengths[symbol]) + pixelDistance.extraBitCount
        rowDistanceCode =
            distances.codes[rowDistance.symbol]
            | (rowDistance.extraBits << UInt32(distances.lengths[rowDistance.symbol]))
        rowDistanceLength = Int(distances.lengths[rowDistance.symbol]) + rowDistance.extraBitCount
        zeroCopyCode = literalCodes[285] | (zeroDistanceCode << UInt32(literalLengths[285]))
        zeroCopyLength = literalLengths[285] + zeroDistanceLength
        pixelCopyCode = literalCodes[285] | (pixelDistanceCode << UInt32(literalLengths[285]))
        pixelCopyLength = literalLengths[285] + pixelDistanceLength
        hasZeroCopyCode = distances.lengths[0] > 0
        hasPixelCopyCode = distances.lengths[symbol] > 0
        hasRowCopyDistance = distances.lengths[rowDistance.symbol] > 0
    }

    @inline(__always)
    func writeLiteral(_ symbol: Int, into writer: inout DeflateBitWriter) {
        precondition(literalLengths[symbol] > 0, "a run-row symbol without a code")
        writer.write(literalCodes[symbol], count: literalLengths[symbol])
    }

    func writeLiterals(_ bytes: UnsafePointer<UInt8>, count: Int, into writer: inout DeflateBitWriter) {
        for index in 0..<count {
            writeLiteral(Int(bytes[index]), into: &writer)
        }
    }

    /// A run of zeros: optional literal 0, copies at distance 1, trailing literal zeros.
    func writeZeros(_ run: ByteRun, into writer: inout DeflateBitWriter) {
        if run.hasLeadingLiteral {
            writeLiteral(0, into: &writer)
        }
        precondition(
            (run.fullMatchCount == 0 || literalLengths[285] > 0) && (run.copiedCount == 0 || hasZeroCopyCode),
            "a run-row copy of zeros without a code")
        for _ in 0..<run.fullMatchCount {
            writer.write(zeroCopyCode, count: zeroCopyLength)
        }
        if let tail = run.tailMatch {
            writeLiteral(tail.symbol, into: &writer)
            writer.write(tail.extraBits, count: tail.extraBitCount)
            writer.write(zeroDistanceCode, count: zeroDistanceLength)
        }
        for _ in 0..<run.trailingLiteralCount {
            writeLiteral(0, into: &writer)
        }
    }

    /// A repetition of the `bytesPerPixel`-byte `pattern`: copies at distance `bytesPerPixel`,
    /// then the pattern's continuation as literals when fewer than 3 bytes remain.
    func writeCopies(_ run: ByteRun, pattern: UnsafePointer<UInt8>, into writer: inout DeflateBitWriter) {
        precondition(
            (run.fullMatchCount == 0 || literalLengths[285] > 0) && (run.copiedCount == 0 || hasPixelCopyCode),
            "a run-row copy of the pixel without a code")
        for _ in 0..<run.fullMatchCount {
            writer.write(pixelCopyCode, count: pixelCopyLength)
        }
        if let tail = run.tailMatch {
            writeLiteral(tail.symbol, into: &writer)
            writer.write(tail.extraBits, count: tail.extraBitCount)
            writer.write(pixelDistanceCode, count: pixelDistanceLength)
        }
        for index in 0..<run.trailingLiteralCount {
            writeLiteral(Int(pattern[(run.copiedCount + index) % bytesPerPixel]), into: &writer)
        }
    }

    /// A symbol of a ``RepeatedRowSegment``.
    func write(_ symbol: RepeatedRowSegment.Symbol, into writer: inout DeflateBitWriter) {
        switch symbol {
        case .literal(let byte):
            writeLiteral(Int(byte), into: &writer)
        case .copy(let length, let fromRowAbove):
            let code = DeflateLengthCode(length: length)
            writeLiteral(code.symbol, into: &writer)
            writer.write(code.extraBits, count: code.extraBitCount)
            precondition(fromRowAbove ? hasRowCopyDistance : hasZeroCopyCode, "a run-row copy without a distance code")
            if fromRowAbove {
                writer.write(rowDistanceCode, count: rowDistanceLength)
            } else {
                writer.write(zeroDistanceCode, count: zeroDistanceLength)
            }
        }
    }
}
