import GradientCore
import GradientImage

/// What `--version` reports: the package version and the output version of each format at its default settings.
public enum OutputVersions {
    /// `NAME VERSION`, then one `format: output version` line per format (AVIF at its default 10-bit depth).
    public static func report(program: String) -> String {
        let formats: [(String, ImageEncoderSettings)] = [
            ("png", .png), ("webp", .webp(.fast(pixelCount: .max))), ("avif", .avif(.standard(bitDepth: 10))),
            ("svg", .svg),
        ]
        return "\(program) \(PackageVersion.current)\n"
            + formats.map { "\($0.0): \($0.1.outputVersion)" }.joined(separator: "\n")
    }
}
