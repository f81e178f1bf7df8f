import Exposure
import Foundation

/// A transport that records every request and answers from a closure, so tests see the exact
/// bytes an endpoint would put on the wire without a server.
actor RecordingTransport: HTTPTransport {
    private(set) var requests: [TransportRequest] = []
    private let respond: @Sendable (TransportRequest) throws -> TransportResponse

    init(respond: @escaping @Sendable (TransportRequest) throws -> TransportResponse) {
        self.respond = respond
    }

    /// Answers every request with `status` and `body`.
    init(status: Int = 200, body: String = "{}", headers: HTTPHeaders = ["Content-Type": "application/json"]) {
        self.init { _ in TransportResponse(status: status, headers: headers, body: Data(body.utf8)) }
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        requests.append(request)
        return try respond(request)
    }

    /// The only request sent; nil when there were none or several.
    var onlyRequest: TransportRequest? { requests.count == 1 ? requests[0] : nil }
}

/// What every test talks to.
enum TestValues {
    static let environment = Environment(baseUrl: "http://127.0.0.1:8080/", customer: "Sandbox", businessUnit: "Dev")
    static let base = "http://127.0.0.1:8080"
    static let token = SessionToken(value: "crm|acc|usr|opaque|1764400000000|1764486400000|false")
    static let device = DeviceInfo(
        deviceId: "device-1", type: "WEB", model: "x86_64", name: "box", os: "Linux", osVersion: "6.1",
        manufacturer: "Generic", height: 1080, width: 1920)

    /// 2025-11-29T10:00:00Z.
    static let tenOClock = Date(timeIntervalSince1970: 1_764_410_400)
}

extension ExposureRequest {
    /// Runs the request and returns its error, or nil when it succeeded.
    func failure() async -> ExposureError? {
        do {
            _ = try await request()
            return nil
        } catch {
            return error
        }
    }
}
