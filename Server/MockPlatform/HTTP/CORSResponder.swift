import HTTPServer

/// Lets web pages call the mock: answers preflight `OPTIONS` requests and marks every
/// response as readable from any origin (Red Bee's JavaScript SDK and web players call
/// Exposure and load streams from the browser; a web app on a dev server drives the admin API).
struct CORSResponder: HTTPResponder {
    let next: any HTTPResponder

    /// Whether `request` is a browser's preflight, which never carries credentials.
    static func isPreflight(_ request: HTTPRequest) -> Bool {
        request.method == .options && request.headers["Access-Control-Request-Method"] != nil
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if Self.isPreflight(request) {
            var response = HTTPResponse(status: 204)
            response.headers.set("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, DELETE, OPTIONS")
            response.headers.set(
                "Access-Control-Allow-Headers",
                request.headers["Access-Control-Request-Headers"] ?? "Authorization, Content-Type")
            response.headers.set("Access-Control-Max-Age", "600")
            return Self.withOrigin(response, request)
        }
        return Self.withOrigin(next.respond(to: request), request)
    }

    static func withOrigin(_ response: HTTPResponse, _ request: HTTPRequest) -> HTTPResponse {
        var response = response
        let origin = request.headers["Origin"]
        response.headers.set("Access-Control-Allow-Origin", origin ?? "*")
        if origin != nil { response.headers.add("Vary", "Origin") }
        response.headers.set("Access-Control-Expose-Headers", "Content-Length, Content-Range, Date, X-Request-Id")
        return response
    }
}
