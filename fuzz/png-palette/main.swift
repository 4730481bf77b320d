/// libFuzzer target: the PNG encoder's indexed-colour path fed images built from arbitrary bytes by
/// ``FuzzPaletteProgram`` (1–256 colours, RGB or RGBA with none, one, some or nearly all colours transparent,
/// widths 1–2048, rows of palette indices shaped as the product's gradients make them and arbitrary ones). Each
/// image is encoded with its own palette and with the one ``PNGPaletteCensus`` finds, then decoded by libpng and
/// separately inflated by zlib and unfiltered: the pixels, PLTE, tRNS and every index must be those encoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaletteEncoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let program = FuzzPaletteProgram(Array(UnsafeBufferPointer(start: data, count: size)))
    if let mismatch = PaletteRoundTripCheck.mismatch(program) {
        fatalError("indexed PNG round trip failed: \(mismatch)")
    }
    return 0
}
