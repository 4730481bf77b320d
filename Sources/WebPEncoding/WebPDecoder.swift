import CWebP

/// Decodes WebP files with libwebp, to check what the encoder wrote (tests and benchmarks).
public enum WebPDecoder {
    /// Decodes `bytes` to tightly packed 8-bit RGBA (libwebp's WebPDecodeRGBA; opaque files get alpha 255).
    public static func decode(_ bytes: [UInt8]) throws(WebPEncodingError) -> (width: Int, height: Int, rgba: [UInt8]) {
        var output = cwebp_bytes()
        var width: Int32 = 0
        var height: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            cwebp_decode_rgba($0.baseAddress, $0.count, &width, &height, &output)
        }
        defer { cwebp_free(&output) }
        guard status == 0, let rgba = output.bytes else { throw .decodeFailed }
        return (Int(width), Int(height), [UInt8](UnsafeBufferPointer(start: rgba, count: output.count)))
    }
}
