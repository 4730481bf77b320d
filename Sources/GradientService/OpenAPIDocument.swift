/// The OpenAPI 3.1 description of the service: `openapi.yaml` at the repository root, embedded at build time.
enum OpenAPIDocument {
    static let bytes: [UInt8] = PackageResources.openapi_yaml
}
