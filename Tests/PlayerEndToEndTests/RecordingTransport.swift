import Exposure
import Foundation
import Synchronization

/// A transport that passes requests on and remembers each one's path and query, with the
/// (virtual) time it was sent, so a test can count what the player actually fetched.
final class RecordingTransport: HTTPTransport {
    private let upstream: any HTTPTransport
    private let now: @Sendable () -> Int64
    private let log = Mutex<[(timeMs: Int64, path: String, query: String?, headers: HTTPHeaders)]>([])

    init(upstream: any HTTPTransport = AutomaticTransport.shared, now: @escaping @Sendable () -> Int64) {
        self.upstream = upstream
        self.now = now
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        log.withLock { $0.append((now(), request.url.path, request.url.query, request.headers)) }
        return try await upstream.send(request)
    }

    /// Every path requested, in order.
    var paths: [String] { log.withLock { $0.map(\.path) } }

    /// Requests whose path contains `fragment`, with the time each was sent.
    func requests(containing fragment: String) -> [(timeMs: Int64, path: String, query: String?, headers: HTTPHeaders)] {
        log.withLock { $0.filter { $0.path.contains(fragment) } }
    }
}
