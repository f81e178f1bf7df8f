import Clocks
import Exposure
import ExposurePlayback
import Foundation
import Testing

/// iOSClientExposure's documented calls (OfficialExposureSamples.swift) run against the mock,
/// each bringing back what the official documentation says it does.
@Suite struct OfficialExposureSampleTests {
    @Test func errorHandlingSwitchesOnTheOfficialCases() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        await app.errorHandlingSample(someAsset: "arctic-journey").value
        let basic = try await mock.app(username: "basic")
        await basic.errorHandlingSample(someAsset: "arctic-journey").value
        await basic.errorHandlingSample(someAsset: "no-such-asset").value
        #expect(app.received == ["entitled true"])
        // A 404 is an Exposure answer too; the sample only reports 403s.
        #expect(basic.received == ["exposureResponse 403 NOT_ENTITLED"])
    }

    @Test func everyEntitlementFormIsAnsweredByTheMock() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        let epg = try await FetchEpg(environment: mock.environment).channel(id: "news-24")
            .filter(
                starting: Date(timeIntervalSince1970: Double(SeedMock.startMs) / 1000 - 7200),
                ending: Date(timeIntervalSince1970: Double(SeedMock.startMs) / 1000)
            )
            .request()
        let pastProgram = try #require(epg.programs.first)
        let requests = app.entitlementRequestSamples(
            someAsset: "arctic-journey", someChannel: "news-24", someProgram: pastProgram.programId, someOfflineAsset: "arctic-journey")
        var kinds: [String] = []
        for request in requests { kinds.append(try await request.request().streamInfo?.kind.rawValue ?? "none") }
        // The channel's entitlement names the program on air, as Exposure's does.
        #expect(kinds == ["vod", "liveProgram", "catchup", "vod"])
    }

    @Test func searchAutocompleteEventsAndEPG() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        for task in app.searchSamples() { await task.value }
        #expect(app.received.contains("autocomplete [\"Arctic Journey\"]"))
        let search = try #require(app.received.first { $0.hasPrefix("search") })
        #expect(search.hasPrefix("search 4 ") && search.contains("harbour-tales-s1e1"))

        await app.eventSample(date: String(ISO8601.string(fromMilliseconds: SeedMock.startMs).prefix(10))).value
        #expect(app.received.contains("events summer-concert"))

        let now = Date(timeIntervalSince1970: Double(SeedMock.startMs) / 1000)
        await app.multiChannelEpgSample(yesterdaysDate: now.subtract(days: 1), tomorrowsDate: now.add(days: 1) ?? now).value
        #expect(app.received.contains("epgs [\"news-24\", \"kids-fun\"]"))
    }

    @Test func rawCallsDownloadInfoFirebaseAndTheEventSink() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        await app.exposureApiSample().value
        await app.downloadInfoSample(assetId: "arctic-journey").value
        await app.firebaseLoginSample(
            accesstoken: "mock-firebase:premium", providerId: "google.com", username: nil, code: "en", email: nil, displayName: nil
        ).value
        await app.firebaseLoginSample(
            accesstoken: "forged", providerId: "google.com", username: nil, code: nil, email: nil, displayName: nil
        ).value
        await app.eventSinkSample(myEnvironment: mock.environment).value
        let movies = try #require(app.received.first { $0.hasPrefix("movies") })
        #expect(movies.contains("arctic-journey") && !movies.contains("news-24"))
        #expect(
            Array(app.received.dropFirst()) == [
                "downloadinfo arctic-journey", "firebase token received", "firebase error 401 INCORRECT_CREDENTIALS",
                "eventsink initialized"
            ])
    }

    @Test func bothSpellingsMeanTheSame() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        #expect(try await app.spellingSamples() == ["true", "APPLE_TV", "true", "true", "true"])
    }
}
