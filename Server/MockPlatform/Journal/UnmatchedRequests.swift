import ExposureModels
import Synchronization

/// The most recent requests no route took, each with its nearest routes: what
/// `GET /_mock/requests/unmatched` lists.
package final class UnmatchedRequests: Sendable {
    /// How many it keeps, dropping the oldest.
    package static let capacity = 100

    private let requests = Mutex<[UnmatchedRequest]>([])

    /// None yet.
    package init() {}

    /// Keeps `request`, dropping the oldest beyond ``capacity``.
    func record(_ request: UnmatchedRequest) {
        requests.withLock { requests in
            requests.append(request)
            if requests.count > Self.capacity { requests.removeFirst(requests.count - Self.capacity) }
        }
    }

    /// The requests kept, oldest first.
    package func list() -> [UnmatchedRequest] { requests.withLock { $0 } }

    /// Forgets them all.
    package func removeAll() { requests.withLock { $0.removeAll() } }
}

/// A request no route took.
package struct UnmatchedRequest: Codable, Sendable, Equatable {
    /// When it arrived on the platform clock, ISO-8601 with milliseconds.
    package var timestamp: String
    /// Its method.
    package var method: String
    /// Its path.
    package var path: String
    /// The status it was answered with: 404, or 405 for a known path with another method.
    package var status: Int
    /// The nearest routes and what differs (empty: nothing close).
    package var nearMisses: [NearMiss]

    /// An unmatched request.
    package init(timestamp: String, method: String, path: String, status: Int, nearMisses: [NearMiss]) {
        self.timestamp = timestamp
        self.method = method
        self.path = path
        self.status = status
        self.nearMisses = nearMisses
    }
}

/// `GET /_mock/requests/unmatched`.
package struct UnmatchedPage: Codable, Sendable, Equatable {
    /// The most recent unmatched requests, oldest first.
    package var requests: [UnmatchedRequest]
    /// How many are kept.
    package var capacity: Int
}
