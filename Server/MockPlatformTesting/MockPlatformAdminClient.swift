import ExposureModels
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The admin API (`/_mock/`) of a mock running elsewhere — another process, a container, a
/// shared dev box — with the same vocabulary as the in-process API on `MockPlatform`.
///
/// ```swift
/// let admin = MockPlatformAdminClient(baseURL: "http://127.0.0.1:8080")
/// try await admin.setClock(ClockUpdate(offset: .seconds(3_600)))
/// try await admin.addFault(.status(503, path: "/entitlement/.*/play$", times: 1))
/// ```
public struct MockPlatformAdminClient: Sendable {
    /// The mock's root, e.g. `http://127.0.0.1:8080`.
    public let baseURL: String
    /// The admin token, for a mock started with `--admin-token`.
    public let token: String?
    private let session: URLSession

    /// A client for the mock at `baseURL`. Proxies are bypassed: a mock is reached directly.
    public init(baseURL: String, token: String? = nil) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    /// `GET /_mock/health`.
    public func health() async throws -> HealthReport { try await call("GET", "/health") }

    /// `POST /_mock/reset`: state, faults, journal, client activity and clock back to fresh.
    public func reset() async throws { try await send("POST", "/reset") }

    /// `GET /_mock/clock`.
    public func clock() async throws -> ClockState { try await call("GET", "/clock") }

    /// `PUT /_mock/clock`; returns the clock as it is afterwards.
    @discardableResult
    public func setClock(_ update: ClockUpdate) async throws -> ClockState { try await call("PUT", "/clock", body: update) }

    /// `POST /_mock/faults`; returns the rule with its id.
    @discardableResult
    public func addFault(_ rule: FaultRule) async throws -> FaultRule { try await call("POST", "/faults", body: rule) }

    /// `PUT /_mock/faults/{id}`: replaces the rule (it keeps its id; its counters start afresh).
    @discardableResult
    public func updateFault(id: String, to rule: FaultRule) async throws -> FaultRule {
        try await call("PUT", "/faults/\(Self.escape(id))", body: rule)
    }

    /// `PUT /_mock/faults/seed`: the `probability` draws start again from `seed`.
    public func seedFaults(_ seed: Int) async throws { try await send("PUT", "/faults/seed", body: FaultSeed(seed: seed)) }

    /// `GET /_mock/faults`.
    public func faults() async throws -> [FaultRule] { (try await call("GET", "/faults") as FaultList).faults }

    /// `DELETE /_mock/faults/{id}`, or `DELETE /_mock/faults` when `id` is nil.
    public func removeFaults(id: String? = nil) async throws {
        try await send("DELETE", id.map { "/faults/\(Self.escape($0))" } ?? "/faults")
    }

    /// `GET /_mock/requests` with the given filters (`since` is ISO-8601).
    public func requests(
        pathPrefix: String? = nil, since: String? = nil, accountId: String? = nil, method: String? = nil, limit: Int? = nil
    ) async throws -> JournalPage {
        let query = [
            ("pathPrefix", pathPrefix), ("since", since), ("session", accountId), ("method", method), ("limit", limit.map(String.init))
        ]
        return try await call("GET", "/requests" + Self.queryString(query))
    }

    /// `DELETE /_mock/requests`.
    public func clearRequests() async throws { try await send("DELETE", "/requests") }

    /// `POST /_mock/fixtures/reload`; broken fixtures throw `MockAdminError` with every problem.
    public func reloadFixtures(directory: String? = nil) async throws {
        try await send("POST", "/fixtures/reload", body: FixtureReloadRequest(directory: directory))
    }

    /// `GET /_mock/analytics`.
    public func analytics(sessionId: String? = nil, accountId: String? = nil, eventType: String? = nil) async throws
        -> [RecordedAnalyticsEvent]
    {
        let query = [("sessionId", sessionId), ("accountId", accountId), ("eventType", eventType)]
        return (try await call("GET", "/analytics" + Self.queryString(query)) as AnalyticsPage).events
    }

    /// `GET /_mock/analytics/sessions`: every play session that reported, summarised and checked.
    public func analyticsSessions() async throws -> [AnalyticsSessionReport] {
        (try await call("GET", "/analytics/sessions") as AnalyticsSessionPage).sessions
    }

    /// `GET /_mock/analytics/sessions/{id}`: one session's timeline and problems (404 when it sent nothing).
    public func analyticsSession(id: String) async throws -> AnalyticsSessionReport {
        try await call("GET", "/analytics/sessions/" + Self.escape(id))
    }

    /// `GET /_mock/beacons`.
    public func beacons(playSessionId: String? = nil) async throws -> [RecordedBeacon] {
        (try await call("GET", "/beacons" + Self.queryString([("playSessionId", playSessionId)])) as BeaconPage).beacons
    }

    /// `GET /_mock/downloads`.
    public func downloads(accountId: String? = nil) async throws -> [DownloadRecord] {
        (try await call("GET", "/downloads" + Self.queryString([("accountId", accountId)])) as DownloadPage).downloads
    }

    /// `GET /_mock/playsessions`.
    public func playSessions(accountId: String? = nil) async throws -> [PlaySessionReport] {
        (try await call("GET", "/playsessions" + Self.queryString([("accountId", accountId)])) as PlaySessionPage).playSessions
    }

    // MARK: Plumbing

    private func call<Answer: Decodable>(_ method: String, _ path: String, body: (some Encodable)? = Optional<String>.none) async throws
        -> Answer
    {
        let data = try await send(method, path, body: body)
        return try ExposureJSON.decode(Answer.self, from: data)
    }

    @discardableResult
    private func send(_ method: String, _ path: String, body: (some Encodable)? = Optional<String>.none) async throws -> Data {
        guard let url = URL(string: baseURL + "/_mock" + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = try ExposureJSON.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw MockAdminError(status: status, body: data) }
        return data
    }

    private static func queryString(_ items: [(String, String?)]) -> String {
        let present = items.compactMap { name, value in value.map { "\(name)=\(escape($0))" } }
        return present.isEmpty ? "" : "?" + present.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? text
    }
}

/// A non-2xx answer of the admin API.
public struct MockAdminError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status (401 without the admin token, 404 when admin is disabled, 422 for broken fixtures…).
    public let status: Int
    /// The error body's `message`, e.g. `INVALID_FAULT`.
    public let message: String?
    /// The error body's detail.
    public let extendedMessage: String?
    /// For a failed fixture reload: every problem found.
    public let problems: [FixtureReport.Problem]

    init(status: Int, body: Data) {
        self.status = status
        let error = try? ExposureJSON.decode(ExposureErrorMessage.self, from: body)
        message = error?.message
        extendedMessage = error?.extendedMessage
        problems = (try? ExposureJSON.decode(FixtureReport.self, from: body))?.problems ?? []
    }

    public var description: String {
        "admin API answered \(status) \(message ?? "")\(extendedMessage.map { ": \($0)" } ?? "")"
            + problems.map { "\n  - \($0.file) \($0.path): \($0.message)" }.joined()
    }
}
