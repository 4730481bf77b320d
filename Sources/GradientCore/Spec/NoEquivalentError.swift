/// Why a gradient has no equivalent in an output that is not an image of its pixels (CSS for `/gradient.css`, an SVG
/// document for `format=svg`); `parameter` is the query parameter that takes it beyond that output.
public struct NoEquivalentError: Error, Sendable, Hashable {
    /// The parameter at fault (`type` for a mesh or a conic gradient, `grain`, `spread` or `blend`).
    public var parameter: String
    /// What the output cannot express, and what to change.
    public var detail: String

    /// Creates an error naming `parameter`.
    public init(parameter: String, detail: String) {
        self.parameter = parameter
        self.detail = detail
    }
}
