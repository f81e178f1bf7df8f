import Exposure
import Foundation

/// The requests of the official iOS SDK (iOSClientExposure 3.9, iOSClientExposurePlayback 3.15),
/// each built as the SDK builds it: the endpoint's API version, its default parameters, its
/// headers and body. Comments name the SDK type that sends it.
enum OfficialCatalog {
    // MARK: Authentication

    /// `Login` (v3; `Authenticate.login` — v2 is the older form): credentials and the device.
    static func login(version: String, username: String = "premium") -> OfficialRequest {
        .api(
            .post, version, "/auth/login",
            json: [
                "username": username, "password": "sandbox", "rememberMe": false, "device": OfficialDevice.json
            ])
    }

    /// `Anonymous` (v2): the device and its id.
    static func anonymous() -> OfficialRequest {
        .api(.post, "v2", "/auth/anonymous", json: ["device": OfficialDevice.json, "deviceId": OfficialDevice.deviceId])
    }

    /// `ValidateSessionToken`: the environment's version (v1 unless the app changes it).
    static func validateSession(version: String, token: String) -> OfficialRequest {
        .api(.get, version, "/auth/session", token: token)
    }

    /// `Logout`: `DELETE …/auth/session`.
    static func logout(version: String, token: String) -> OfficialRequest {
        .api(.delete, version, "/auth/session", token: token)
    }

    // MARK: Content

    /// `FetchAssetList` with its defaults (`fieldSet=ALL`, `onlyPublished=true`, page 1 of 50,
    /// `includeUserData` false unless a token is given) and any further parameters.
    static func assetList(_ extra: [String: OfficialQueryValue] = [:], token: String? = nil) -> OfficialRequest {
        let defaults: [String: OfficialQueryValue] = [
            "fieldSet": .string("ALL"), "onlyPublished": .bool(true), "pageNumber": .integer(1), "pageSize": .integer(50),
            "includeUserData": .bool(token != nil)
        ]
        return .api(.get, "v1", "/content/asset", query: defaults.merging(extra) { $1 }, token: token)
    }

    /// `FetchAssetById`.
    static func asset(_ assetId: String, token: String? = nil, _ extra: [String: OfficialQueryValue] = [:]) -> OfficialRequest {
        let defaults: [String: OfficialQueryValue] = [
            "fieldSet": .string("ALL"), "onlyPublished": .bool(true), "includeUserData": .bool(token != nil)
        ]
        return .api(.get, "v1", "/content/asset/" + assetId, query: defaults.merging(extra) { $1 }, token: token)
    }

    /// `FetchServerTime`.
    static func time() -> OfficialRequest { .api(.get, "v1", "/time") }

    /// `FetchLastViewedOffsetList` (v1): ids as repeated keys.
    static func lastViewedOffsets(_ assetIds: [String], token: String) -> OfficialRequest {
        .api(.get, "v1", "/userplayhistory/lastviewedoffset", query: ["assetIds": .list(assetIds)], token: token)
    }

    /// `FetchContinueTVShow`.
    static func continueTVShow(_ showId: String, token: String) -> OfficialRequest {
        .api(.get, "v1", "/userplayhistory/continue/tvshow/" + showId, token: token)
    }

    /// `FirebaseLogin` (v2): the device, the Firebase token and provider, the optional user
    /// facts and `emailVerified: true`.
    static func firebaseLogin(accessToken: String) -> OfficialRequest {
        .api(
            .post, "v2", "/auth/firebaseLogin",
            json: [
                "device": OfficialDevice.json, "accessToken": accessToken, "providerId": "google.com", "email": "premium@example.com",
                "displayName": "Premium", "emailVerified": true, "language": "en"
            ])
    }

    // MARK: Search and events

    /// `SearchQuery` (the environment's version, v1) with its defaults, the text escaped in the path.
    static func searchQuery(_ text: String, _ extra: [String: OfficialQueryValue] = [:]) -> OfficialRequest {
        let defaults: [String: OfficialQueryValue] = [
            "fieldSet": .string("ALL"), "onlyPublished": .bool(true), "pageNumber": .integer(1), "pageSize": .integer(50)
        ]
        return .api(.get, "v1", "/content/search/query/" + OfficialQuery.escape(text), query: defaults.merging(extra) { $1 })
    }

