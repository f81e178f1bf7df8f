import Clocks
import HTTPServer
import Testing

/// A responder made from a closure, so each test states its own behaviour inline.
struct ClosureResponder: HTTPResponder {
    let body: @Sendable (HTTPRequest) -> HTTPResponse

    init(_ body: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.body = body }

    func respond(to request: HTTPRequest) -> HTTPResponse { body(request) }
}

/// Runs `body` against a started server on 127.0.0.1 and a kernel-chosen port, then stops it
/// and checks that every per-request context was released.
func withServer<Result>(
    maxBodyBytes: Int = 1 << 20,
    workerThreads: Int = HTTPServer.Configuration().workerThreads,
    connectionTimeoutSeconds: Int = HTTPServer.Configuration().connectionTimeoutSeconds,
    clock: any WakingClock = .system,
    responder: any HTTPResponder,
    _ body: (HTTPServer) async throws -> Result
) async throws -> Result {
    let server = HTTPServer(
        configuration: .init(
            host: "127.0.0.1", port: 0, workerThreads: workerThreads, maxBodyBytes: maxBodyBytes,
            connectionTimeoutSeconds: connectionTimeoutSeconds, clock: clock, errorLog: { _ in }),
        responder: responder
    )
    try server.start()
    defer { server.stop() }
    let result = try await body(server)
    server.stop()
    #expect(server.openRequests.value == 0, "request contexts leaked")
    return result
}

/// `withServer` with a closure responder.
func withServer<Result>(
    maxBodyBytes: Int = 1 << 20,
    _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
    _ body: (HTTPServer) async throws -> Result
) async throws -> Result {
    try await withServer(maxBodyBytes: maxBodyBytes, responder: ClosureResponder(respond), body)
}

/// A responder that echoes what it saw as `key: value` lines, for asserting on the request.
let echoResponder = ClosureResponder { request in
    var lines = [
        "method: \(request.method)",
        "path: \(request.path)",
        "query: \(request.rawQuery)",
        "remote: \(request.remoteAddress ?? "-")",
        "body: \(String(decoding: request.body, as: UTF8.self))"
    ]
    lines += request.headers.map { "header: \($0.name)=\($0.value)" }
    return .text(lines.joined(separator: "\n"))
}
