/// What every connection of one running server shares.
final class ServerCore: Sendable {
    let responder: any HTTPResponder
    let maxBodyBytes: Int
    let connectionTimeoutSeconds: Int
    let errorResponse: @Sendable (_ status: Int, _ message: String) -> HTTPResponse
    let connections = ConnectionRegistry()
    let responderSlots: ResponderSlots
    let bodyFiles = BodyFileCache()
    /// Requests read and not yet fully answered; back to zero once every request has completed.
    let openRequests: Locked<Int>
    /// Where the server's own diagnostics go (refused connections and unreadable requests).
    let log: @Sendable (_ message: String) -> Void

    init(configuration: HTTPServer.Configuration, responder: any HTTPResponder, openRequests: Locked<Int>) {
        self.responder = responder
        self.maxBodyBytes = configuration.maxBodyBytes
        self.connectionTimeoutSeconds = configuration.connectionTimeoutSeconds
        self.errorResponse = configuration.errorResponse
        self.responderSlots = ResponderSlots(count: configuration.maxConcurrentResponders)
        self.log = configuration.errorLog
        self.openRequests = openRequests
    }

    /// The answer to a request the server refuses itself (unreadable, too large), in the app's
    /// own error format; the connection closes after it.
    func refusal(status: Int, message: String) -> HTTPResponse {
        let text = status == 413 ? "Request body larger than \(maxBodyBytes) bytes" : message
        var response = errorResponse(status, text)
        response.headers.set("Connection", "close")
        return response
    }

    /// The answer that replaces a responder's response whose status cannot go on the wire.
    func invalidStatusResponse(_ status: Int) -> HTTPResponse {
        errorResponse(500, "Responder produced invalid status \(status)")
    }
}
