import HTTPServer

/// The `X-Request-Id` every answer carries: a new random id per request, which the journal
/// records beside the request (the official SDK copies it into `Playback.Created.RequestId`).
enum RequestID {
    static let header = "X-Request-Id"

    /// A new id.
    static func make() -> String { RandomToken.make(bytes: 16) }

    /// Gives `response` a new id unless it already carries one; returns the id it carries.
    @discardableResult
    static func stamp(_ response: inout HTTPResponse) -> String {
        if let existing = response.headers[header] { return existing }
        let id = make()
        response.headers.set(header, id)
        return id
    }
}

/// Stamps answers that bypass the journal (the admin API), so every answer has an id.
struct RequestIDResponder: HTTPResponder {
    let next: any HTTPResponder

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = next.respond(to: request)
        RequestID.stamp(&response)
        return response
    }
}
