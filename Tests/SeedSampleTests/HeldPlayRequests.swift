import Exposure
import Foundation
import Synchronization

/// A transport that holds every play request (`…/entitlement/{assetId}/play`) until ``release()``,
/// so a test can start several playbacks while the first still waits for its entitlement,
/// however the threads are scheduled. Everything else passes at once.
final class HeldPlayRequests: HTTPTransport {
    private let upstream: any HTTPTransport
    /// nil once released; until then, the continuations of the play requests being held.
    private let held = Mutex<[CheckedContinuation<Void, Never>]?>([])

    init(upstream: any HTTPTransport = AutomaticTransport.shared) { self.upstream = upstream }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        if request.url.path.hasSuffix("/play") {
            await withCheckedContinuation { continuation in
                let passes = held.withLock { held in
                    guard held != nil else { return true }
                    held?.append(continuation)
                    return false
                }
                if passes { continuation.resume() }
            }
        }
        return try await upstream.send(request)
    }

    /// Lets the held play requests and every later one through.
    func release() {
        let waiting = held.withLock { held in
            defer { held = nil }
            return held ?? []
        }
        waiting.forEach { $0.resume() }
    }
}
