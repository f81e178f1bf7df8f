extension PlayerEvent {
    /// The event's name as the seed's listeners call it (`playbackStarted`, `programChanged`, …),
    /// for logs, JSON lines and tests.
    public var name: String {
        switch self {
        case .playbackCreated: "playbackCreated"
        case .playbackPrepared: "playbackPrepared"
        case .playbackReady: "playbackReady"
        case .playbackStarted: "playbackStarted"
        case .playbackPaused: "playbackPaused"
        case .playbackResumed: "playbackResumed"
        case .playbackAborted: "playbackAborted"
        case .playbackCompleted: "playbackCompleted"
        case .programChanged: "programChanged"
        case .entitlementResponse: "entitlementResponse"
        case .bitrateChanged: "bitrateChanged"
        case .bufferingStarted: "bufferingStarted"
        case .bufferingStopped: "bufferingStopped"
        case .durationChanged: "durationChanged"
        case .dateRangeMetadataChanged: "dateRangeMetadataChanged"
        case .timedID3Metadata: "timedID3Metadata"
        case .mediaType: "mediaType"
        case .playbackScrubbed: "playbackScrubbed"
        case .playbackStartedWithAds: "playbackStartedWithAds"
        case .willPresentInterstitial: "willPresentInterstitial"
        case .didPresentInterstitial: "didPresentInterstitial"
        case .serverSideAd: "serverSideAd"
        case .clipStarted: "clipStarted"
        case .clipEnded: "clipEnded"
        case .serverSideAdShouldSkip: "serverSideAdShouldSkip"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
