/// Server-side inserted ads of an entitlement.
public struct Ads: Codable, Sendable, Equatable {
    /// Who stitched them; SSAI is active only for `NOWTILUS`.
    public var stitcher: String?
    /// The clips laid back to back: ads and content.
    public var clips: [AdClip]?

    /// Ads.
    public init(stitcher: String? = nil, clips: [AdClip]? = nil) {
        self.stitcher = stitcher
        self.clips = clips
    }
}

/// One clip of an SSAI timeline.
public struct AdClip: Codable, Sendable, Equatable {
    /// A title.
    public var title: String?
    /// The creative's id.
    public var titleId: String?
    /// `ad` or `vod`.
    public var category: String?
    /// Its duration, ms.
    public var duration: Int64?
    /// Impression beacons.
    public var impressionUrlTemplates: [String]?
    /// Click-through and click tracking.
    public var videoClicks: VideoClicks?
    /// Progress beacons.
    public var trackingEvents: TrackingEvents?

    /// A clip.
    public init(
        title: String? = nil, titleId: String? = nil, category: String? = nil, duration: Int64? = nil,
        impressionUrlTemplates: [String]? = nil, videoClicks: VideoClicks? = nil, trackingEvents: TrackingEvents? = nil
    ) {
        self.title = title
        self.titleId = titleId
        self.category = category
        self.duration = duration
        self.impressionUrlTemplates = impressionUrlTemplates
        self.videoClicks = videoClicks
        self.trackingEvents = trackingEvents
    }

    /// Whether this clip is an ad (as opposed to content).
    public var isAd: Bool { category?.lowercased() == "ad" }

    /// Click-through target and trackers.
    public struct VideoClicks: Codable, Sendable, Equatable {
        /// Where a click leads.
        public var clickThroughUrl: String?
        /// Beacons to fire on a click.
        public var clickTrackingUrls: [String]?

        /// Click data.
        public init(clickThroughUrl: String? = nil, clickTrackingUrls: [String]? = nil) {
            self.clickThroughUrl = clickThroughUrl
            self.clickTrackingUrls = clickTrackingUrls
        }
    }

    /// Beacons per playback milestone.
    public struct TrackingEvents: Codable, Sendable, Equatable {
        public var load: [String]?
        public var start: [String]?
        public var firstQuartile: [String]?
        public var midpoint: [String]?
        public var thirdQuartile: [String]?
        public var complete: [String]?

        /// Tracking events.
        public init(
            load: [String]? = nil, start: [String]? = nil, firstQuartile: [String]? = nil,
            midpoint: [String]? = nil, thirdQuartile: [String]? = nil, complete: [String]? = nil
        ) {
            self.load = load
            self.start = start
            self.firstQuartile = firstQuartile
            self.midpoint = midpoint
            self.thirdQuartile = thirdQuartile
            self.complete = complete
        }
    }
}
