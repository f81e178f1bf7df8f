import Exposure
import Foundation
import MockPlatformTesting
import Testing

/// The points of issue 11 as the official SDK meets them: the program on air, sprite image
/// URLs, request ids, and bad input.
@Suite struct WirePointTests {
    /// The official ProgramService's `requestedProgram`: one candidate whose end is the instant
    /// is over; of several, the last.
    private func requestedProgram(_ candidates: [OfficialProgram], at timestamp: Int64) -> OfficialProgram? {
        if candidates.count == 1 { return candidates[0].endMs == timestamp ? nil : candidates[0] }
        return candidates.last
    }

    @Test func programServiceFindsTheProgramOnAirAtEveryInstant() async throws {
        let platform = try await ConformancePlatform()
        let start = try #require(try await platform.programOnAir("kids-fun").startMs)
        platform.platform.setClock(to: Date(timeIntervalSince1970: Double(start) / 1000), rate: 0)
        for timestamp in [start, start + 1, start + 59_999, start - 1] {
            let epg = try await platform.decode(
                OfficialChannelEpg.self, OfficialCatalog.epgSpan("kids-fun", fromMs: timestamp, toMs: timestamp))
            let program = try #require(requestedProgram(epg.programs ?? [], at: timestamp), "no program at \(timestamp)")
            #expect(try #require(program.startMs) <= timestamp && timestamp < (try #require(program.endMs)))
        }
    }

    /// The official `CueTextParser.parseImageUrl`: `http://` kept, `/…` rebuilt from the VTT's
    /// scheme and host only (no port), anything else relative to the VTT.
    private func officialImageURL(_ cueText: String, vttURL: URL) -> String? {
        guard let name = cueText.components(separatedBy: "#").first else { return nil }
        if name.starts(with: "http://") { return name }
        if name.starts(with: "/") {
            var components = URLComponents()
            components.scheme = vttURL.scheme
            components.host = vttURL.host
            return components.url?.appendingPathComponent(name).absoluteString
        }
        return vttURL.deletingLastPathComponent().appendingPathComponent(name).absoluteString
    }

    @Test func spriteImagesLoadThroughTheOfficialWebVTTParser() async throws {
        let platform = try await ConformancePlatform()
        let play = try await platform.decode(
            OfficialPlaybackEntitlement.self, OfficialCatalog.play("arctic-journey", token: try await platform.login()))
        let vttAddress = try #require(play.sprites?.first?.vtt)
        let vtt = try #require(URL(string: vttAddress))
        let track = try await platform.transport.send(TransportRequest(method: .get, url: vtt))
        let cueTexts = String(decoding: track.body, as: UTF8.self).split(separator: "\n").filter { $0.contains("#xywh=") }
        #expect(!cueTexts.isEmpty)
        let imageAddress = try #require(officialImageURL(String(cueTexts[0]), vttURL: vtt))
        let image = try #require(URL(string: imageAddress))
        #expect(image.port == platform.platform.port)
        let answer = try await platform.transport.send(TransportRequest(method: .get, url: image))
        #expect(answer.status == 200 && answer.header(named: "Content-Type") == "image/jpeg")
    }

    @Test func entitlementRequestIdIsNewPerRequestAndJournaled() async throws {
        let platform = try await ConformancePlatform()
        let token = try await platform.login()
        var ids: [String] = []
        for _ in 0..<2 {
            let response = try await platform.send(OfficialCatalog.play("arctic-journey", token: token))
            ids.append(try #require(response.header(named: "X-Request-Id")))
            #expect(try JSONDecoder().decode(OfficialPlaybackEntitlement.self, from: response.body).requestId == ids.last)
        }
        #expect(ids[0] != ids[1])
        let journaled = platform.platform.requests(pathPrefix: "/v2/customer/Sandbox/businessunit/Dev/entitlement/").compactMap(\.requestId)
        #expect(journaled == ids)
    }

    @Test func aFirebaseTokenThatIsNotTheTestTokenIsRefused() async throws {
        let platform = try await ConformancePlatform()
        for token in ["forged", "mock-firebase:nobody", "mock-firebase:"] {
            let response = try await platform.send(OfficialCatalog.firebaseLogin(accessToken: token))
            #expect(response.status == 401, "\(token)")
            let message = try JSONDecoder().decode(OfficialErrorMessage.self, from: response.body)
            #expect(message.message == "INCORRECT_CREDENTIALS")
        }
    }

    @Test(arguments: [
        ("wrong type", OfficialCatalog.assetList(["pageSize": .string("fifty")]), "pageSize must be a whole number"),
        ("unknown sort field", OfficialCatalog.assetList(["sort": .string("-rank")]), "sort names an unknown asset field \"rank\""),
        (
            "unknown included field", OfficialCatalog.assetList(["includeFields": .string("poster")]),
            "includeFields names an unknown asset field"
        ),
        ("malformed query", OfficialCatalog.assetList(["query": .string("title:(arctic")]), "query is outside the supported search syntax"),
        ("unsupported query", OfficialCatalog.assetList(["query": .string("arc*")]), "wildcards (*) is not supported"),
        ("reversed range", OfficialCatalog.epgSpan("news-24", fromMs: 2_000, toMs: 1_000), "to must not be before from"),
        ("search without a word", OfficialCatalog.searchQuery("--"), "query must hold a word"),
        ("autocomplete without a word", OfficialCatalog.autocomplete("..."), "query must hold a word"),
        (
            "search sorted on no field", OfficialCatalog.searchQuery("arctic", ["sort": .string("rank")]),
            "sort names an unknown asset field"
        ),
        ("events of no date", OfficialCatalog.events(date: "2026-13-45"), "date must be a date written yyyy-MM-dd"),
        ("events too far ahead", OfficialCatalog.events(date: "2026-12-01", ["daysForward": .integer(400)]), "daysForward must be"),
        ("events sorted on no key", OfficialCatalog.events(date: "2026-12-01", ["sort": .string("-created")]), "sorts events by startTime"),
        (
            "channels sorted on no key", OfficialCatalog.epgDate(["news-24", "kids-fun"], date: "2026-12-01", sort: "title"),
            "sorts channel lists by channelId"
        )
    ])
    func badInputIsRefusedWithWhatWasWrong(_ what: String, _ request: OfficialRequest, _ explanation: String) async throws {
        let platform = try await ConformancePlatform()
        let response = try await platform.send(request)
        #expect(response.status == 400, "\(what)")
        let message = try JSONDecoder().decode(OfficialErrorMessage.self, from: response.body)
        #expect(message.httpCode == 400 && message.message == "INVALID_PARAMETER")
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect((body["extendedMessage"] as? String)?.contains(explanation) == true, "\(what): \(body)")
    }
}
