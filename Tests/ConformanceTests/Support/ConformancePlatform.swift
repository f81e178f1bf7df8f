import Clocks
import Exposure
import Foundation
import MockPlatformTesting
import Testing

/// A real mock on 127.0.0.1 and a free port, spoken to over the SDK's default transport
/// (`AutomaticTransport.shared`) with requests formed as the official SDK forms them.
final class ConformancePlatform: Sendable {
    let platform: MockPlatform
    let transport: any HTTPTransport = AutomaticTransport.shared

    /// A platform whose clock stands still: a program looked up "now" is still on air when the
    /// next request asks about it, however slowly the machine runs.
    init() async throws {
        platform = try await MockPlatform.start()
        platform.freezeClock()
    }

    deinit { platform.stop() }

    /// `http://127.0.0.1:port`.
    var baseURL: String { platform.baseURL }

    /// Sends `request` and returns the answer whatever its status.
    func send(_ request: OfficialRequest) async throws -> TransportResponse {
        guard let url = URL(string: baseURL + request.target) else { throw ConformanceFailure("not a URL: \(request.target)") }
        let response = try await transport.send(
            TransportRequest(method: request.method, url: url, headers: request.headers, body: request.body))
        // The official SDK copies this header into `Playback.Created.RequestId`.
        #expect(response.header(named: "X-Request-Id")?.isEmpty == false, "\(request.target) answered without X-Request-Id")
        return response
    }

    /// Sends `request`, requires a 2xx answer and decodes it as the official model `Model` would.
    func decode<Model: Decodable>(_ model: Model.Type, _ request: OfficialRequest) async throws -> Model {
        let response = try await send(request)
        guard response.isSuccess else {
            throw ConformanceFailure(
                "\(request.method.rawValue) \(request.target) → \(response.status) \(String(decoding: response.body, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Model.self, from: response.body)
    }

    /// Logs in as the official SDK does (v3, device in the body) and returns the session token.
    func login(_ username: String = "premium") async throws -> String {
        try await decode(OfficialCredentials.self, OfficialCatalog.login(version: "v3", username: username)).sessionToken
    }

    /// A program airing now on `channelId`, looked up the way the official ProgramService does.
    func programOnAir(_ channelId: String = "news-24") async throws -> OfficialProgram {
        let now = platform.context.clock.nowMs()
        let epg = try await decode(OfficialChannelEpg.self, OfficialCatalog.epgSpan(channelId, fromMs: now, toMs: now))
        guard let program = epg.programs?.last else { throw ConformanceFailure("no program on air on \(channelId)") }
        return program
    }

    /// Today's date as the SDK's `todaySimple` writes it (`yyyy-MM-dd`), in platform time.
    var today: String { String(ISO8601.string(fromMilliseconds: platform.context.clock.nowMs()).prefix(10)) }
}

/// A conformance check that could not be carried out as the official SDK would.
struct ConformanceFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
