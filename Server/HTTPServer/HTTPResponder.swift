/// Anything that turns a request into a response: a router, a middleware chain, a test double.
///
/// Responders know nothing of the transport, so the same one answers in-process in a unit test
/// and behind the libmicrohttpd server in an end-to-end test. `respond` runs on one of the
/// server's worker threads and may block briefly (SQLite, file reads).
public protocol HTTPResponder: Sendable {
    /// Answers one request. Must not throw: every failure becomes an error response.
    func respond(to request: HTTPRequest) -> HTTPResponse
}
