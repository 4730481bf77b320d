import GradientCore

/// libFuzzer target: a query string (arbitrary bytes) decoded and parsed into a `GradientSpec`. Every input must
/// give a spec or a typed error naming a parameter; a spec must respect the limits, have a canonical form, and
/// render its first row without trouble when it is small.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGradientQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let limits = SpecLimits.standard
    let items: [(name: String, value: String)]
    do {
        items = try QueryString.decode(Substring(text))
    } catch {
        precondition(!error.detail.isEmpty)
        return 0
    }
    do {
        let spec = try GradientSpec(queryItems: items, limits: limits)
        precondition(spec.pixelWidth >= 1 && spec.pixelWidth <= limits.maxPixelSide)
        precondition(spec.pixelHeight >= 1 && spec.pixelWidth * spec.pixelHeight <= limits.maxPixels)
        precondition(!spec.stops.isEmpty && spec.stops.count <= 2 * limits.maxStops)
        precondition(!spec.canonicalForm.isEmpty)
        if spec.pixelWidth <= 64 {
            var rasterizer = Rasterizer(spec: spec)
            let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rasterizer.bytesPerRow, alignment: 16)
            defer { row.deallocate() }
            rasterizer.renderRow(0, into: row)
        }
    } catch {
        precondition(!error.parameter.isEmpty && !error.detail.isEmpty)
    }
    return 0
}
