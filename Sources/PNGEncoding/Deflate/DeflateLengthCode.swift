/// The deflate literal/length symbol for a match length (RFC 1951 section 3.2.5).
struct DeflateLengthCode {
    /// Literal/length alphabet symbol, 257...285.
    let symbol: Int
    /// Number of extra bits following the symbol.
    let extraBitCount: Int
    /// Value of the extra bits.
    let extraBits: UInt32

    /// The code for `length`, which must be in 3...258; 258 uses the dedicated symbol 285. Any other length traps:
    /// its extra bits would overrun their field and corrupt the stream.
    ///
    /// Lengths 3...10 are symbols 257...264; above, with `offset = length − 3`, each further symbol covers
    /// `2^extra` offsets, four symbols per extra bit: the symbol is fixed by `offset`'s bit length and the two bits
    /// after its leading one, and the extra bits are the bits below those.
    @inline(__always)
    init(length: Int) {
        precondition(
            (DeflateLimits.minimumCopyLength...DeflateLimits.maximumCopyLength).contains(length),
            "a deflate copy is 3-258 bytes long")
        if length == DeflateLimits.maximumCopyLength {
            self.symbol = 285
            self.extraBitCount = 0
            self.extraBits = 0
            return
        }
        let offset = length - 3
        guard offset >= 8 else {
            self.symbol = 257 + offset
            self.extraBitCount = 0
            self.extraBits = 0
            return
        }
        let extra = Int.bitWidth - 3 - offset.leadingZeroBitCount
        let top = (offset >> extra) & 3
        self.symbol = 261 + 4 * extra + top
        self.extraBitCount = extra
        self.extraBits = UInt32(offset - ((4 | top) << extra))
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
    @inline(__always)
    init(distance: Int) {
        precondition((1...DeflateLimits.windowSize).contains(distance), "a deflate copy reaches 1-32768 bytes back")
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
