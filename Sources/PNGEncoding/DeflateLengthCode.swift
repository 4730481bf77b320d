/// The deflate literal/length symbol for a match length (RFC 1951 section 3.2.5).
struct DeflateLengthCode {
    /// Literal/length alphabet symbol, 257...285.
    let symbol: Int
    /// Number of extra bits following the symbol.
    let extraBitCount: Int
    /// Value of the extra bits.
    let extraBits: UInt32

    private static let bases: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
    ]

    /// For each length 3...257, the index of the largest base at or below it.
    private static let baseIndices: [UInt8] = (3...257).map { length in
        UInt8(bases.lastIndex { $0 <= length }!)
    }

    /// The code for `length`, which must be in 3...258; 258 uses the dedicated symbol 285. Any other length traps:
    /// its extra bits would overrun their field and corrupt the stream.
    init(length: Int) {
        precondition(length >= 3 && length <= 258, "a deflate copy is 3-258 bytes long")
        if length == 258 {
            self.symbol = 285
            self.extraBitCount = 0
            self.extraBits = 0
            return
        }
        let index = Int(Self.baseIndices[length - 3])
        self.symbol = 257 + index
        self.extraBitCount = index < 8 ? 0 : (index - 4) / 4
        self.extraBits = UInt32(length - Self.bases[index])
    }
}

/// The deflate distance symbol for a distance, 1...32768 (RFC 1951 section 3.2.5).
struct DeflateDistanceCode {
    /// Distance alphabet symbol, 0...29.
    let symbol: Int
    /// Number of extra bits following the symbol.
    let extraBitCount: Int
    /// Value of the extra bits.
    let extraBits: UInt32

    /// The code for `distance`, which must be in 1...32768; any other distance traps (it has no symbol).
    init(distance: Int) {
        precondition(distance >= 1 && distance <= 32768, "a deflate copy reaches 1-32768 bytes back")
        let offset = distance - 1
        guard offset >= 4 else {
            symbol = offset
            extraBitCount = 0
            extraBits = 0
            return
        }
        let highBit = Int.bitWidth - 1 - offset.leadingZeroBitCount
        let secondBit = (offset >> (highBit - 1)) & 1
        symbol = 2 * highBit + secondBit
        extraBitCount = highBit - 1
        extraBits = UInt32(offset - ((2 | secondBit) << (highBit - 1)))
    }
}
