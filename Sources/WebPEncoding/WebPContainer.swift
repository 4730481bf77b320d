/// Rewrites libwebp's simple lossless file (`RIFF`, `WEBP`, one `VP8L` chunk) as the extended format with an
/// embedded colour profile: `VP8X` (the ICC flag, the alpha flag when the bitstream uses alpha, the canvas size),
/// `ICCP`, then the `VP8L` chunk unchanged.
enum WebPContainer {
    /// `simple` with `profile` embedded, or nil when `simple` is not a simple lossless WebP.
    static func embedding(profile: [UInt8], in simple: [UInt8]) -> [UInt8]? {
        guard simple.count >= 21, Array(simple[0..<4]) == Array("RIFF".utf8),
            Array(simple[8..<12]) == Array("WEBP".utf8),
            Array(simple[12..<16]) == Array("VP8L".utf8), simple[20] == 0x2F, simple.count >= 25
        else { return nil }
        let bitstreamHeader = simple[21..<25].enumerated().reduce(UInt32(0)) {
            $0 | UInt32($1.element) << (8 * $1.offset)
        }
        let width = Int(bitstreamHeader & 0x3FFF) + 1
        let height = Int(bitstreamHeader >> 14 & 0x3FFF) + 1
        let usesAlpha = bitstreamHeader >> 28 & 1 == 1
        let flags: UInt8 = 0x20 | (usesAlpha ? 0x10 : 0)
        let extendedHeader = [flags, 0, 0, 0] + littleEndian24(width - 1) + littleEndian24(height - 1)
        let chunks = chunk("VP8X", extendedHeader) + chunk("ICCP", profile) + Array(simple[12...])
        return Array("RIFF".utf8) + littleEndian32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    /// A RIFF chunk: its fourCC, its size and its data, padded to an even length.
    private static func chunk(_ fourCC: String, _ data: [UInt8]) -> [UInt8] {
        Array(fourCC.utf8) + littleEndian32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    private static func littleEndian32(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func littleEndian24(_ value: Int) -> [UInt8] {
        (0..<3).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
