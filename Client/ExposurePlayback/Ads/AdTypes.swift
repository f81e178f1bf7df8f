import ExposureModels

/// An ad break on the timeline, under the official SDK's name for it.
public typealias MarkerPoint = AdMarker

/// What the user may do while an ad plays: the seed's `contractRestrictionService`.
public struct ContractRestrictionsPolicy: Sendable, Equatable {
    /// Whether seeking forward is allowed.
    public var fastForwardEnabled: Bool
    /// Whether seeking backward is allowed.
    public var rewindEnabled: Bool

    /// A policy.
    public init(fastForwardEnabled: Bool, rewindEnabled: Bool) {
        self.fastForwardEnabled = fastForwardEnabled
        self.rewindEnabled = rewindEnabled
    }
}

/// An ad clip about to play: the values of the seed's `onWillPresentInterstitial`.
public struct Interstitial: Sendable, Equatable {
    /// Seeking is off while the ad plays.
    public var contractRestrictionService: ContractRestrictionsPolicy
    /// Where a click on the ad leads, if anywhere.
    public var clickThroughUrl: String?
    /// Beacons to pass to ``Player/trackClickedAd(adTrackingUrls:)`` when the user clicks.
    public var adTrackingUrls: [String]
    /// The clip's duration, ms.
    public var adClipDuration: Int64
    /// How many ads the break holds.
    public var noOfAds: Int
    /// This ad's index in the break, from 0.
    public var adIndex: Int
}
