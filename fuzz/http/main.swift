/// libFuzzer target: the HTTP/1.1 request parser fed arbitrary bytes in pieces (the first byte picks the piece
/// size), draining requests until it needs more input or refuses. Every input must end in requests or a typed
/// error; no crash, no hang, no unbounded buffering.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let piece = Int(bytes[0] % 64) + 1
    var parser = HTTPRequestParser(limits: HTTPLimits())
    var offset = 1
    let clock = ContinuousClock()
    while offset < size {
        let end = min(size, offset + piece)
        parser.feed(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[offset..<end]))
        offset = end
        do {
            while try parser.nextRequest(receivedAt: clock.now) != nil {}
        } catch {
            precondition(error.statusCode >= 400 && error.statusCode < 600)
            return 0
        }
    }
    return 0
}
