/// The path and query of a request target (RFC 9112 §3.2).
struct RequestTarget: Sendable {
    /// The percent-decoded path; `*` for asterisk-form.
    var path: String
    /// The offset in the target's bytes where the query starts (after `?`), or nil without a query.
    var queryOffset: Int?

    /// Parses origin-form (`/p?q`), absolute-form (`http://host/p?q`, reduced to path and query) and, for OPTIONS,
    /// asterisk-form (`*`).
    init(parsing target: ArraySlice<UInt8>, method: String) throws(HTTPRequestError) {
        guard let first = target.first else { throw .invalidTarget }
        var pathStart = target.startIndex
        if first == UInt8(ascii: "*") {
            guard target.count == 1, method == "OPTIONS" else { throw .invalidTarget }
            self.path = "*"
            self.queryOffset = nil
            return
        }
        if first != UInt8(ascii: "/") {
            pathStart = try Self.pathStartOfAbsoluteForm(target)
        }
        let queryMark = target[pathStart...].firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = target[pathStart..<(queryMark ?? target.endIndex)]
        switch PercentDecoding.decodeString(pathBytes) {
        case .success(let path): self.path = path.isEmpty ? "/" : path
        case .failure: throw .invalidTarget
        }
        self.queryOffset = queryMark.map { $0 + 1 - target.startIndex }
    }

    /// The index where the path of `http://authority/path` starts (the end when there is no path).
    private static func pathStartOfAbsoluteForm(_ target: ArraySlice<UInt8>) throws(HTTPRequestError) -> Int {
        guard let colon = target.firstIndex(of: UInt8(ascii: ":")) else { throw .invalidTarget }
        let scheme = target[target.startIndex..<colon]
        guard
            HTTPSyntax.equalsIgnoringCase(scheme, Array("http".utf8))
                || HTTPSyntax.equalsIgnoringCase(scheme, Array("https".utf8))
        else { throw .invalidTarget }
        let rest = target[(colon + 1)...]
        guard rest.starts(with: "//".utf8) else { throw .invalidTarget }
        let authorityStart = colon + 3
        let authorityEnd =
            target[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            ?? target.endIndex
        guard authorityEnd > authorityStart else { throw .invalidTarget }
        return authorityEnd
    }
}
