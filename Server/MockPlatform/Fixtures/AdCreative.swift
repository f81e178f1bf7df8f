/// One entry of `ads.json`: an ad the SSAI stitcher can insert.
package struct AdCreative: Codable, Sendable, Equatable {
    /// The creative id, also its folder in the media manifest's `ads`.
    package var id: String
    /// A title for the clip.
    package var title: String
    /// Where a click on the ad leads.
    package var clickThroughUrl: String?
}
