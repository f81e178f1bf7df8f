// swift-format-ignore-file
// (the samples keep the layout of iOSClientExposure's README and Documentation/)
import Exposure
import ExposurePlayback
import Foundation

/// iOSClientExposure's documented calls (README and Documentation/ of v3.9.0 and earlier),
/// written the way an app copies them, against this SDK. Each hands what it got to the app
/// (`note`), where the official text leaves a comment.
extension SampleApp {
    /// Error handling: the three cases apps switch on (error-handling-and-response-validation.md).
    @discardableResult
    func errorHandlingSample(someAsset: String) -> Task<Void, Never> {
        Entitlement(environment: environment,
                    sessionToken: sessionToken)
            .vod(assetId: someAsset)
            .use(drm: "UNENCRYPTED")
            .request()
            .validate(statusCode: 200..<299)
            .response{ [weak self] in
                if case let .exposureResponse(reason: reason) = $0.error, (reason.httpCode == 403) {
                    self?.note("exposureResponse \(reason.httpCode) \(reason.message)")
                }
                if case let .serialization(reason: .jsonSerialization(error: jsonError)) = $0.error {
                    self?.note("jsonSerialization \(jsonError)")
                }
                if case let .generalError(error: error) = $0.error {
                    self?.note("generalError \(error)")
                }
                if let entitlement = $0.value {
                    self?.note("entitled \(entitlement.playToken != nil)")
                }
            }
    }

    /// "Requesting Playback Entitlements": the four forms, and a program with its DRM.
    func entitlementRequestSamples(someAsset: String, someChannel: String, someProgram: String, someOfflineAsset: String) -> [EntitlementPlayRequest] {
        let request = Entitlement(environment: environment, sessionToken: sessionToken)
        let vodRequest = request.vod(assetId: someAsset)
        let liveRequest = request.live(channelId: someChannel)
        let catchupRequest = request.program(programId: someProgram, channelId: someChannel)
        let downloadRequest = request.download(assetId: someOfflineAsset)
        return [vodRequest, liveRequest, catchupRequest.use(drm: "UNENCRYPTED"), downloadRequest.use(drm: "UNENCRYPTED", format: "HLS")]
    }

    /// "Content Search": autocomplete, then a query refined as an asset list is.
    @discardableResult
    func searchSamples() -> [Task<Void, Never>] {
        let autocomplete = Search(environment: environment)
            .autocomplete(for: "arctic jou")
            .filter(locale: "en")
            .request()
            .response{
                // Matches "Arctic Journey"
                self.note("autocomplete \($0.value?.map(\.text) ?? [])")
            }
        let query = Search(environment: environment)
            .query(for: "harbour")
            .filter(locale: "en")
            .use(fieldSet: .all)
            .exclude(fields: ["publications.rights", "tags"])
            .sort(on: ["-publications.publicationDate","assetId"])
            .show(page: 1, spanning: 100)
            .request()
            .response{
                // Handle the response
                self.note("search \($0.value?.totalCount ?? -1) \($0.value?.items.map(\.asset.assetId) ?? [])")
            }
        return [autocomplete, query]
    }

    /// "Fetching Events".
    @discardableResult
    func eventSample(date: String) -> Task<Void, Never> {
        FetchEvent(environment: environment)
            .list(date: date)
            .filter(daysBackward: 2, daysForward: 2)
            .sort(on:"-startTime")
            .show(page: 1, spanning: 100)
            .request()
            .validate()
            .response {
                // Handle response
                self.note("events \($0.value?.items?.first?.assetId ?? "none")")
            }
    }

    /// "Fetching EPG" for several channels, sorted, and for one program.
    @discardableResult
    func multiChannelEpgSample(yesterdaysDate: Date, tomorrowsDate: Date) -> Task<Void, Never> {
        FetchEpg(environment: environment)
            .channels(ids: ["news-24", "kids-fun"])
            .filter(starting: yesterdaysDate, ending: tomorrowsDate)
            .sort(on: ["-channelId"])
            .show(page: 1, spanning: 100)
            .request()
            .response{
                // Handle response
                self.note("epgs \($0.value?.map(\.channelId) ?? [])")
            }
    }

    /// "Generic Exposure endpoints".
    @discardableResult
    func exposureApiSample() -> Task<Void, Never> {
        let sessionToken: SessionToken? = self.sessionToken
        let query = "onlyPublished=true&includeUserData=\(sessionToken != nil)&fieldSet=ALL&assetType=MOVIE&sort=originalTitle"
        return ExposureApi<AssetList>(environment: environment, endpoint: "content/asset", query: query, sessionToken: sessionToken)
            .request()
            .validate()
            .response{
                if let success = $0.value {
                    // Present or manage the response
                    self.note("movies \(success.items.map(\.assetId))")
                }
                if let error = $0.error {
                    // Present or manage the error
                    self.note("error \(error.message)")
                }
            }
    }

    /// "Download Info of an Asset", and the availability keys.
    @discardableResult
    func downloadInfoSample(assetId: String) -> Task<Void, Never> {
        GetDownloadableInfo(assetId: assetId, environment: environment, sessionToken: sessionToken)
            .request()
            .validate()
            .response {
                // Handle response
                self.note("downloadinfo \($0.value?.assetId ?? "none")")
            }
    }

    /// "Login using Firebase".
    @discardableResult
    func firebaseLoginSample(accesstoken: String, providerId: String, username: String?, code: String?, email: String?, displayName: String?) -> Task<Void, Never> {
        let enviornment = environment
        return Authenticate(environment: enviornment)
            .loginWithFirebase(firebaseToken: accesstoken, providerId: providerId, username: username, language: code, email: email, displayName: displayName)
            .request()
            .validate()
            .response {
                if let error = $0.error {
                    // Handle Error
                    self.note("firebase error \(error.code) \(error.message)")
                }
                if let sessionToken = $0.value?.sessionToken {
                    // Store/pass along the returned SessionToken
                    self.note("firebase token \(sessionToken.value.isEmpty ? "empty" : "received")")
                }
            }
    }

    /// "Analytics Delivery": the EventSink's handshake.
    @discardableResult
    func eventSinkSample(myEnvironment: Environment) -> Task<Void, Never> {
        EventSink()
            .initialize(using: myEnvironment)
            .request()
            .response{
                // Handle response
                self.note("eventsink \($0.value.map { _ in "initialized" } ?? "failed")")
            }
    }

    /// `FetchServerTime`, the device types, and the spellings where the seed and the official
    /// code differ (both compile).
    func spellingSamples() async throws -> [String] {
        let time = try await FetchServerTime(environment: environment).request()
        let officialProperties = PlaybackProperties(autoplay: true, playFrom: .customTime(timestamp: time.epochMillis), language: .defaultBehaviour)
        let seedProperties = PlaybackProperties(autoPlay: true, playFrom: .customTime(time: time.epochMillis), language: .defaultBehavior)
        let serverDate: Date? = player.serverTime
        let serverMs: Int64? = player.serverTimeMs
        let manager = BackgroundAnalyticsManager()
        _ = manager
        return [
            "\(officialProperties == seedProperties)", DeviceType.appleTv.value, "\(serverDate == nil)", "\(serverMs == nil)",
            "\(PlaybackProperties.PlayFrom.defaultBehaviour == .defaultBehavior)"
        ]
    }
}
