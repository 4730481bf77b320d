import CAVIF

/// Decodes AVIF files with libavif and dav1d, to check what the encoder wrote (tests and benchmarks).
public enum AVIFDecoder {
    /// Decodes `bytes` to RGB (no alpha plane) or straight-alpha RGBA samples at the file's depth
    /// (0 ... 2^depth − 1), tightly packed, converting YUV with the file's own CICP matrix and range.
    public static func decode(
        _ bytes: [UInt8]
    ) throws(AVIFEncodingError) -> (width: Int, height: Int, depth: Int, channels: Int, samples: [UInt16]) {
        var image = cavif_image()
        var message = [CChar](repeating: 0, count: Int(CAVIF_MESSAGE_CAPACITY))
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer {
                cavif_decode(data.baseAddress, data.count, &image, $0.baseAddress)
            }
        }
        defer { cavif_free_image(&image) }
        guard status == 0, let samples = image.samples else {
            throw .library(
                code: Int(status), detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        let count = Int(image.width) * Int(image.height) * Int(image.channels)
        return (
            Int(image.width), Int(image.height), Int(image.depth), Int(image.channels),
            [UInt16](UnsafeBufferPointer(start: samples, count: count))
        )
    }
}
