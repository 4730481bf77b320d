/// The `close` and `keep-alive` options of a request's Connection fields (RFC 9110 §7.6.1).
struct ConnectionOptions: Sendable, Equatable {
    var close = false
    var keepAlive = false

    init(close: Bool = false, keepAlive: Bool = false) {
        self.close = close
        self.keepAlive = keepAlive
    }

    init(headers: HTTPHeaders) {
        let closeToken = Array("close".utf8)
        let keepAliveToken = Array("keep-alive".utf8)
        for field in headers.fields where HTTPSyntax.equalsIgnoringCase(headers.bytes[field.name], Self.name) {
            for option in HTTPSyntax.listElements(headers.bytes[field.value]) {
                if HTTPSyntax.equalsIgnoringCase(option, closeToken) { close = true }
                if HTTPSyntax.equalsIgnoringCase(option, keepAliveToken) { keepAlive = true }
            }
        }
    }

    private static let name = Array("connection".utf8)
}
