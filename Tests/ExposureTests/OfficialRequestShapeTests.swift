import Exposure
import Foundation
import Testing

/// The iOSClientExposure builders this SDK adds put on the wire what the official SDK does
/// (paths, versions, default parameters), or the documented v2 form where it differs.
@Suite("Official request builders")
struct OfficialRequestShapeTests {
    let api = "\(TestValues.base)/v1/customer/Sandbox/businessunit/Dev"
    let api2 = "\(TestValues.base)/v2/customer/Sandbox/businessunit/Dev"
    let transport = RecordingTransport()

    var entitlement: Entitlement { Entitlement(environment: TestValues.environment, sessionToken: TestValues.token, transport: transport) }

    @Test func aSearchSendsTheListDefaultsAndEveryRefinement() throws {
        let request = try Search(environment: TestValues.environment, transport: transport)
            .query(for: "arctic journey")
            .filter(locale: "en")
            .filter(on: ["MOVIE", "EPISODE"])
            .use(fieldSet: .partial)
            .include(fields: ["tags"])
            .exclude(fields: ["publications.rights", "tags"])
            .sort(on: ["-publications.publicationDate", "assetId"])
            .show(page: 2, spanning: 10)
            .transportRequest()
        #expect(
            request.url.absoluteString
                == api + "/content/search/query/arctic%20journey?excludeFields=publications.rights%2Ctags&fieldSet=PARTIAL"
                + "&includeFields=tags&locale=en&onlyPublished=true&pageNumber=2&pageSize=10"
                + "&sort=-publications.publicationDate%2CassetId&types=MOVIE%2CEPISODE")
    }

    @Test func anAutocompleteSendsTheTextInThePathAndTheLocale() throws {
        let search = Search(environment: TestValues.environment, transport: transport)
        #expect(try search.autocomplete(for: "arc").transportRequest().url.absoluteString == api + "/content/search/autocomplete/arc")
        #expect(
            try search.autocomplete(for: "The Amazing/TV").filter(locale: "sv").transportRequest().url.absoluteString
                == api + "/content/search/autocomplete/The%20Amazing%2FTV?locale=sv")
    }

    @Test func anEventListIsV2WithTheOfficialDefaults() throws {
        let events = FetchEvent(environment: TestValues.environment, transport: transport).list(date: "2026-12-01")
        #expect(
            try events.transportRequest().url.absoluteString
                == api2 + "/event/date/2026-12-01?daysBackward=0&daysForward=85&pageNumber=1&pageSize=50")
        #expect(
            try events.filter(daysBackward: 2, daysForward: 2).sort(on: "-startTime").show(page: 1, spanning: 100)
                .transportRequest().url.absoluteString
                == api2 + "/event/date/2026-12-01?daysBackward=2&daysForward=2&pageNumber=1&pageSize=100&sort=-startTime")
    }

    @Test func aFirebaseLoginPostsTheTokenProviderAndUser() throws {
        let request = try Authenticate(environment: TestValues.environment, transport: transport)
            .loginWithFirebase(
                firebaseToken: "id-token", providerId: "google.com", username: nil, language: "en", email: "a@example.com",
                displayName: "A", device: TestValues.device
            )
            .transportRequest()
        #expect(request.method == .post && request.url.absoluteString == api2 + "/auth/firebaseLogin")
        let body = try JSONDecoder().decode(FirebaseLoginRequest.self, from: try #require(request.body))
        #expect(
            body
                == FirebaseLoginRequest(
                    device: TestValues.device, accessToken: "id-token", providerId: "google.com", email: "a@example.com",
                    displayName: "A", emailVerified: true, language: "en"))
    }

    @Test func playRequestsAreTheV2PlayCallWithTheDRMAndFormatAskedFor() throws {
        #expect(
            try entitlement.vod(assetId: "movie-1").transportRequest().url.absoluteString
                == api2 + "/entitlement/movie-1/play?deviceMake=Generic&deviceModel=\(DeviceInfo.current.model)"
                + "&supportedFormats=hls%2Cmp3")
        let live = try entitlement.live(channelId: "news-24").use(drm: "FAIRPLAY", format: "HLS").transportRequest()
        #expect(live.url.path.hasSuffix("/v2/customer/Sandbox/businessunit/Dev/entitlement/news-24/play"))
        #expect(live.url.query?.contains("supportedDrms=fairplay&supportedFormats=hls") == true)
        let clear = try entitlement.vod(assetId: "movie-1").use(drm: "UNENCRYPTED").transportRequest()
        #expect(clear.url.query?.contains("supportedDrms") == false)
        #expect(live.header(named: "Authorization") == "Bearer \(TestValues.token.value)")
    }

    @Test func aProgramIsPlayedAsTheAssetTheEPGNames() async throws {
        let transport = RecordingTransport { request in
            let body =
                request.url.path.contains("/epg/")
                ? #"{"programId": "p1", "assetId": "p1-asset", "channelId": "ch_1"}"#
                : #"{"playToken": "t", "formats": []}"#
            return TransportResponse(status: 200, body: Data(body.utf8))
        }
        let call = Entitlement(environment: TestValues.environment, sessionToken: TestValues.token, transport: transport)
            .program(programId: "p1", channelId: "ch_1")
        _ = try? await call.request()
        let paths = await transport.requests.map(\.url.path)
        #expect(
            paths == [
                "/v2/customer/Sandbox/businessunit/Dev/epg/ch_1/program/p1",
                "/v2/customer/Sandbox/businessunit/Dev/entitlement/p1-asset/play"
            ])
    }

    /// A program's request names its asset: built without the EPG it would name the program.
    @Test func aProgramsRequestIsOnlyBuiltOnceTheEPGNamedItsAsset() async throws {
        let transport = RecordingTransport { _ in
            TransportResponse(status: 200, body: Data(#"{"programId": "p1", "assetId": "p1-asset", "channelId": "ch_1"}"#.utf8))
        }
        let call = Entitlement(environment: TestValues.environment, sessionToken: TestValues.token, transport: transport)
            .program(programId: "p1", channelId: "ch_1")
        #expect(throws: ExposureError.self) { try call.transportRequest() }
        #expect(throws: ExposureError.self) { try Self.syncRequest(call) }
        let request = try await call.resolvedTransportRequest()
        #expect(request.url.path == "/v2/customer/Sandbox/businessunit/Dev/entitlement/p1-asset/play")
        #expect(await transport.requests.count == 1, "the EPG only")
    }

    /// `transportRequest()` as generic code reaches it.
    static func syncRequest(_ call: some ExposureRequest) throws -> TransportRequest { try call.transportRequest() }

    @Test func aDownloadEntitlementNamesTheDevice() throws {
        let request = try entitlement.download(assetId: "movie-1", deviceMake: "apple", deviceModel: "iPhone14,2").transportRequest()
        #expect(request.url.absoluteString == api2 + "/entitlement/movie-1/download?deviceMake=apple&deviceModel=iPhone14%2C2")
    }

    @Test func downloadInfoAndAvailabilityKeysAreV2WithTheToken() throws {
        let info = try GetDownloadableInfo(
            assetId: "movie-1", environment: TestValues.environment, sessionToken: TestValues.token, transport: transport
        ).transportRequest()
        #expect(info.url.absoluteString == api2 + "/entitlement/movie-1/downloadinfo")
        let keys = try GetAvailabilityKeys(environment: TestValues.environment, sessionToken: TestValues.token, transport: transport)
            .transportRequest()
        #expect(keys.url.absoluteString == api2 + "/entitlement/availabilitykey")
        #expect(keys.header(named: "Authorization") == "Bearer \(TestValues.token.value)")
    }

    @Test func aRawCallTakesTheQueryAsWritten() throws {
        let request = try ExposureApi<AssetList>(
            environment: TestValues.environment, endpoint: "/content/asset",
            query: "onlyPublished=true&assetType=MOVIE&assetIds=a&assetIds=b&broken", sessionToken: TestValues.token,
            transport: transport
        ).transportRequest()
        #expect(request.url.absoluteString == api + "/content/asset?assetIds=a&assetIds=b&assetType=MOVIE&onlyPublished=true")
        #expect(request.header(named: "Authorization") == "Bearer \(TestValues.token.value)")
        let posted = try ExposureApi<AssetList>(
            environment: TestValues.environment, endpoint: "content/asset", parameters: ["pageSize": 5, "includeUserData": false],
            method: .post, version: .v2, transport: transport
        ).transportRequest()
        #expect(posted.method == .post)
        #expect(posted.url.absoluteString == api2 + "/content/asset?includeUserData=false&pageSize=5")
    }

    @Test func severalChannelsAreOneV1CallSortedAsAsked() throws {
        let request = try FetchEpg(environment: TestValues.environment, transport: transport)
            .channels(ids: ["news-24", "kids-fun"])
            .sort(on: ["-channelId"])
            .transportRequest()
        #expect(request.url.absoluteString == api + "/epg/news-24,kids-fun?onlyPublished=true&pageNumber=1&pageSize=50&sort=-channelId")
    }

    @Test(arguments: [
        ("MOBILE", DeviceType.mobile, "mobile"), ("TABLET", .tablet, "tablet"), ("APPLE_TV", .appleTv, "ctv"),
        ("airplay", .airplay, "airplay"), ("WEB", .other(string: "WEB"), "WEB")
    ])
    func deviceTypesReadAndWriteTheirNames(name: String, type: DeviceType, playName: String) {
        #expect(DeviceType(string: name) == type)
        #expect(type.value == name && type.playValue == playName)
    }
}
