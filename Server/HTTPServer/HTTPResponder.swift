/// Anything that turns a request into a response: a router, a middleware chain, a test double.
///
/// Responders know nothing of the transport, so the same one answers in-process in a unit test
/// and behind the socket server in an end-to-end test. `respond` runs on the thread of the
/// connection the request came on and may block briefly (SQLite, file reads).
package protocol HTTPResponder: Sendable {
    /// Answers one request. Must not throw: every failure becomes an error response.
    func respond(to request: HTTPRequest) -> HTTPResponse
}
