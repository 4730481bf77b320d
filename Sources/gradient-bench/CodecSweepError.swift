/// Why the codec sweep stopped.
enum CodecSweepError: Error, CustomStringConvertible {
    /// libwebp's decoded pixels differ from the frame it was given.
    case notLossless(name: String)
    /// `--formats` was given without `--write-dir`: its files are what Pillow is compared on.
    case noWriteDirectory

    var description: String {
        switch self {
        case .notLossless(let name): "the WebP of \(name) does not decode to the frame it was given"
        case .noWriteDirectory: "--formats needs --write-dir DIR: Pillow encodes the PNGs written there"
        }
    }
}
