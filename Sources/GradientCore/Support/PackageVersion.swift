/// The version of the gradientd package, printed by `gradientd --version` and `gradient --version`. The bytes of
/// an image are named by its output version instead (see `ImageEncoderSettings.outputVersion`), which changes
/// whenever they would.
public enum PackageVersion {
    /// The package's semantic version.
    public static let current = "0.1.0"
}
