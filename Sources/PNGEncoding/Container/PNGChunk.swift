import CZlib

/// An ancillary chunk written right after IHDR, before PLTE and IDAT (where PNG puts colour-space chunks such as
/// `cICP` and `iCCP`).
public struct PNGChunk: Sendable, Hashable {
    /// The chunk type, four ASCII letters.
    public let type: String
    /// The chunk's data.
    public let data: [UInt8]

    /// A chunk of `type` (four ASCII letters) holding `data`.
    public init(type: String, data: [UInt8]) {
        precondition(type.utf8.count == 4 && type.utf8.allSatisfy { (65...90).contains($0) || (97...122).contains($0) })
        self.type = type
        self.data = data
    }

    /// `cICP` (PNG Third Edition): colour primaries, transfer function, matrix coefficients (0, RGB) and full range.
    public static func codingIndependentCodePoints(primaries: UInt8, transfer: UInt8) -> PNGChunk {
        PNGChunk(type: "cICP", data: [primaries, transfer, 0, 1])
    }

    /// `iCCP`: the profile's name, a zero byte, compression method 0 and the profile deflated (zlib level 9).
    public static func embeddedProfile(name: String, profile: [UInt8]) -> PNGChunk {
        var compressedLength = compressBound(uLong(profile.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compress2(&compressed, &compressedLength, profile, uLong(profile.count), 9)
        precondition(status == Z_OK, "zlib compress2 failed on a profile in memory")
        return PNGChunk(type: "iCCP", data: Array(name.utf8) + [0, 0] + compressed.prefix(Int(compressedLength)))
    }

    /// The chunk as written: length, type, data and CRC-32 of type and data.
    public var bytes: [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = UInt32(crc32(0, typed, uInt(typed.count)))
        let length = UInt32(data.count)
        return Self.bigEndian(length) + typed + Self.bigEndian(crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// Passes a PNG's bytes to a sink, inserting chunks after the signature and IHDR (the first 33 bytes every PNG
/// starts with), however the bytes are split into buffers.
final class HeaderChunkSplicer {
    /// Bytes of the signature (8) and IHDR (25).
    static let headerLength = 33
    private let chunkBytes: [UInt8]
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private var passed = 0

    init(chunks: [PNGChunk], sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        chunkBytes = chunks.flatMap(\.bytes)
        self.sink = sink
    }

    func send(_ buffer: UnsafeRawBufferPointer) throws {
        guard passed < Self.headerLength, !chunkBytes.isEmpty else {
            try sink(buffer)
            return
        }
        let headCount = min(buffer.count, Self.headerLength - passed)
        try sink(UnsafeRawBufferPointer(rebasing: buffer[..<headCount]))
        passed += headCount
        guard passed == Self.headerLength else { return }
        try chunkBytes.withUnsafeBytes { try sink($0) }
        if headCount < buffer.count { try sink(UnsafeRawBufferPointer(rebasing: buffer[headCount...])) }
    }
}