    /// `SearchAutocomplete`: the text in the path as typed (the official SDK does not escape it
    /// beyond what a URL needs), `locale` when filtered.
    static func autocomplete(_ text: String, locale: String? = nil) -> OfficialRequest {
        .api(
            .get, "v1", "/content/search/autocomplete/" + text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!,
            query: locale.map { ["locale": .string($0)] } ?? [:])
    }

    /// `FetchEventList` (v2) with its defaults (`daysBackward=0`, `daysForward=85`, page 1 of 50).
    static func events(date: String, _ extra: [String: OfficialQueryValue] = [:]) -> OfficialRequest {
        let defaults: [String: OfficialQueryValue] = [
            "daysBackward": .integer(0), "daysForward": .integer(85), "pageNumber": .integer(1), "pageSize": .integer(50)
        ]
        return .api(.get, "v2", "/event/date/" + date, query: defaults.merging(extra) { $1 })
    }

    // MARK: EPG

    /// `FetchEpg(environment:)` (v1) `.channel(id:).filter(starting:ending:)`; the ProgramService
    /// sends `from == to`, the unfiltered call `from=0&to=now`.
    static func epgSpan(_ channelIds: String, fromMs: Int64, toMs: Int64) -> OfficialRequest {
        .api(
            .get, "v1", "/epg/" + OfficialQuery.escape(channelIds),
            query: [
                "onlyPublished": .bool(true), "pageNumber": .integer(1), "pageSize": .integer(50),
                "from": .integer(fromMs), "to": .integer(toMs)
            ])
    }

    /// `FetchEpg(environment:date:version: .v2)`: `.channel(id:)`, `.channels(ids:)` (ids joined
    /// and escaped, so `,` is `%2C`) and `.channels()` (no ids: `epg//date/…`).
    static func epgDate(_ channelIds: [String], date: String, sort: String? = nil) -> OfficialRequest {
        var query: [String: OfficialQueryValue] = [
            "pageNumber": .integer(1), "pageSize": .integer(50), "daysBackward": .integer(0), "daysForward": .integer(0)
        ]
        query["sort"] = sort.map(OfficialQueryValue.string)
        return .api(.get, "v2", "/epg/" + OfficialQuery.escape(channelIds.joined(separator: ",")) + "/date/" + date, query: query)
    }

    /// `FetchEpgProgram` (v2).
    static func program(_ programId: String, channelId: String) -> OfficialRequest {
        .api(.get, "v2", "/epg/\(channelId)/program/\(programId)", query: ["onlyPublished": .bool(true)])
    }

    /// `FetchNextProgram`/`FetchPreviousProgram` (v2; `direction` is `next` or `previous`), and
    /// the form under the channel the contract also serves (`channelId` given).
    static func neighbour(_ direction: String, of programId: String, channelId: String? = nil) -> OfficialRequest {
        let prefix = channelId.map { "/epg/\($0)/program/" } ?? "/epg/program/"
        return .api(.get, "v2", prefix + programId + "/" + direction, query: ["onlyPublished": .bool(true)])
    }

    /// `FetchProgramAiring` (v2): no parameters.
    static func airing(_ programId: String, channelId: String) -> OfficialRequest {
        .api(.get, "v2", "/epg/\(channelId)/program/\(programId)/airing")
    }

    // MARK: Entitlement

    /// `PlayEnigmaAsset` (or, with ads, `PlayEnigmaAdsAsset` with every `AdsOptions` field and
    /// custom parameters merged in), with the Adobe Primetime header when given.
    static func play(
        _ assetId: String, token: String, ads: Bool = false, adobeToken: String? = nil,
        materialProfile: String? = nil
    ) -> OfficialRequest {
        var query = ads ? OfficialDevice.adsQuery.merging(["campaign": .string("spring,2026")]) { $1 } : OfficialDevice.playQuery
        if let materialProfile { query["materialProfile"] = .string(materialProfile) }
        return .api(
            .get, "v2", "/entitlement/\(assetId)/play", query: query, token: token,
            headers: adobeToken.map { ["X-Adobe-Primetime-MediaToken": $0] } ?? [:])
    }

