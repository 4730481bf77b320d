/// Why a gradient has no CSS `<image>` that draws it; `parameter` is the query parameter that takes it beyond CSS.
public struct CSSExportError: Error, Sendable, Hashable {
    /// The parameter at fault (`type` for a mesh, `grain` or `spread`).
    public var parameter: String
    /// What CSS cannot express, and what to change.
    public var detail: String

    /// Creates an error naming `parameter`.
    public init(parameter: String, detail: String) {
        self.parameter = parameter
        self.detail = detail
    }
}
