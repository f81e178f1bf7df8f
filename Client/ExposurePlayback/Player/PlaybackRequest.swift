import Exposure

/// Everything `startPlayback` was given.
struct PlaybackRequest: Sendable {
    let playable: any Playable
    let properties: PlaybackProperties
    let adsOptions: AdsOptions?
    let enableAnalytics: Bool
    let materialProfile: String?
    let customAdParams: [String: String]
    let metadataIdentifiers: [String]
    let adobePrimetimeToken: String?
    /// Overrides of the device's make and model in the play request.
    let deviceMake: String?
    let deviceModel: String?

    /// Whether the playable is a download played from disk: no network at all.
    var isOffline: Bool { playable is OfflineMediaPlayable }

    /// The same request for another playable, started from `playFrom`: a catch-up program a
    /// seek went back to, or the channel it came from.
    func replacing(playable: any Playable, playFrom: PlaybackProperties.PlayFrom) -> PlaybackRequest {
        var properties = properties
        properties.playFrom = playFrom
        return PlaybackRequest(
            playable: playable, properties: properties, adsOptions: adsOptions, enableAnalytics: enableAnalytics,
            materialProfile: materialProfile, customAdParams: customAdParams, metadataIdentifiers: metadataIdentifiers,
            adobePrimetimeToken: adobePrimetimeToken, deviceMake: deviceMake, deviceModel: deviceModel)
    }

    /// The play request for this playback: the asset it entitled and its entitlement (a bare
    /// stream's stand-in, a download's own, without asking).
    func entitle(
        with entitlements: Entitlement, epg: FetchEpg, device: DeviceInfo
    ) async throws(ExposureError) -> (assetId: String, entitlement: PlaybackEntitlement) {
        if let stream = playable as? URLPlayable { return (stream.assetId, stream.standInEntitlement) }
        if let download = playable as? OfflineMediaPlayable { return (download.assetId, download.localEntitlement) }
        let assetId = try await playable.entitledAssetId(epg: epg)
        var device = device
        device.manufacturer = deviceMake ?? device.manufacturer
        device.model = deviceModel ?? device.model
        let entitlement = try await entitlements.play(
            assetId: assetId, materialProfile: materialProfile, device: device, adsOptions: adsOptions, customAdParams: customAdParams,
            adobePrimetimeToken: adobePrimetimeToken
        ).request()
        return (assetId, entitlement)
    }

    /// Ad parameters as the query carries them: the seed passes `[String: Any]` (`1`, `"x"`, `true`).
    static func queryValues(_ parameters: [String: Any]?) -> [String: String] {
        (parameters ?? [:]).mapValues { value in
            switch value {
            case let flag as Bool: flag ? "true" : "false"
            case let text as String: text
            default: "\(value)"
            }
        }
    }
}
