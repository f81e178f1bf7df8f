import Clocks
import Exposure
import Foundation
import HLS
import MockPlatform
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real mock on 127.0.0.1:0 whose clock stands still at `nowMs` until a test moves it, so
/// what the EPG, the entitlements and the playlists say can be compared at one instant.
final class StreamPlatform: Sendable {
    /// 2026-11-30T12:00:00Z: a program start on every channel and a summer-concert start.
    static let noon: Int64 = 1_796_040_000_000

    let platform: MockPlatform
    let clock: PlatformClock

    init(nowMs: Int64 = StreamPlatform.noon) throws {
        clock = PlatformClock(real: ManualClock(at: WallTime(millisecondsSince1970: nowMs)))
        platform = try MockPlatform(configuration: .init(port: 0), clock: clock)
        try platform.start()
    }

    deinit { platform.stop() }

    var base: String { platform.baseURL }

    /// Moves the platform clock.
    func setNow(_ ms: Int64) { clock.set(now: WallTime(millisecondsSince1970: ms)) }

    /// The entitlement of `assetId` for the premium account.
    func entitlement(_ assetId: String, material: String? = nil) async throws -> PlaybackEntitlement {
        let token = try await Authenticate(environment: platform.environment).login(username: "premium", password: "sandbox")
            .request().sessionToken
        return try await Entitlement(environment: platform.environment, sessionToken: token)
            .play(assetId: assetId, materialProfile: material).request()
    }

    /// The stream URL an entitlement hands out.
    func streamURL(_ assetId: String, material: String? = nil) async throws -> URL {
        let locator = try await entitlement(assetId, material: material).playableFormat?.mediaLocator
        guard let locator, let url = URL(string: locator) else { throw StreamTestError("no HLS locator for \(assetId)") }
        return url
    }

    /// A ``StreamValidator`` over HTTP whose waits move the platform clock instead of sleeping.
    func validator() -> StreamValidator {
        let clock = clock
        return StreamValidator(
            fetch: { url in
                let response = try await HTTP.get(url)
                return (response.status, Array(response.body))
            },
            wait: { duration in clock.set(now: clock.now.advanced(by: duration)) })
    }
}

/// The stream kinds the mock serves, as (name, asset, material, platform time).
enum StreamKinds {
    struct Kind: Sendable, CustomTestStringConvertible {
        let name: String
        let assetId: @Sendable (StreamPlatform) -> String
        var material: String?
        var atMs: Int64 = StreamPlatform.noon
        var audioOnly = false
        var testDescription: String { name }
    }

    static let all: [Kind] = [
        Kind(name: "VOD", assetId: { _ in "arctic-journey" }),
        Kind(name: "trailer", assetId: { _ in "arctic-journey" }, material: "TRAILER"),
        Kind(name: "SSAI", assetId: { _ in "mountain-ssai" }),
        Kind(name: "encrypted VOD", assetId: { _ in "harbour-tales-s1e3" }),
        Kind(name: "audio-only podcast", assetId: { _ in "tech-talk-e1" }, audioOnly: true),
        Kind(name: "live news-24", assetId: { _ in "news-24" }, atMs: StreamPlatform.noon + 611_000),
        Kind(name: "live kids-fun", assetId: { _ in "kids-fun" }),
        Kind(name: "live sport-max", assetId: { _ in "sport-max" }, atMs: StreamPlatform.noon + 905_000),
        Kind(
            name: "catch-up",
            assetId: { mock in
                mock.platform.context.catalog.schedules["news-24"]!.program(
                    at: WallTime(millisecondsSince1970: StreamPlatform.noon - 3 * 3_600_000)
                ).assetId
            }),
        Kind(name: "event live", assetId: { _ in "summer-concert" }, atMs: StreamPlatform.noon + 30 * 60_000),
        Kind(name: "event ended", assetId: { _ in "summer-concert" }, atMs: StreamPlatform.noon + 100 * 60_000)
    ]
}

/// Plain HTTP for tests: no proxy, no cache, every status returned as is.
enum HTTP {
    struct Response: Sendable {
        let status: Int
        /// Header names lowercased.
        let headers: [String: String]
        let body: Data

        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    static func get(_ url: URL, method: String = "GET", headers: [String: String] = [:]) async throws -> Response {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (body, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw StreamTestError("not HTTP: \(url)") }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return Response(status: http.statusCode, headers: fields, body: body)
    }

    static func get(_ text: String, method: String = "GET", headers: [String: String] = [:]) async throws -> Response {
        guard let url = URL(string: text) else { throw StreamTestError("bad URL \(text)") }
        return try await get(url, method: method, headers: headers)
    }
}

struct StreamTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
