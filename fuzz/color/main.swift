import GradientCore

/// libFuzzer target: the CSS colour parser on arbitrary bytes, as a whole string and from an offset, with and
/// without bare hex. Every input must give a colour with finite components or a typed error inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzColorParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for allowsBareHex in [true, false] {
        do {
            let (color, end) = try CSSColor.parse(bytes, at: 0, allowsBareHex: allowsBareHex)
            precondition(end > 0 && end <= size)
            precondition(color.components.x.isFinite && color.components.y.isFinite && color.components.z.isFinite)
            precondition(color.alpha >= 0 && color.alpha <= 1)
            for space in ColorSpace.allCases {
                let converted = color.interpolationColor(in: space)
                precondition(converted.alpha >= 0 && converted.alpha <= 1)
            }
        } catch {
            precondition(error.offset >= 0 && error.offset <= size)
        }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        _ = try CSSColor(parsing: Substring(text))
    } catch {
        precondition(!error.message.isEmpty)
    }
    return 0
}
