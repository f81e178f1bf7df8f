import Exposure

/// Server-side ad insertion: the seed's SSAI events and click tracking.
extension Player {
    /// SSAI playback started (instead of, or beside, `onPlaybackStarted`): content, ads and
    /// total duration in ms, and the ad breaks to mark on the timeline.
    @discardableResult
    public func onPlaybackStartWithAds(_ handler: @escaping @Sendable (Int64, Int64, Int64, [AdMarker]) -> Void) -> Player {
        listen { _, _, event in
            if case .playbackStartedWithAds(let vod, let ads, let total, let markers) = event { handler(vod, ads, total, markers) }
        }
    }

    /// An ad clip starts: policy, click-through URL, click tracking URLs, clip duration (ms),
    /// ads in the break and this ad's index in it.
    @discardableResult
    public func onWillPresentInterstitial(
        _ handler: @escaping @Sendable (ContractRestrictionsPolicy, String?, [String], Int64, Int, Int) -> Void
    ) -> Player {
        listen { _, _, event in
            if case .willPresentInterstitial(let ad) = event {
                handler(ad.contractRestrictionService, ad.clickThroughUrl, ad.adTrackingUrls, ad.adClipDuration, ad.noOfAds, ad.adIndex)
            }
        }
    }

    /// An ad clip ended; seeking follows the contract again.
    @discardableResult
    public func onDidPresentInterstitial(_ handler: @escaping @Sendable (ContractRestrictionsPolicy) -> Void) -> Player {
        listen { _, _, event in if case .didPresentInterstitial(let policy) = event { handler(policy) } }
    }

    /// The app must seek to this position (ms), typically `player.seek(toPosition: skipTime)`.
    @discardableResult
    public func onServerSideAdShouldSkip(_ handler: @escaping @Sendable (Int64) -> Void) -> Player {
        listen { _, _, event in if case .serverSideAdShouldSkip(let skipTime) = event { handler(skipTime) } }
    }

    /// Fires the click tracking beacons of an ad the user clicked (from `onWillPresentInterstitial`).
    public func trackClickedAd(adTrackingUrls: [String]) {
        session?.beacons.fire(adTrackingUrls)
    }

    /// Whether an ad is playing right now.
    public var isPresentingAd: Bool { session?.isPresentingAd ?? false }
}
