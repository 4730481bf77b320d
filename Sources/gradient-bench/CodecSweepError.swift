/// Why the codec sweep stopped.
enum CodecSweepError: Error, CustomStringConvertible {
    /// libwebp's decoded pixels differ from the frame it was given.
    case notLossless(name: String)

    var description: String {
        switch self {
        case .notLossless(let name): "the WebP of \(name) does not decode to the frame it was given"
        }
    }
}
