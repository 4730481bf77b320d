/// The routes of the service, as they appear in metrics labels.
enum ServiceRoute: String, Sendable, Hashable {
    case gradient = "/gradient"
    case gradientCSS = "/gradient.css"
    case healthz = "/healthz"
    case metrics = "/metrics"
    case openapi = "/openapi.yaml"
    case presets = "/presets"
    case index = "/"
    /// Any path the service does not serve.
    case unknown = "other"

    init(path: String) {
        self = ServiceRoute(rawValue: path) ?? .unknown
    }
}
