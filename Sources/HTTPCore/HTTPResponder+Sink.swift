extension HTTPResponder {
    /// A responder for `request` whose bytes go to `sink` instead of a connection, framed as on a connection kept
    /// alive unless the request asked to close. `package` level: the seam through which test support records
    /// responses without a socket.
    package convenience init(request: HTTPRequest, sink: any ResponseSink) {
        self.init(
            sink: sink, sequence: 0, isHead: request.isHead, requestVersion: request.version,
            keepAlive: ConnectionLifecycle.isPersistent(version: request.version, options: request.connectionOptions))
    }
}
