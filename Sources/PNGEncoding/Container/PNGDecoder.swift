import CPNG

/// Decodes whole PNG files with libpng; meant for tests and verification, not for serving.
public enum PNGDecoder {
    /// Largest decoded pixel buffer accepted, in bytes (1 GiB).
    public static let maximumDecodedByteCount = 1 << 30

    /// Decodes `bytes`, checking every CRC and the zlib stream's Adler-32.
    ///
    /// - Throws: ``PNGError/libpng(message:)`` for anything libpng rejects (bad signature,
    ///   truncated data, corrupt chunks), ``PNGError/invalidFormat(reason:)`` when the pixels
    ///   would exceed ``maximumDecodedByteCount``.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> DecodedPNG {
        let result: Result<DecodedPNG, PNGError> = bytes.withUnsafeBufferPointer { buffer in
            guard let decoder = cpng_decoder_create(buffer.baseAddress, buffer.count) else {
                return .failure(.outOfMemory(purpose: "libpng reader"))
            }
            defer { cpng_decoder_destroy(decoder) }
            return Result { () throws(PNGError) in try decode(with: decoder) }
        }
        return try result.get()
    }

    private static func decode(with decoder: OpaquePointer) throws(PNGError) -> DecodedPNG {
        var info = cpng_image_info()
        guard cpng_decoder_read_info(decoder, &info) == Int32(CPNG_OK) else {
            throw .libpng(message: String(cString: cpng_decoder_message(decoder)))
        }
        let width = Int(info.width)
        let height = Int(info.height)
        let sampleSize = info.bit_depth == 16 ? 2 : 1
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixelCount <= maximumDecodedByteCount / (4 * sampleSize) else {
            throw .invalidFormat(reason: "\(width)×\(height) pixels exceed the decoding limit")
        }
        let sampleCount = pixelCount * 4
        let rowBytes = width * 4 * sampleSize
        var status = Int32(CPNG_OK)
        let pixels: DecodedPNG.Pixels
        if sampleSize == 2 {
            pixels = .sixteenBit(
                [UInt16](unsafeUninitializedCapacity: sampleCount) { buffer, count in
                    status = cpng_decoder_read_pixels(decoder, buffer.baseAddress, rowBytes)
                    count = sampleCount
                })
        } else {
            pixels = .eightBit(
                [UInt8](unsafeUninitializedCapacity: sampleCount) { buffer, count in
                    status = cpng_decoder_read_pixels(decoder, buffer.baseAddress, rowBytes)
                    count = sampleCount
                })
        }
        guard status == Int32(CPNG_OK) else {
            throw .libpng(message: String(cString: cpng_decoder_message(decoder)))
        }
        return DecodedPNG(
            width: width, height: height, bitDepth: Int(info.bit_depth), colorTypeCode: Int(info.color_type),
            pixels: pixels)
    }
}
