@testable import GradientCore

/// libFuzzer target: arbitrary bytes as the `css=` value, parsed into a gradient description and resolved into a
/// spec at a small size. Every input must give a spec or a typed error pointing inside the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSSGradient(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        _ = try CSSGradientParser.parse(Substring(text), limits: .standard)
        let spec = try GradientSpec(queryItems: [("css", text), ("width", "33"), ("height", "17")])
        precondition(!spec.stops.isEmpty && !spec.canonicalForm.isEmpty)
        var rasterizer = Rasterizer(spec: spec)
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rasterizer.bytesPerRow, alignment: 16)
        defer { row.deallocate() }
        rasterizer.renderRow(8, into: row)
    } catch {
        precondition(error.parameter == "css" || !error.detail.isEmpty)
        if case .cssSyntax(let offset, _, _) = error {
            precondition(offset >= 0 && offset <= text.unicodeScalars.count)
        }
    }
    return 0
}
