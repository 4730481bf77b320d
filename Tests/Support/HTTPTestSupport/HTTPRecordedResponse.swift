import HTTPCore

/// A response captured by ``HTTPResponder/recording(for:completion:)`` instead of being sent.
public struct HTTPRecordedResponse: Sendable {
    /// The head as it would be sent, including the fields the server adds (`Date`, framing, `Connection`).
    public var head: HTTPResponseHead
    /// The body as the client would decode it (chunked coding removed); empty for HEAD.
    public var body: [UInt8]
    /// False when the response was aborted (a responder released without responding records a complete 500).
    public var isComplete: Bool
}
