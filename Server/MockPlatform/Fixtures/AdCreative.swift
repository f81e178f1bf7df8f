/// One entry of `ads.json`: an ad the SSAI stitcher can insert.
public struct AdCreative: Codable, Sendable, Equatable {
    /// The creative id, also its folder in the media manifest's `ads`.
    public var id: String
    /// A title for the clip.
    public var title: String
    /// Where a click on the ad leads.
    public var clickThroughUrl: String?
}
