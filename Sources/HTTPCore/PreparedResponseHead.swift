/// A response head for a body of known length, serialised once and sent many times: per response only the
/// `Date` line and the framing field are added, by copying a few byte runs into one buffer; no header field is
/// looked at again. The bytes sent are exactly those ``HTTPResponder/send(_:body:)`` sends for the same head.
public struct PreparedResponseHead: Sendable {
    /// The status line and fields, as ``ResponseSerializer`` writes them before `Date`.
    let prefix: [UInt8]
    /// The length of the body sent with it.
    public let contentLength: Int
    /// Whether the status forbids content (1xx, 204, 304), so that no body and no framing field is sent.
    let forbidsContent: Bool

    /// Serialises `head` for a body of `contentLength` bytes.
    public init(_ head: HTTPResponseHead, contentLength: Int) {
        prefix = ResponseSerializer.statusLineAndFields(of: head, reservingExtra: 0)
        self.contentLength = contentLength
        forbidsContent = head.forbidsContent
    }

    /// The complete head for a response on a connection with these properties.
    func bytes(keepAlive: Bool, requestVersion: HTTPVersion) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.count + HTTPDate.fieldLineLength + 64)
        bytes.append(contentsOf: prefix)
        HTTPDate.shared.appendFieldLine(to: &bytes)
        ResponseSerializer.appendTail(
            framing: forbidsContent ? .none : .contentLength(contentLength), keepAlive: keepAlive,
            requestVersion: requestVersion, to: &bytes)
        return bytes
    }
}
