import Foundation
import HTTPServer
import Testing

/// Not a test: a server for `scripts/bench-http` to load with wrk. Runs only when
/// `HTTP_BENCH_PORT` is set, serves a fixed 2 KB body for `HTTP_BENCH_SECONDS` (default 30),
/// then stops. Living here keeps the package free of a benchmark-only product.
@Test(.enabled(if: ProcessInfo.processInfo.environment["HTTP_BENCH_PORT"] != nil))
func benchmarkServer() async throws {
    let environment = ProcessInfo.processInfo.environment
    let port = try #require(environment["HTTP_BENCH_PORT"].flatMap(Int.init))
    let seconds = environment["HTTP_BENCH_SECONDS"].flatMap(Int.init) ?? 30
    let body = Data(repeating: UInt8(ascii: "x"), count: 2048)
    let server = HTTPServer(
        configuration: .init(port: port),
        responder: ClosureResponder { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: body)
        }
    )
    try server.start()
    defer { server.stop() }
    try await Task.sleep(for: .seconds(seconds))
}
