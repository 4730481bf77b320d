/// Collects everything an encoder sends, counting the calls.
final class ByteCollector {
    var bytes: [UInt8] = []
    var callCount = 0

    func sink(_ chunk: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: chunk)
        callCount += 1
    }
}
