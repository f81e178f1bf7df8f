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

    /// The play request for this playback.
    func entitle(with entitlements: Entitlement) async throws(ExposureError) -> PlaybackEntitlement {
        try await entitlements.play(
            assetId: playable.assetId, materialProfile: materialProfile, adsOptions: adsOptions, customAdParams: customAdParams
        ).request()
    }
}
