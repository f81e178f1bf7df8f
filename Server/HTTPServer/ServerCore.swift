import Synchronization

/// What libmicrohttpd's callbacks need while one daemon runs; handed to C as the daemon's context.
final class ServerCore: Sendable {
    let responder: any HTTPResponder
    let maxBodyBytes: Int
    /// `https` or `http`, for every request this daemon reads.
    let scheme: String
    let errorResponse: @Sendable (_ status: Int, _ message: String) -> HTTPResponse
    let parker: ConnectionParker
    let heads: HeadDeadlines
    /// The sockets of suspended streams, watched for their clients leaving.
    let hangups = HangupWatcher()
    /// Requests whose context is alive; back to zero once every request has completed.
    let openRequests: OpenRequestCount
    private let errorLog: @Sendable (_ message: String) -> Void
    private let lastLogMessage = Mutex("")

    init(configuration: HTTPServer.Configuration, responder: any HTTPResponder, openRequests: OpenRequestCount) {
        self.responder = responder
        self.maxBodyBytes = configuration.maxBodyBytes
        self.scheme = configuration.scheme
        self.errorResponse = configuration.errorResponse
        self.errorLog = configuration.errorLog
        self.parker = ConnectionParker(clock: configuration.clock)
        self.heads = HeadDeadlines(clock: configuration.clock, timeout: configuration.requestHeadTimeout, cut: shutDownConnection)
        self.openRequests = openRequests
    }

    /// Passes a libmicrohttpd diagnostic on, remembering it so a failed start can say why.
    func log(_ message: String) {
        lastLogMessage.withLock { $0 = message }
        errorLog(message)
    }

    /// The most recent diagnostic, empty when there was none.
    var lastLog: String { lastLogMessage.withLock { $0 } }

    /// The answer to a body over the limit, in the app's own error format.
    func bodyTooLargeResponse() -> HTTPResponse {
        var response = errorResponse(413, "Request body larger than \(maxBodyBytes) bytes")
        response.headers.set("Connection", "close")
        return response
    }

    /// The answer to a head refused for its framing, in the app's own error format.
    func refusalResponse(_ refusal: RequestFramingCheck.Refusal) -> HTTPResponse {
        var response = errorResponse(refusal.status, refusal.message)
        response.headers.set("Connection", "close")
        return response
    }

    /// The answer that replaces a responder's response whose status cannot go on the wire.
    func invalidStatusResponse(_ status: Int) -> HTTPResponse {
        errorResponse(500, "Responder produced invalid status \(status)")
    }
}
