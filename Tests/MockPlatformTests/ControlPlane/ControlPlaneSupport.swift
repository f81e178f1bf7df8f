import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fixtures for control-plane tests: a sandbox copy of the bundled catalog, with a small media
/// manifest when the checkout has none yet (media.json comes from the media scripts).
func controlPlaneFixtures() throws -> FixtureSandbox {
    let sandbox = try FixtureSandbox()
    if !FileManager.default.fileExists(atPath: sandbox.url(of: "media/media.json").path) {
        try sandbox.write(
            "media/media.json",
            """
            {"segmentDurationMs":2000,"targetDuration":2,"reel":{"durationMs":60000,"segmentCount":30},
             "ads":[{"id":"ad-1","durationMs":6000},{"id":"ad-2","durationMs":10000},{"id":"ad-3","durationMs":4000}],
             "sprites":[{"width":160},{"width":320}]}
            """)
    }
    return sandbox
}

/// A platform on 127.0.0.1:0 over sandboxed fixtures, stopped when the test's body returns.
func withPlatform(
    state: StateStorage = .inMemory, adminToken: String? = nil, journalCapacity: Int = 10_000, serverClock: any WakingClock = .system,
    _ body: (MockPlatform, ControlPlaneClient) async throws -> Void
) async throws {
    let fixtures = try controlPlaneFixtures()
    let platform = try await MockPlatform.start(
        fixtures: fixtures.directory, state: state, adminToken: adminToken,
        journalCapacity: journalCapacity, serverClock: serverClock)
    defer { platform.stop() }
    try await body(platform, ControlPlaneClient(baseURL: platform.baseURL, adminToken: adminToken))
    withExtendedLifetime(fixtures) {}
}

/// Runs `body` against one platform shared by every caller, started by the first: for tests whose
/// every request is refused, so that nothing they do can be seen by another. A parameterized
/// test of bad input then starts one platform instead of one per case (each start loads the
/// catalog: about a second of a loaded machine's time). It runs until the test process ends.
func withSharedPlatform(_ body: (MockPlatform, ControlPlaneClient) async throws -> Void) async throws {
    let (platform, _) = try sharedPlatform.get()
    try await body(platform, ControlPlaneClient(baseURL: platform.baseURL))
}

private let sharedPlatform = Result { () throws -> (MockPlatform, FixtureSandbox) in
    let fixtures = try controlPlaneFixtures()
    let platform = try MockPlatform(configuration: .init(port: 0, fixturesDirectory: fixtures.directory))
    try platform.start()
    return (platform, fixtures)
}

/// Plain HTTP to a running mock, the way an app's transport reaches it: URLSession, no proxy.
struct ControlPlaneClient: Sendable {
    let baseURL: String
    var adminToken: String?

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        configuration.timeoutIntervalForRequest = 20
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// The admin client of the testing library, pointed at the same mock.
    var admin: MockPlatformAdminClient { MockPlatformAdminClient(baseURL: baseURL, token: adminToken) }

    /// `{base}/{version}/customer/Sandbox/businessunit/Dev{suffix}`.
    func api(_ version: String, _ suffix: String) -> String { "/\(version)/customer/Sandbox/businessunit/Dev\(suffix)" }

    /// Sends one request; `token` goes out as Bearer.
    func send(
        _ method: String = "GET", _ target: String, json: String? = nil, token: String? = nil, headers: [String: String] = [:],
        timeoutSeconds: TimeInterval? = nil
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        var request = URLRequest(url: URL(string: baseURL + target)!)
        if let timeoutSeconds { request.timeoutInterval = timeoutSeconds }
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return (http.statusCode, fields, data)
    }

    /// The body as a JSON object.
    func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Logs a fixture user in; returns the session token.
    func login(_ username: String, password: String = "sandbox") async throws -> String {
        let answer = try await send("POST", api("v3", "/auth/login"), json: #"{"username":"\#(username)","password":"\#(password)"}"#)
        try #require(answer.status == 200)
        return try #require(try json(answer.body)["sessionToken"] as? String)
    }

    /// Asks to play `assetId`; returns status and body.
    func play(_ assetId: String, token: String) async throws -> (status: Int, body: [String: Any]) {
        let answer = try await send("GET", api("v2", "/entitlement/\(assetId)/play"), token: token)
        return (answer.status, try json(answer.body))
    }

    /// Sends one analytics batch for `sessionId` with events of `(type, offsetMs)`, numbered from
    /// `firstSequenceNumber` (the platform drops numbers it already has).
    func sendEvents(
        _ events: [(String, Int64?)], sessionId: String, token: String, timestamp: Int64 = 1_800_000_000_000,
        firstSequenceNumber: Int = 1
    ) async throws -> Int {
        let payload = events.enumerated().map { index, event in
            let number = firstSequenceNumber + index
            var fields = #""EventType":"\#(event.0)","Timestamp":\#(timestamp + Int64(index)),"SequenceNumber":\#(number)"#
            if let offset = event.1 { fields += #","OffsetTime":\#(offset)"# }
            return "{\(fields)}"
        }.joined(separator: ",")
        let body =
            #"{"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"\#(sessionId)","DispatchTime":\#(timestamp),"Payload":[\#(payload)]}"#
        return try await send("POST", api("v2", "/eventsink/send"), json: body, token: token).status
    }
}
