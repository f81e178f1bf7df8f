import Clocks
import ExposureModels
import Foundation
import HTTPServer
import MockPlatform

/// The bundled fixtures behind an in-process responder: the whole request pipeline, no socket.
struct InProcessPlatform {
    let platform: MockPlatform
    let clock: PlatformClock
    static let api1 = "/v1/customer/Sandbox/businessunit/Dev"
    static let api2 = "/v2/customer/Sandbox/businessunit/Dev"
    static let api3 = "/v3/customer/Sandbox/businessunit/Dev"

    /// A platform on `fixtures` (its dashboard and documents in `dataFolder`) whose clock starts
    /// at `nowMs` and only moves when told.
    init(
        nowMs: Int64 = 1_796_040_000_000, fixtures: URL = FixtureLoader.bundledDirectory, dataFolder: URL = BundledFixtures.dataFolder,
        serverClock: any WakingClock = .system
    ) throws {
        clock = PlatformClock(real: ManualClock(at: WallTime(millisecondsSince1970: nowMs)))
        platform = try MockPlatform(
            configuration: .init(port: 0, fixturesDirectory: fixtures, serverClock: serverClock, dataFolder: dataFolder), clock: clock)
    }

    /// Sends a request through the pipeline, as if it came over `scheme` (`https` for the TLS listener).
    func send(
        _ method: HTTPMethod, _ target: String, body: String? = nil, token: String? = nil, headers: [(String, String)] = [],
        scheme: String = "http"
    ) -> HTTPResponse {
        let parts = target.split(separator: "?", maxSplits: 1)
        let host = headers.contains { $0.0.lowercased() == "host" } ? [] : [("Host", "127.0.0.1:8080")]
        var allHeaders = HTTPHeaders(host + headers)
        if let token { allHeaders.add("Authorization", "Bearer \(token)") }
        let request = HTTPRequest(
            method: method, path: String(parts[0]), rawQuery: parts.count > 1 ? String(parts[1]) : "",
            headers: allHeaders, body: Data((body ?? "").utf8), scheme: scheme)
        return platform.responder.respond(to: request)
    }

    /// Sends a request and decodes a 2xx JSON answer.
    func json<Value: Decodable>(
        _ type: Value.Type, _ method: HTTPMethod = .get, _ target: String, body: String? = nil, token: String? = nil
    ) throws -> Value {
        let response = send(method, target, body: body, token: token)
        guard (200..<300).contains(response.status) else { throw error(of: response) }
        return try ExposureJSON.decode(type, from: response.body)
    }

    /// The Exposure error body of a response.
    func error(of response: HTTPResponse) -> ExposureErrorMessage {
        (try? ExposureJSON.decode(ExposureErrorMessage.self, from: response.body))
            ?? ExposureErrorMessage(httpCode: response.status, message: "UNDECODABLE")
    }

    /// Logs in and returns the session token.
    func login(_ username: String = "premium", password: String = "sandbox") throws -> String {
        try json(
            Credentials.self, .post, Self.api3 + "/auth/login",
            body: #"{"username":"\#(username)","password":"\#(password)"}"#
        ).sessionToken.value
    }
}
