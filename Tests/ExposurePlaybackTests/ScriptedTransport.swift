import Exposure
import Foundation
import Synchronization

/// A transport double: answers from a script keyed by the path's last segments, and records
/// every request. An unscripted path is a 404 with Exposure's error body, as the server says it.
final class ScriptedTransport: HTTPTransport {
    private struct State {
        var answers: [String: [TransportResponse]] = [:]
        var sent: [TransportRequest] = []
    }

    private let state = Mutex(State())

    /// Answers requests whose path ends with `pathSuffix` with `value` as JSON (`status` 200), once
    /// per call in order; the last answer repeats.
    func answer(_ pathSuffix: String, status: Int = 200, json value: some Encodable) {
        let body = (try? ExposureJSON.encode(value)) ?? Data()
        answer(pathSuffix, status: status, body: body)
    }

    func answer(_ pathSuffix: String, status: Int = 200, body: Data) {
        state.withLock { $0.answers[pathSuffix, default: []].append(TransportResponse(status: status, headers: [:], body: body)) }
    }

    /// Paths requested, in order.
    var paths: [String] { state.withLock { $0.sent.map(\.url.path) } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        state.withLock { state in
            state.sent.append(request)
            guard let key = state.answers.keys.filter({ request.url.path.hasSuffix($0) }).max(by: { $0.count < $1.count }),
                var queue = state.answers[key]
            else {
                return TransportResponse(status: 404, headers: [:], body: Data(#"{"httpCode":404,"message":"NOT_FOUND"}"#.utf8))
            }
            let next = queue.count > 1 ? queue.removeFirst() : queue[0]
            state.answers[key] = queue
            return next
        }
    }
}