    /// `ValidateEntitlement` (v2): `time` as the ProgramService writes it (`yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`, `:` escaped).
    static func entitle(_ assetId: String, token: String, time: String?) -> OfficialRequest {
        .api(.get, "v2", "/entitlement/\(assetId)/entitle", query: time.map { ["time": .string($0)] } ?? [:], token: token)
    }

    // MARK: Downloads (iOSClientExposureDownload's calls, all v2)

    /// `GetDownloadableInfo`.
    static func downloadInfo(_ assetId: String, token: String) -> OfficialRequest {
        .api(.get, "v2", "/entitlement/\(assetId)/downloadinfo", token: token)
    }

    /// `DownloadVod`: the device's make (lower-cased) and model in the query.
    static func downloadVod(_ assetId: String, token: String) -> OfficialRequest {
        .api(
            .get, "v2", "/entitlement/\(assetId)/download", query: ["deviceMake": .string("apple"), "deviceModel": .string("iPhone14,2")],
            token: token)
    }

    /// `ValidateDownload`: the same path without a query.
    static func validateDownload(_ assetId: String, token: String) -> OfficialRequest {
        .api(.get, "v2", "/entitlement/\(assetId)/download", token: token)
    }

    /// `SendDownloadCompleted` / `SendDownloadRenewed`: POSTs without a body.
    static func downloadReport(_ assetId: String, _ report: String, token: String) -> OfficialRequest {
        .api(.post, "v2", "/entitlement/\(assetId)/\(report)", token: token)
    }

    /// `GetDownloadVerified`.
    static func downloadVerified(_ assetId: String, token: String) -> OfficialRequest {
        .api(.get, "v2", "/entitlement/\(assetId)/downloadverified", token: token)
    }

    /// `GetAllDownloads`.
    static func allDownloads(token: String) -> OfficialRequest { .api(.get, "v2", "/entitlement/downloads", token: token) }

    /// `DeleteDownload`.
    static func deleteDownload(_ assetId: String, token: String) -> OfficialRequest {
        .api(.delete, "v2", "/entitlement/\(assetId)/downloads", token: token)
    }

    /// `GetAvailabilityKeys`.
    static func availabilityKeys(token: String) -> OfficialRequest { .api(.get, "v2", "/entitlement/availabilitykey", token: token) }

    // MARK: EventSink

    /// The Dispatcher's `initialize` (`{baseUrl}/eventsink/init`) or `EventSinkInit` with an
    /// analytics base URL (v2 path): a POST without body.
    static func eventSinkInit(versioned: Bool) -> OfficialRequest {
        versioned ? .api(.post, "v2", "/eventsink/init") : .unversioned(.post, "/eventsink/init")
    }

    /// The Dispatcher's `deliver`: the batch as `AnalyticsBatch.jsonParameters()` writes it.
    static func eventSinkSend(playSessionId: String, token: String, versioned: Bool, nowMs: Int64) -> OfficialRequest {
        let created: [String: Any] = [
            "EventType": "Playback.Created", "Timestamp": nowMs, "OffsetTime": 0, "SequenceNumber": 1, "Player": "EMP.iOS2",
            "Version": "3.15.1", "AutoPlay": true, "PlayMode": "vod", "AssetId": "arctic-journey", "DeviceId": OfficialDevice.deviceId,
            "DeviceModel": OfficialDevice.model, "OS": "iOS", "OSVersion": "17.3.1", "Manufacturer": "Apple", "AppType": "app",
            "StreamingTechnology": "HLS"
        ]
        let body: [String: Any] = [
            "Customer": "Sandbox", "BusinessUnit": "Dev", "SessionId": playSessionId, "analyticsBase": "http://127.0.0.1",
            "analyticsPercentage": 100, "analyticsPostInterval": 60, "Payload": [created], "DispatchTime": nowMs, "ClockOffset": 0
        ]
        return versioned
            ? .api(.post, "v2", "/eventsink/send", token: token, json: body)
            : .unversioned(.post, "/eventsink/send", token: token, json: body)
    }
}
