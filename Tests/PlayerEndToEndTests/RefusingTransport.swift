import Exposure
import Synchronization

/// A network that is never there: every request fails, and each attempt is counted.
final class RefusingTransport: HTTPTransport {
    struct Refused: Error {}
    private let count = Mutex(0)
    var attempts: Int { count.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        count.withLock { $0 += 1 }
        throw Refused()
    }
}
