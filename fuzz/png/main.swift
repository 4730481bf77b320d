/// libFuzzer target: the PNG encoder fed images built from arbitrary bytes by ``FuzzRowProgram`` (every colour type
/// and bit depth, widths 1–300, runs of repeated and solid rows, shifted copies, periodic rows, noise). Each image
/// is encoded, then decoded by libpng and separately inflated by zlib and unfiltered: both must give back exactly
/// the rows encoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGEncoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let program = FuzzRowProgram(Array(UnsafeBufferPointer(start: data, count: size)))
    if let mismatch = RoundTripCheck.mismatch(program.format, rows: program.rows) {
        fatalError("PNG round trip failed: \(mismatch)")
    }
    return 0
}
